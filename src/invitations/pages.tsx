import { Router } from 'express';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { showGone, showInvite } from './forms';
import type { InvitationsService } from './service';

/** /invite/{token}: anyone holding the link chooses a user ID (a firm's first administrator) or a password. */
export function invitePages(deps: { invitations: InvitationsService; render: Renderer }): Router {
  const router = Router();
  router.get(pages.invite(':token'), async (req, res) => {
    const token = String(req.params.token);
    const view = await deps.invitations.view(token);
    if (view.state !== 'valid') return showGone(deps.render, req, res, view.state);
    showInvite(deps.render, req, res, {
      token,
      firmName: view.firmName,
      loginId: view.loginId,
      policy: view.policy,
    });
  });
  return router;
}
