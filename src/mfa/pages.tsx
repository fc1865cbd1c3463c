import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
import { sendFile } from '../documents/send';
import { setFlash } from '../http/flash';
import type { Renderer } from '../http/render';
import { MESSAGES, ROLE_HOME } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import { pages, withNext } from '../shared/paths';
import type { MfaStep } from '../shared/session';
import { loginWithNext, safeNext } from '../shared/validation';
import type { MFA_ACTIONS } from './actions';
import { showAccount, showCodes, showSetup, showTwoFactor } from './forms';
import type { MfaService } from './service';
import { currentStep } from './session';

type PagesDeps = { mfa: MfaService; actions: BoundActions<typeof MFA_ACTIONS>; render: Renderer };

/** The Account pages are for every signed-in person; anyone else signs in first. */
export const accountGuard: RequestHandler = (req, res, next) => {
  if (req.session?.user) return next();
  if (req.sessionUnavailable) return next(new ServiceError('unavailable', MESSAGES.signInUnavailable));
  res.redirect(303, loginWithNext(req.method === 'GET' ? req.originalUrl : pages.account));
};

/**
 * Whether this sign-in step's page may be shown; otherwise redirects to where the person belongs: home
 * when signed in, the other step's page, or Login (saying why when the step ran out of time).
 */
function onStep(req: Request, res: Response, want: MfaStep): boolean {
  const next = safeNext(req.query.next);
  const user = req.session?.user;
  const step = req.session?.mfa;
  let to: string | undefined;
  if (user) to = next ?? ROLE_HOME[user.role];
  else if (!step) to = withNext(pages.login, next);
  else if (step.step !== want) to = withNext(step.step === 'enroll' ? pages.mfaSetup : pages.mfa, next);
  else {
    try {
      currentStep(req, want);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      setFlash(req, 'error', error.message);
      to = withNext(pages.login, next);
    }
  }
  if (to) res.redirect(303, to);
  return to === undefined;
}

/**
 * The second step of signing in (/login/mfa, /login/mfa/setup) and the Account pages. Each reads through
 * the declared actions, so the matrix decides as it does for the API.
 */
export function mfaPages({ mfa, actions, render }: PagesDeps): Router {
  const router = Router();

  router.get(pages.mfa, (req, res) => {
    if (onStep(req, res, 'required')) showTwoFactor(render, req, res);
  });

  router.get(pages.mfaSetup, async (req, res) => {
    if (!onStep(req, res, 'enroll')) return;
    showSetup(render, req, res, await actions.getMfaSetup.call(req, res), 'sign-in');
  });

  /** The codes as a text file: what they are for, whose they are, one code a line. */
  function codesText(req: Request, codes: string[]): Uint8Array {
    const user = req.session.user!;
    const lines = [
      `Reti Immigration recovery codes for ${user.loginId}`,
      'Each code signs you in once, in place of a code from your authenticator app.',
      '',
      ...codes,
      '',
    ];
    return new TextEncoder().encode(lines.join('\r\n'));
  }

  router.get(pages.account, async (req, res) => {
    showAccount(render, req, res, await actions.getAccount.call(req, res));
  });

  router.get(pages.accountTwoFactor, async (req, res) => {
    try {
      showSetup(render, req, res, await actions.getMfaSetup.call(req, res), 'account');
    } catch (error) {
      // Already on: the Account page says so, with the ways to manage it.
      if (!(error instanceof ServiceError) || error.status !== 409) throw error;
      setFlash(req, 'error', error.message);
      res.redirect(303, pages.account);
    }
  });

  /** The new codes while their page is open (not past Continue, nor their time); else none. */
  function freshCodes(req: Request): { codes: string[]; continueTo: string } | undefined {
    const fresh = req.session.freshCodes;
    if (!fresh) return undefined;
    if (Date.now() > fresh.until) {
      delete req.session.freshCodes;
      return undefined;
    }
    return { codes: mfa.openCodes(fresh.sealed), continueTo: fresh.continueTo };
  }

  router.get(pages.accountRecoveryCodes, (req, res) => {
    const fresh = freshCodes(req);
    if (!fresh) return res.redirect(303, pages.account);
    showCodes(render, req, res, fresh.codes, fresh.continueTo, 'page');
  });

  router.get(pages.accountRecoveryCodesPrint, (req, res) => {
    const fresh = freshCodes(req);
    if (!fresh) return res.redirect(303, pages.account);
    showCodes(render, req, res, fresh.codes, fresh.continueTo, 'print');
  });

  router.get(pages.accountRecoveryCodesText, (req, res) => {
    const fresh = freshCodes(req);
    if (!fresh) return res.redirect(303, pages.account);
    sendFile(res, 'reti-recovery-codes.txt', 'text/plain; charset=utf-8', codesText(req, fresh.codes));
  });

  // Continue: the codes are put away for good, and the person goes on.
  router.post(pages.accountRecoveryCodesDone, (req, res) => {
    const continueTo = req.session.freshCodes?.continueTo ?? pages.account;
    delete req.session.freshCodes;
    res.redirect(303, continueTo);
  });

  return router;
}
