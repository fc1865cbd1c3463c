import type { Feature } from '../http/feature';
import { ACCESS_ACTIONS } from './actions';
import type { ActionKit } from './kit';
import { ACCESS_PAGES } from './pages';
import type { AccessService } from './service';

export { ACCESS_ACTIONS };

/** Access control: Role Management and Actions Management, and {API}/actions and /permissions. */
export function accessFeature(deps: { kit: ActionKit; access: AccessService }): Feature {
  const { kit, access } = deps;
  return {
    api: kit.api(Object.values(ACCESS_ACTIONS), { access }),
    pages: kit.pages(ACCESS_PAGES),
    start: async () => void (await access.start()),
    stop: () => access.stop(),
  };
}
