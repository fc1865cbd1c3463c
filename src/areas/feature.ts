import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { AREA_PAGES } from './pages';

/** The signed-in areas' entry paths (/user, /admin, /reti), each to its home. */
export const areasFeature = declareFeature({
  name: 'areas',
  pages: AREA_PAGES,
  mount: (s: Services) => ({ pages: s.kit.pages(AREA_PAGES) }),
});
