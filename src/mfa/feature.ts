import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { MFA_ACTIONS, mfaFeature as mountMfa } from '.';

/** Two-factor sign-in: setting it up, its second step, recovery codes. */
export const mfaFeature = declareFeature({
  name: 'mfa',
  actions: MFA_ACTIONS,
  tables: [
    {
      table: 'recovery_codes',
      leftOut: 'Two-factor sign-in is enrolled again after a restore (its secret is not kept).',
    },
  ],
  mount: (s: Services) => mountMfa({ kit: s.kit, mfa: s.mfa, render: s.render }),
});
