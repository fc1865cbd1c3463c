import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { ADMIN_ACTIONS } from './actions';
import { ADMIN_PAGES } from './pages';
import type { AdminService } from './service';

export { ADMIN_ACTIONS };

/** The firm administrator's dashboard and data cleanup, and {API}/dashboard, /activity and /cleanup. */
export function adminFeature(deps: { kit: ActionKit; admin: AdminService }): Feature {
  const { kit, admin } = deps;
  return { api: kit.api(Object.values(ADMIN_ACTIONS), { admin }), pages: kit.pages(ADMIN_PAGES) };
}
