import { declareFor } from '../access/action';
import { MESSAGES } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import { type MfaAnswer, publicUser, type SessionUser } from '../shared/session';
import { loginSchema } from './schema';
import type { AuthService } from './service';
import type { SecondStep } from './session';
import { endSession, startSecondStep, startSession } from './session-control';

export type AuthDeps = {
  auth: AuthService;
  cookieName: string;
  /** Whether a session could be stored now (see sessionStoreCheck). */
  sessionsReady: () => Promise<boolean>;
  /** The second step (two-factor) this sign-in needs, or null (the composition root wires the mfa feature). */
  secondStep: (user: SessionUser) => Promise<SecondStep | null>;
};
const action = declareFor<AuthDeps>();

export const logIn = action({
  name: 'Log In',
  category: 'Authentication',
  description: 'Start a session with a user ID and password.',
  method: 'POST',
  route: '/auth/login',
  public: true,
  whenOff:
    'Nobody can sign in: the Login modal, the /login page and the invitation step after it stop working.',
  input: loginSchema,
  badInput: 'User ID and Password are both required.',
  async run({ deps, req }, input) {
    if (!(await deps.sessionsReady())) throw new ServiceError('unavailable', MESSAGES.signInUnavailable);
    const user = await deps.auth.authenticate(input.user_id, input.password);
    if (!user) throw new ServiceError('unauthenticated', MESSAGES.loginFailed);
    // A second step holds no user: the failure count is cleared only once it is done too.
    const second = await deps.secondStep(user);
    if (second) {
      await startSecondStep(req, user.language ? { ...second, language: user.language } : second);
      return { mfa: second.step } satisfies MfaAnswer;
    }
    await startSession(req, user);
    await deps.auth.recordLogin(user);
    return publicUser(user);
  },
});

export const logOut = action({
  name: 'Log Out',
  category: 'Authentication',
  description: 'End the current session.',
  method: 'POST',
  route: '/auth/logout',
  public: true,
  whenOff: 'Nobody can log out with the Logout button; sessions then end only when they expire.',
  async run({ deps, req, res }) {
    await endSession(req, res, deps.cookieName);
    return { ok: true };
  },
});

export const refreshSession = action({
  name: 'Refresh Session',
  category: 'Authentication',
  description: 'Extend the session.',
  method: 'POST',
  route: '/auth/refresh',
  grants: { user: 'w', admin: 'w', reti: 'w', client: 'w' },
  own: true,
  async run({ deps, req, res, actor }) {
    const user = await deps.auth.userById(actor.id);
    if (!user) {
      await endSession(req, res, deps.cookieName);
      throw new ServiceError('unauthenticated', 'Sign in first.');
    }
    req.session.user = user;
    req.session.touch();
    return publicUser(user);
  },
});

export const AUTH_ACTIONS = { logIn, logOut, refreshSession };
