import type { Request } from 'express';
import { sayIn } from '../../shared/i18n';
import type { Language } from '../../shared/people';
import type { Refusal } from '../../access/action';
import { type PageRedirect, redirectTo } from '../../access/page';
import { ROLE_HOME } from '../../shared/constants';
import { ServiceError } from '../../shared/errors';
import { pages, withNext } from '../../shared/paths';
import type { MfaStep } from '../../shared/session';
import { safeNext } from '../../shared/validation';
import { currentStep } from '../session';

export const nextOf = (req: Request) => safeNext(req.query.next);

/**
 * Where a sign-in step's page sends this request instead of showing itself: home when signed in, the
 * other step's page, or Login (saying why when the step ran out of time); undefined while on this step.
 */
export function offStep(req: Request, want: MfaStep): PageRedirect | undefined {
  const next = nextOf(req);
  const user = req.session?.user;
  const step = req.session?.mfa;
  if (user) return redirectTo(next ?? ROLE_HOME[user.role]);
  if (!step) return redirectTo(withNext(pages.login, next));
  if (step.step !== want)
    return redirectTo(withNext(step.step === 'enroll' ? pages.mfaSetup : pages.mfa, next));
  try {
    currentStep(req, want);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectTo(withNext(pages.login, next), { kind: 'error', message: error.message });
  }
  return undefined;
}

/** A refused code as a page shows it: beside the code field, or above the button when it names no field. */
export const shownRefusal = (refusal?: Refusal, language: Language = 'en') =>
  refusal &&
  (refusal.fields?.code
    ? { codeError: sayIn(language, refusal.fields.code) }
    : { error: sayIn(language, refusal.message) });

/** A sign-in step's form refused once its step is over: back to Login with the reason (as its flash). */
export const overToLogin = ({ req }: { req: Request }) =>
  req.session?.mfa ? undefined : { to: withNext(pages.login, nextOf(req)) };
