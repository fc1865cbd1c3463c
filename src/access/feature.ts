import { declareFeature } from './feature-declaration';
import type { Services } from '../services';
import { ACCESS_ACTIONS, accessFeature as mountAccess } from '.';

/** The actions catalog and permission matrix: Role Management and Actions Management. */
export const accessFeature = declareFeature({
  name: 'access',
  actions: ACCESS_ACTIONS,
  mount: (s: Services) => mountAccess({ kit: s.kit, access: s.access, render: s.render }),
});
