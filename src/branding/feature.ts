import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { BRANDING_ACTIONS, brandingFeature as mountBranding } from '.';

/** A firm's look: its color and logo. */
export const brandingFeature = declareFeature({
  name: 'branding',
  actions: BRANDING_ACTIONS,
  mount: (s: Services) => mountBranding({ kit: s.kit, branding: s.branding, render: s.render }),
});
