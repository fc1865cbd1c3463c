import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { MESSAGES, ROLE_HOME, type RoleName } from '../shared/constants';

/** Pages of an area: anonymous → /login with a way back, another role → that user's own home. */
export function requireRole(role: RoleName): RequestHandler {
  return (req, res, next) => {
    const user = req.session?.user;
    if (!user) {
      if (req.sessionUnavailable) return next(new HttpError(503, MESSAGES.signInUnavailable));
      return res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
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
