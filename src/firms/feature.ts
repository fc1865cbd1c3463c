import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { FIRM_ACTIONS, firmsFeature as mountFirms } from '.';
import { FIRM_PAGES } from './pages';

/** Firms: the staff's dashboard, onboarding and firm pages, and {API}/firms. */
export const firmsFeature = declareFeature({
  name: 'firms',
  actions: FIRM_ACTIONS,
  pages: FIRM_PAGES,
  tables: [{ table: 'firms', scope: { kind: 'firm' }, key: ['id'], ids: ['id'] }],
  mount: (s: Services) => mountFirms({ kit: s.kit, firms: s.firms }),
});
