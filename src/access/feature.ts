import { declareFeature } from './feature-declaration';
import type { Services } from '../services';
import { ACCESS_ACTIONS, accessFeature as mountAccess } from '.';
import { ACCESS_PAGES } from './pages';

/** The actions catalog and permission matrix: Role Management and Actions Management. */
export const accessFeature = declareFeature({
  name: 'access',
  actions: ACCESS_ACTIONS,
  pages: ACCESS_PAGES,
  mount: (s: Services) => mountAccess({ kit: s.kit, access: s.access }),
});
