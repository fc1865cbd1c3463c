import { Router } from 'express';
import { FIRM_NOT_FOUND } from '../firms/service';
import { idParam, parseInput } from '../http/validation';
import { registerSchema } from './schema';
import type { InvitationsService } from './service';

/** POST {API}/firms/{id}/invitations (staff) and POST {API}/auth/register (anyone holding a link). */
export function invitationsApi(deps: { invitations: InvitationsService }): Router {
  const { invitations } = deps;
  const router = Router();

  router.post('/firms/:id/invitations', async (req, res) => {
    const firmId = idParam(req.params.id, FIRM_NOT_FOUND);
    const { delivery, message } = await invitations.inviteFirm(req.session.user!, firmId);
    // 202: the invitation exists, its email is still on its way.
    res.status(delivery === 'sent' ? 201 : 202).json({ message, delivery });
  });

  router.post('/auth/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    res
      .status(201)
      .json(await invitations.accept(input.token, { userId: input.user_id, password: input.password }));
  });

  return router;
}
