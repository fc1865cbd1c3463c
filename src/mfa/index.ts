import { type RequestHandler, Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { noStore } from '../http/no-store';
import { MESSAGES } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import { loginWithNext } from '../shared/validation';
import { MFA_ACTIONS } from './actions';
import { MFA_PAGES } from './pages';
import type { MfaService } from './service';

export { MFA_ACTIONS };

/** The Account pages are for every signed-in person; anyone else signs in first. */
const accountGuard: RequestHandler = (req, res, next) => {
  if (req.session?.user) return next();
  if (req.sessionUnavailable) return next(new ServiceError('unavailable', MESSAGES.signInUnavailable));
  res.redirect(303, loginWithNext(req.method === 'GET' ? req.originalUrl : pages.account));
};

/**
 * Two-factor sign-in and the Account page: {API}/auth/mfa, /auth/mfa/setup, /auth/mfa/enable, /disable,
 * /recovery-codes, /auth/account, /auth/password/change, and their pages.
 */
export function mfaFeature(deps: { kit: ActionKit; mfa: MfaService }): Feature {
  const { kit, mfa } = deps;
  const pageRouter = Router();
  // These pages show secrets (the TOTP key, recovery codes): no cache keeps them, signed in or not.
  pageRouter.use([pages.mfa, pages.account], noStore);
  pageRouter.use(pages.account, accountGuard);
  pageRouter.use(kit.pages(MFA_PAGES));
  return { api: kit.api(Object.values(MFA_ACTIONS), { mfa }), pages: pageRouter };
}
