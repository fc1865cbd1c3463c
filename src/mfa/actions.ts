import type { Request } from 'express';
import { declareFor } from '../access/action';
import { startSession } from '../auth/session-control';
import { ServiceError } from '../shared/errors';
import { publicUser } from '../shared/session';
import { qrSvg } from './qr';
import { codeSchema, passwordChangeSchema } from './schema';
import { MFA_MESSAGES, type MfaService, type MfaSetup } from './service';
import { currentStep, endStep, refuseCode } from './session';

export type MfaDeps = { mfa: MfaService };
const action = declareFor<MfaDeps>();
const CATEGORY = 'Authentication';
/** The Account page's actions: every signed-in person, for their own account. */
const EVERYONE_WRITES = { user: 'w', admin: 'w', reti: 'w', client: 'w' } as const;
const SIGN_IN_OFF =
  'Accounts with two-factor sign-in (and administrators of firms that require it) cannot finish signing in.';

export const ACCOUNT_MESSAGES = {
  enabled: 'Two-factor sign-in is on. Save your recovery codes now.',
  disabled: 'Two-factor sign-in is off.',
  passwordChanged: 'Your password is changed. Every other session of your account was signed out.',
} as const;

/** The secret the session is enrolling, or a refusal: the setup (GET) must come first. */
function pendingSecret(req: Request): string {
  const sealed = req.session?.totpPending;
  if (!sealed) throw new ServiceError('conflict', MFA_MESSAGES.noSetup);
  return sealed;
}

/** How long new recovery codes stay on their page (to copy, download or print) unless Continue puts them away. */
export const CODES_SHOWN_MINUTES = 15;

/** New recovery codes, and the same sealed for the page that shows them once (never in a JSON answer). */
const newCodes = (deps: MfaDeps, recoveryCodes: string[]) => ({
  recoveryCodes,
  sealedCodes: deps.mfa.sealCodes(recoveryCodes),
});

/** An answer without the sealed codes: the API gives the codes themselves, once. */
const withoutSealed = <T extends { sealedCodes: string }>({ sealedCodes: _sealed, ...rest }: T) => rest;

/**
 * Keeps new recovery codes in the session for the page that shows them once (to copy, download or print),
 * until Continue or CODES_SHOWN_MINUTES; `continueTo` is where that page leads on.
 */
export function keepCodesShown(req: Request, sealedCodes: string, continueTo: string): void {
  req.session.freshCodes = {
    sealed: sealedCodes,
    continueTo,
    until: Date.now() + CODES_SHOWN_MINUTES * 60_000,
  };
}

export const verifyMfa = action({
  name: 'Verify Two-Factor Code',
  category: CATEGORY,
  description: 'Finish signing in with a code from the authenticator app or a recovery code.',
  method: 'POST',
  route: '/auth/mfa',
  // Public: the session of a sign-in's second step holds no user yet; the step is checked here.
  public: true,
  whenOff: SIGN_IN_OFF,
  input: codeSchema,
  async run({ deps, req }, input) {
    const step = currentStep(req, 'required');
    const outcome = await deps.mfa.finishSignIn(step, input.code);
    if ('refused' in outcome) refuseCode(req, step, outcome.refused, MFA_MESSAGES.wrongCode);
    await startSession(req, outcome.user);
    await deps.mfa.recordLogin(outcome.user);
    return publicUser(outcome.user);
  },
});

export const getMfaSetup = action({
  name: 'Get Two-Factor Setup',
  category: CATEGORY,
  description: 'The secret to add to an authenticator app, as text, otpauth URI and QR code (SVG).',
  method: 'GET',
  route: '/auth/mfa/setup',
  // Public: an enrolling sign-in holds no user yet; a signed-in person enrolls from the Account page.
  public: true,
  whenOff: `${SIGN_IN_OFF} Nobody can turn two-factor sign-in on.`,
  async run({ deps, req, res, actor }): Promise<MfaSetup> {
    // The answer is a secret: no cache may keep it.
    res.set('Cache-Control', 'no-store');
    let loginId: string;
    if (actor) {
      await deps.mfa.mayEnroll(actor.id);
      loginId = actor.loginId;
    } else {
      const found = await deps.mfa.stepLoginId(currentStep(req, 'enroll'));
      if (!found) {
        endStep(req);
        throw new ServiceError('unauthenticated', MFA_MESSAGES.closed);
      }
      loginId = found;
    }
    const sealed = req.session.totpPending;
    if (sealed) return deps.mfa.setupOf(loginId, sealed);
    const fresh = deps.mfa.newSetup(loginId);
    req.session.totpPending = fresh.sealed;
    return fresh.setup;
  },
  answer: (setup) => ({ secret: setup.secret, otpauthUri: setup.otpauthUri, qrSvg: qrSvg(setup.qr) }),
});

export const confirmMfaSetup = action({
  name: 'Confirm Two-Factor Setup',
  category: CATEGORY,
  description: "Finish an enrolling sign-in with the app's first code; answers the recovery codes, once.",
  method: 'POST',
  route: '/auth/mfa/setup',
  public: true,
  whenOff: SIGN_IN_OFF,
  input: codeSchema,
  async run({ deps, req }, input) {
    const step = currentStep(req, 'enroll');
    const outcome = await deps.mfa.finishEnrollment(step, pendingSecret(req), input.code);
    if ('refused' in outcome) refuseCode(req, step, outcome.refused, MFA_MESSAGES.wrongSetupCode);
    await startSession(req, outcome.user);
    await deps.mfa.recordLogin(outcome.user);
    return { user: publicUser(outcome.user), ...newCodes(deps, outcome.recoveryCodes) };
  },
  answer: withoutSealed,
});

export const getAccount = action({
  name: 'Get Account',
  category: CATEGORY,
  description: "The signed-in person's own account: two-factor sign-in and the password rule.",
  method: 'GET',
  route: '/auth/account',
  grants: { user: 'r', admin: 'r', reti: 'r', client: 'r' },
  own: true,
  run: ({ deps, actor }) => deps.mfa.account(actor),
});

export const enableMfa = action({
  name: 'Turn On Two-Factor Sign-In',
  category: CATEGORY,
  description: 'Turn two-factor sign-in on with a first code from the app; answers the recovery codes, once.',
  method: 'POST',
  route: '/auth/mfa/enable',
  grants: EVERYONE_WRITES,
  own: true,
  input: codeSchema,
  async run({ deps, req, actor }, input) {
    const recoveryCodes = await deps.mfa.enable(actor, pendingSecret(req), input.code);
    delete req.session.totpPending;
    return newCodes(deps, recoveryCodes);
  },
  answer: withoutSealed,
});

export const disableMfa = action({
  name: 'Turn Off Two-Factor Sign-In',
  category: CATEGORY,
  description: 'Turn two-factor sign-in off with a current code, unless the firm requires it.',
  method: 'POST',
  route: '/auth/mfa/disable',
  grants: EVERYONE_WRITES,
  own: true,
  input: codeSchema,
  async run({ deps, actor }, input) {
    await deps.mfa.disable(actor, input.code);
    return { message: ACCOUNT_MESSAGES.disabled };
  },
});

export const regenerateRecoveryCodes = action({
  name: 'Make New Recovery Codes',
  category: CATEGORY,
  description: 'Ten new recovery codes for a current code; the old ones stop working. Answers them, once.',
  method: 'POST',
  route: '/auth/mfa/recovery-codes',
  grants: EVERYONE_WRITES,
  own: true,
  input: codeSchema,
  async run({ deps, actor }, input) {
    return newCodes(deps, await deps.mfa.regenerateCodes(actor, input.code));
  },
  answer: withoutSealed,
});

export const changePassword = action({
  name: 'Change Password',
  category: CATEGORY,
  description: "Change one's own password (the firm's policy); every other session of the account ends.",
  method: 'POST',
  route: '/auth/password/change',
  grants: EVERYONE_WRITES,
  own: true,
  input: passwordChangeSchema,
  async run({ deps, req, actor }, input) {
    await deps.mfa.changePassword(actor, {
      currentPassword: input.current_password,
      password: input.password,
    });
    // Every session of the account ended with the change; this one goes on, under a new ID.
    await startSession(req, actor);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  },
});

export const getShownRecoveryCodes = action({
  name: 'Get New Recovery Codes',
  category: CATEGORY,
  description: 'The recovery codes just made, while their page is open (until Continue, or 15 minutes).',
  method: 'GET',
  route: '/auth/mfa/recovery-codes',
  grants: { user: 'r', admin: 'r', reti: 'r', client: 'r' },
  own: true,
  async run({ deps, req, res }) {
    // The answer is a secret: no cache may keep it.
    res.set('Cache-Control', 'no-store');
    if (Date.now() > (req.session.freshCodes?.until ?? 0)) delete req.session.freshCodes;
    const shown = req.session.freshCodes;
    if (!shown) throw new ServiceError('not-found', MFA_MESSAGES.noCodesShown);
    return { codes: deps.mfa.openCodes(shown.sealed), continueTo: shown.continueTo };
  },
});

export const putAwayRecoveryCodes = action({
  name: 'Put Away Recovery Codes',
  category: CATEGORY,
  description:
    "Continue from the new recovery codes' page: they are not shown again. Answers where to go on.",
  method: 'POST',
  route: '/auth/mfa/recovery-codes/done',
  grants: EVERYONE_WRITES,
  own: true,
  async run({ req }) {
    // None shown (put away already, or never made): nothing to do, said as such (the page goes to Account).
    const shown = req.session.freshCodes;
    if (!shown) throw new ServiceError('not-found', MFA_MESSAGES.noCodesShown);
    delete req.session.freshCodes;
    return { continueTo: shown.continueTo };
  },
});

export const MFA_ACTIONS = {
  verifyMfa,
  getMfaSetup,
  confirmMfaSetup,
  getAccount,
  enableMfa,
  disableMfa,
  regenerateRecoveryCodes,
  changePassword,
  getShownRecoveryCodes,
  putAwayRecoveryCodes,
};
