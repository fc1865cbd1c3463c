import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { AUTH_ACTIONS } from './actions';
import { authPages } from './pages';
import type { AuthService } from './service';

export { AUTH_ACTIONS };

/** Sign-in and sign-out: {API}/auth/login, /logout, /refresh, and the /login page and forms. */
export function authFeature(deps: {
  kit: ActionKit;
  auth: AuthService;
  render: Renderer;
  cookieName: string;
}): Feature {
  const { kit, ...actionDeps } = deps;
  const { api, forms } = mountActions(kit, AUTH_ACTIONS, actionDeps);
  return { api, pages: Router().use(forms, authPages({ render: deps.render })) };
}
