import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { AUTH_ACTIONS, authFeature as mountAuth } from '.';
import { AUTH_PAGES } from './pages';
import { sessionStoreCheck, startSessionPruning } from './session';

/** Sign-in, sign-out and sessions (pruned in the background). */
export const authFeature = declareFeature({
  name: 'auth',
  actions: AUTH_ACTIONS,
  pages: AUTH_PAGES,
  tables: [{ table: 'sessions', leftOut: 'Signed-in sessions: a restore never signs anyone in.' }],
  mount: (s: Services) => {
    let stopPruning: (() => Promise<void>) | undefined;
    const routes = mountAuth({
      kit: s.kit,
      auth: s.auth,
      cookieName: s.cookieName,
      sessionsReady: sessionStoreCheck({ redis: s.redis }),
      secondStep: s.mfa.secondStepFor,
    });
    return {
      ...routes,
      start: async () => void (stopPruning = startSessionPruning({ sessions: s.sessions, logger: s.logger })),
      stop: async () => stopPruning?.(),
    };
  },
});
