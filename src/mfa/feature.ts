import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { MFA_ACTIONS, mfaFeature as mountMfa } from '.';
import { MFA_PAGES } from './pages';

/** Two-factor sign-in: setting it up, its second step, recovery codes. */
export const mfaFeature = declareFeature({
  name: 'mfa',
  actions: MFA_ACTIONS,
  pages: MFA_PAGES,
  tables: [
    {
      table: 'recovery_codes',
      leftOut: 'Two-factor sign-in is enrolled again after a restore (its secret is not kept).',
    },
  ],
  mount: (s: Services) => mountMfa({ kit: s.kit, mfa: s.mfa }),
});
