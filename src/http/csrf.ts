import type { Request, RequestHandler } from 'express';
import { csrfSync } from 'csrf-sync';

const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromState: (req) => req.session?.csrfToken,
  storeTokenInState: (req, token) => {
    req.session.csrfToken = token as string;
  },
  getTokenFromRequest: (req) =>
    req.get('x-csrf-token') ?? (req.body as { _csrf?: string } | undefined)?._csrf,
  size: 32,
});

/** Synchronizer-token CSRF for every unsafe request made within a signed-in session. */
export const csrfProtection: RequestHandler = (req, res, next) =>
  req.session?.user ? csrfSynchronisedProtection(req, res, next) : next();

/** The session's token, made on first use; pages put it in <meta name="csrf-token"> and hidden fields. */
export const csrfToken = (req: Request): string | undefined =>
  req.session?.user ? (req.session.csrfToken ?? generateToken(req)) : undefined;
