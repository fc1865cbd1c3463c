import { Router } from 'express';
import { idParam, parseInput } from '../http/validation';
import { actionPatchSchema, actionSchema, permissionRowSchema } from './schema';
import type { AccessService } from './service';

const ACTION_NOT_FOUND = 'Action not found.';

/** {API}/actions and {API}/permissions: the catalogue and the matrix, for platform staff. */
export function accessApi(deps: { access: AccessService }): Router {
  const { access } = deps;
  const router = Router();

  router.get('/actions', async (_req, res) => {
    res.json(await access.listActions());
  });
  router.post('/actions', async (req, res) => {
    res.status(201).json(await access.createAction(req.session.user!, parseInput(actionSchema, req.body)));
  });
  router.put('/actions/:id', async (req, res) => {
    const id = idParam(req.params.id, ACTION_NOT_FOUND);
    res.json(await access.updateAction(req.session.user!, id, parseInput(actionSchema, req.body)));
  });
  router.patch('/actions/:id', async (req, res) => {
    const id = idParam(req.params.id, ACTION_NOT_FOUND);
    res.json(await access.updateAction(req.session.user!, id, parseInput(actionPatchSchema, req.body)));
  });
  router.delete('/actions/:id', async (req, res) => {
    await access.deleteAction(req.session.user!, idParam(req.params.id, ACTION_NOT_FOUND));
    res.status(204).end();
  });

  router.get('/permissions', async (_req, res) => {
    res.json(await access.listPermissions());
  });
  router.put('/permissions/:actionId', async (req, res) => {
    const id = idParam(req.params.actionId, ACTION_NOT_FOUND);
    res.json(await access.savePermissions(req.session.user!, id, parseInput(permissionRowSchema, req.body)));
  });

  return router;
}
