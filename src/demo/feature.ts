import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { DEMO_ACTIONS, demoFeature as mountDemo } from '.';

/** The demo sign-in (SPEC §7: /demo/login, /demo/logout, /demo/me). */
export const demoFeature = declareFeature({
  name: 'demo',
  actions: DEMO_ACTIONS,
  mount: (s: Services) =>
    mountDemo({
      kit: s.kit,
      auth: s.auth,
      demo: s.config.demo,
      cookieName: s.cookieName,
      secondStep: s.mfa.secondStepFor,
    }),
});
