import { declareFor } from '../access/action';
import { demoLoginSchema } from '../auth/schema';
import type { AuthService } from '../auth/service';
import { endSession, startSession } from '../auth/session-control';
import { ServiceError } from '../shared/errors';
import { publicUser } from '../shared/session';
import { DEMO_ACCOUNTS } from './accounts';

export type DemoDeps = { auth: AuthService; demo: boolean; cookieName: string };
const action = declareFor<DemoDeps>();
const CATEGORY = 'Demo';
const WHEN_OFF = 'The demo sign-in that trial users start from stops working.';

/** While the demo data set is off, the demo endpoints are no endpoints at all. */
const requireDemo = (deps: DemoDeps) => {
  if (!deps.demo) throw new ServiceError('not-found', 'Not found.');
};

export const demoLogIn = action({
  name: 'Demo Log In',
  category: CATEGORY,
  description: 'Start a session as the demo user of a role.',
  method: 'POST',
  route: '/demo/login',
  public: true,
  whenOff: WHEN_OFF,
  input: demoLoginSchema,
  badInput: 'role must be one of user, admin or reti.',
  async run({ deps, req }, input) {
    requireDemo(deps);
    const user = await deps.auth.userByLoginId(DEMO_ACCOUNTS[input.role].loginId);
    if (!user) throw new ServiceError('not-found', 'The demo account for this role does not exist.');
    await startSession(req, user);
    return publicUser(user);
  },
});

export const demoLogOut = action({
  name: 'Demo Log Out',
  category: CATEGORY,
  description: 'End the demo session.',
  method: 'POST',
  route: '/demo/logout',
  public: true,
  whenOff: WHEN_OFF,
  async run({ deps, req, res }) {
    requireDemo(deps);
    await endSession(req, res, deps.cookieName);
    return { ok: true };
  },
});

export const demoMe = action({
  name: 'Current Demo User',
  category: CATEGORY,
  description: 'The signed-in user, or 401.',
  method: 'GET',
  route: '/demo/me',
  public: true,
  whenOff: WHEN_OFF,
  async run({ req, actor }) {
    if (!actor)
      throw new ServiceError(req.sessionUnavailable ? 'unavailable' : 'unauthenticated', 'Not signed in.');
    return publicUser(actor);
  },
});

export const DEMO_ACTIONS = { demoLogIn, demoLogOut, demoMe };
