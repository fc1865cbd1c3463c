import type { RequestHandler } from 'express';

/** Pages whose URL is a credential (an invitation or reset link) are never stored by any cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * Every JSON API answer, by default: most carry a firm's clients, cases or documents, and none is worth a
 * shared or disk cache keeping. A route that may be cached says so itself, after this.
 */
export const privateNoStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};
