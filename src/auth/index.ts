import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import { AUTH_ACTIONS, type AuthDeps } from './actions';
import { authPages } from './pages';

export { AUTH_ACTIONS };

/** Sign-in and sign-out: {API}/auth/login, /logout, /refresh, and the /login page and forms. */
export function authFeature(deps: AuthDeps & { kit: ActionKit }): Feature {
  const { kit, ...actionDeps } = deps;
  const { api, forms } = mountActions(kit, AUTH_ACTIONS, actionDeps);
  return { api, pages: Router().use(forms, authPages({ render: deps.render })) };
}
