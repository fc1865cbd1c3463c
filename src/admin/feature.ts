import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { ADMIN_ACTIONS, adminFeature as mountAdmin } from '.';
import { ADMIN_PAGES } from './pages';

/** The administrator's dashboard and data cleanup. */
export const adminFeature = declareFeature({
  name: 'admin',
  actions: ADMIN_ACTIONS,
  pages: ADMIN_PAGES,
  mount: (s: Services) => mountAdmin({ kit: s.kit, admin: s.admin }),
});
