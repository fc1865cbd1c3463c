import { declareFeature } from '../access/feature-declaration';
import { areaPages } from '.';

/** The signed-in areas' entry paths (/user, /admin, /reti), each to its home. */
export const areasFeature = declareFeature({
  name: 'areas',
  mount: () => ({ pages: areaPages() }),
});
