import { type RequestHandler, Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { PASSWORD_ACTIONS } from './actions';
import { passwordPages } from './pages';
import type { PasswordsService } from './service';

export { PASSWORD_ACTIONS };

// The token is a credential: pages that carry it are never stored by a cache.
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** "Forgot password?" and reset links: {API}/auth/password/forgot and /reset, and their pages. */
export function passwordsFeature(deps: {
  kit: ActionKit;
  passwords: PasswordsService;
  render: Renderer;
}): Feature {
  const { kit, passwords, render } = deps;
  const { api, forms } = mountActions(kit, PASSWORD_ACTIONS, { passwords, render });
  const pageRouter = Router();
  pageRouter.use(pages.passwordReset(':token'), noStore);
  pageRouter.use(forms, passwordPages({ passwords, render }));
  return { api, pages: pageRouter, stop: () => passwords.stop() };
}
