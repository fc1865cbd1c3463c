import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { BRANDING_ACTIONS, brandingFeature as mountBranding } from '.';
import { BRANDING_PAGES } from './pages';

/** A firm's look: its color and logo. */
export const brandingFeature = declareFeature({
  name: 'branding',
  actions: BRANDING_ACTIONS,
  pages: BRANDING_PAGES,
  mount: (s: Services) => mountBranding({ kit: s.kit, branding: s.branding }),
});
