import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { ADMIN_ACTIONS } from './actions';
import { adminPages } from './pages';
import type { AdminService } from './service';

export { ADMIN_ACTIONS };

/** The firm administrator's dashboard and data cleanup, and {API}/dashboard, /activity and /cleanup. */
export function adminFeature(deps: { kit: ActionKit; admin: AdminService; render: Renderer }): Feature {
  const { kit, admin, render } = deps;
  const { api, forms, bound } = mountActions(kit, ADMIN_ACTIONS, { admin, render });
  return { api, pages: Router().use(forms, adminPages({ actions: bound, render })) };
}
