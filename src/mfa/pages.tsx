import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
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

  router.get(pages.accountRecoveryCodes, (req, res) => {
    const fresh = req.session.freshCodes;
    if (!fresh) return res.redirect(303, pages.account);
    delete req.session.freshCodes;
    showCodes(render, req, res, mfa.openCodes(fresh.sealed), fresh.continueTo);
  });

  return router;
}
