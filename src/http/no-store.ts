import type { RequestHandler } from 'express';

/** Pages whose URL is a credential (an invitation or reset link) are never stored by any cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
