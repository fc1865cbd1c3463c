import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { ADMIN_ACTIONS, adminFeature as mountAdmin } from '.';

/** The administrator's dashboard and data cleanup. */
export const adminFeature = declareFeature({
  name: 'admin',
  actions: ADMIN_ACTIONS,
  mount: (s: Services) => mountAdmin({ kit: s.kit, admin: s.admin, render: s.render }),
});
