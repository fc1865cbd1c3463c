import { Router } from 'express';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { showForgot, showGone, showReset } from './forms';
import type { PasswordsService } from './service';

/** /password/forgot asks for a link; /password/reset/{token}, opened from the email, sets the password. */
export function passwordPages(deps: { passwords: PasswordsService; render: Renderer }): Router {
  const router = Router();
  router.get(pages.passwordForgot, (req, res) => showForgot(deps.render, req, res));
  router.get(pages.passwordReset(':token'), async (req, res) => {
    const token = String(req.params.token);
    const { state, policy } = await deps.passwords.view(token);
    if (state !== 'valid') return showGone(deps.render, req, res, state);
    showReset(deps.render, req, res, { token, policy });
  });
  return router;
}
