import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { AUTH_ACTIONS, type AuthDeps } from './actions';
import { AUTH_PAGES } from './pages';

export { AUTH_ACTIONS };

/** Sign-in and sign-out: {API}/auth/login, /logout, /refresh, and the /login page and forms. */
export function authFeature(deps: AuthDeps & { kit: ActionKit }): Feature {
  const { kit, ...actionDeps } = deps;
  return { api: kit.api(Object.values(AUTH_ACTIONS), actionDeps), pages: kit.pages(AUTH_PAGES) };
}
