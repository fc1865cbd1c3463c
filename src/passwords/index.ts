import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { PASSWORD_ACTIONS } from './actions';
import { passwordPages } from './pages';
import type { PasswordsService } from './service';

export { PASSWORD_ACTIONS };

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
