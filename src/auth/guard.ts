import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { MESSAGES, ROLE_HOME, type RoleName } from '../shared/constants';
import { safeNext } from '../shared/validation';

/**
 * Pages of an area: anonymous → /login with a way back, another role → that user's own home. The way
 * back is only what /login would accept, so a huge or odd URL is dropped instead of copied.
 */
export function requireRole(role: RoleName): RequestHandler {
  return (req, res, next) => {
    const user = req.session?.user;
    if (!user) {
      if (req.sessionUnavailable) return next(new HttpError(503, MESSAGES.signInUnavailable));
      const back = safeNext(req.originalUrl);
      return res.redirect(303, back ? `/login?next=${encodeURIComponent(back)}` : '/login');
    }
    if (user.role_name !== role) return res.redirect(303, ROLE_HOME[user.role_name]);
    next();
  };
}

/** API calls that need a signed-in caller. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (req.session?.user) return next();
  next(
    req.sessionUnavailable
      ? new HttpError(503, MESSAGES.signInUnavailable)
      : new HttpError(401, 'Sign in first.'),
  );
};
