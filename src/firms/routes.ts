import { Router } from 'express';
import { z } from 'zod';
import { idParam, parseInput } from '../http/validation';
import { firmSchema, firmUpdateSchema, firmUserSchema } from './schema';
import { FIRM_NOT_FOUND, type FirmsService } from './service';

const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be 1 to 200' }).int().min(1).max(200).default(50),
});

/** {API}/firms and {API}/firms/{id}/users; the matrix decides who may call, the service which rows. */
export function firmsApi(deps: { firms: FirmsService }): Router {
  const { firms } = deps;
  const router = Router();
  const firmId = (value: unknown) => idParam(value, FIRM_NOT_FOUND);

  router.get('/firms', async (req, res) => {
    const { page, pageSize } = parseInput(pageQuery, req.query);
    res.json(await firms.list(req.session.user!, page, pageSize));
  });
  router.post('/firms', async (req, res) => {
    res.status(201).json(await firms.create(req.session.user!, parseInput(firmSchema, req.body)));
  });
  router.get('/firms/:id', async (req, res) => {
    res.json(await firms.get(req.session.user!, firmId(req.params.id)));
  });
  router.put('/firms/:id', async (req, res) => {
    const id = firmId(req.params.id);
    res.json(await firms.update(req.session.user!, id, parseInput(firmUpdateSchema, req.body)));
  });
  router.delete('/firms/:id', async (req, res) => {
    await firms.delete(req.session.user!, firmId(req.params.id));
    res.status(204).end();
  });
  router.get('/firms/:id/users', async (req, res) => {
    res.json(await firms.listUsers(req.session.user!, firmId(req.params.id)));
  });
  router.post('/firms/:id/users', async (req, res) => {
    const id = firmId(req.params.id);
    res.status(201).json(await firms.createUser(req.session.user!, id, parseInput(firmUserSchema, req.body)));
  });

  return router;
}
