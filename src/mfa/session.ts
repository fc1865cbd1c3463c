import type { Request } from 'express';
import type { SecondStep } from '../auth/session';
import { ServiceError } from '../shared/errors';
import type { MfaStep } from '../shared/session';
import { MAX_CODE_TRIES, MFA_MESSAGES, STEP_MINUTES } from './service';

declare module 'express-session' {
  interface SessionData {
    /** The TOTP secret being set up, sealed, until a code from it confirms it. */
    totpPending: string;
    /**
     * New recovery codes, sealed, while their page is open (to copy, download, print), until Continue or
     * `until` (ms since the epoch); and where that page leads on.
     */
    freshCodes: { sealed: string; continueTo: string; until: number };
  }
}

/** Ends a sign-in's second step: the session keeps nothing that could finish it. */
export function endStep(req: Request): void {
  if (!req.session) return;
  delete req.session.mfa;
  delete req.session.totpPending;
}

/**
 * The session's second step, when it is the one wanted and still in time; otherwise a refusal (401: log
 * in first or again; 409: the other step is the one to take).
 */
export function currentStep(req: Request, want: MfaStep): SecondStep {
  const step = req.session?.mfa;
  if (!step) throw new ServiceError('unauthenticated', MFA_MESSAGES.noStep);
  if (Date.now() - step.startedAt > STEP_MINUTES * 60_000) {
    endStep(req);
    throw new ServiceError('unauthenticated', MFA_MESSAGES.expired);
  }
  if (step.step !== want)
    throw new ServiceError(
      'conflict',
      want === 'enroll' ? MFA_MESSAGES.notEnrolling : MFA_MESSAGES.mustEnroll,
    );
  return step;
}

/**
 * A code that did not finish the step: counted in the session, which ends at the fifth wrong one (or at
 * once when the account can no longer sign in). Always throws.
 */
export function refuseCode(
  req: Request,
  step: SecondStep,
  why: 'wrong-code' | 'closed',
  message: string,
): never {
  if (why === 'closed') {
    endStep(req);
    throw new ServiceError('unauthenticated', MFA_MESSAGES.closed);
  }
  step.failures += 1;
  if (step.failures >= MAX_CODE_TRIES) {
    endStep(req);
    throw new ServiceError('unauthenticated', MFA_MESSAGES.tooMany);
  }
  throw new ServiceError('unauthenticated', message, { code: message });
}
