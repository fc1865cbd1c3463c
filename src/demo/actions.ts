import { declareFor } from '../access/action';
import { demoLoginSchema } from './schema';
import type { AuthService } from '../auth/service';
import type { SecondStep } from '../auth/session';
import { endSession, startSecondStep, startSession } from '../auth/session-control';
import { ServiceError } from '../shared/errors';
import { type MfaAnswer, publicUser, type SessionUser } from '../shared/session';
import { DEMO_ACCOUNTS, DEMO_FIRM, DEMO_ROLE } from './accounts';

const DEMO_MESSAGES = {
  roleRefused: `The demo signs in only as a user of the demo firm (role "${DEMO_ROLE}"); sign in with a password for any other role.`,
  unavailable: 'The demo account is not available: it is suspended, locked or no longer in the demo firm.',
} as const;

export type DemoDeps = {
  auth: AuthService;
  demo: boolean;
  cookieName: string;
  /** The second step (two-factor) a sign-in of this account needs, or null. */
  secondStep: (user: SessionUser) => Promise<SecondStep | null>;
};
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
  description: "Start a session as the demo firm's user.",
  method: 'POST',
  route: '/demo/login',
  public: true,
  whenOff: WHEN_OFF,
  input: demoLoginSchema,
  badInput: 'role must be text, and the demo signs in only "user".',
  /**
   * The demo never gives more than its password would: the demo firm's own user, only while that
   * account could sign in (active, not locked, its firm open); never staff or an administrator.
   */
  async run({ deps, req }, input) {
    requireDemo(deps);
    if (input.role !== DEMO_ROLE) throw new ServiceError('forbidden', DEMO_MESSAGES.roleRefused);
    const found = await deps.auth.passwordlessSignIn(DEMO_ACCOUNTS[DEMO_ROLE].loginId);
    if (!found || found.user.role !== DEMO_ROLE || found.firm?.name !== DEMO_FIRM.name)
      throw new ServiceError('forbidden', DEMO_MESSAGES.unavailable);
    // Its owner may have turned two-factor sign-in on: then the demo, like the password, only begins.
    const second = await deps.secondStep(found.user);
    if (second) {
      await startSecondStep(req, second);
      return { mfa: second.step } satisfies MfaAnswer;
    }
    await startSession(req, found.user);
    return publicUser(found.user);
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
