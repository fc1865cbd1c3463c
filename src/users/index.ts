import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { USERS_ACTIONS } from './actions';
import { USERS_PAGES } from './pages';
import type { UserAdminService } from './service';

export { USERS_ACTIONS };

/** User Management: /admin/users and its forms, and {API}/users. */
export function usersFeature(deps: { kit: ActionKit; users: UserAdminService }): Feature {
  const { kit, users } = deps;
  return { api: kit.api(Object.values(USERS_ACTIONS), { users }), pages: kit.pages(USERS_PAGES) };
}
