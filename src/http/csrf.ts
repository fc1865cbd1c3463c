import type { Request, RequestHandler } from 'express';
import { csrfSync } from 'csrf-sync';

const { csrfSynchronisedProtection, generateToken, isRequestValid, invalidCsrfTokenError } = csrfSync({
  getTokenFromState: (req) => req.session?.csrfToken,
  storeTokenInState: (req, token) => {
    req.session.csrfToken = token as string;
  },
  getTokenFromRequest: (req) =>
    req.get('x-csrf-token') ?? (req.body as { _csrf?: string } | undefined)?._csrf,
  size: 32,
});

/**
 * Synchronizer-token CSRF for every unsafe request made within a signed-in session. A multipart body sent
 * to an upload route (`isUpload`) is checked by the upload itself, which reads the token (a header, or the
 * form's first field) before it stores a byte of the file; multipart sent anywhere else needs the header.
 */
export function csrfProtection(isUpload: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!req.session?.user) return next();
    if (req.is('multipart/form-data') && isUpload(req)) return next();
    csrfSynchronisedProtection(req, res, next);
  };
}

/** Whether the request carries the session's token, in its header or in the `_csrf` of `fields`. */
export function csrfValid(req: Request, fields: Record<string, string>): boolean {
  req.body = fields;
  return isRequestValid(req);
}

/** The refusal of a missing or wrong token (403, worded by the error handler). */
export const csrfRefusal = () => invalidCsrfTokenError;

/** The session's token, made on first use; pages put it in <meta name="csrf-token"> and hidden fields. */
export const csrfToken = (req: Request): string | undefined =>
  req.session?.user ? (req.session.csrfToken ?? generateToken(req)) : undefined;
