import { Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import { pages } from '../shared/paths';
import { PASSWORD_ACTIONS } from './actions';
import { PASSWORD_PAGES } from './pages';
import type { PasswordsService } from './service';

export { PASSWORD_ACTIONS };

/** "Forgot password?" and reset links: {API}/auth/password/forgot and /reset, and their pages. */
export function passwordsFeature(deps: { kit: ActionKit; passwords: PasswordsService }): Feature {
  const { kit, passwords } = deps;
  const pageRouter = Router();
  // A reset link's page holds its secret token: no cache keeps it.
  pageRouter.use(pages.passwordReset(':token'), noStore);
  pageRouter.use(kit.pages(PASSWORD_PAGES));
  return {
    api: kit.api(Object.values(PASSWORD_ACTIONS), { passwords }),
    pages: pageRouter,
    stop: () => passwords.stop(),
  };
}
