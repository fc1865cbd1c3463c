import type { RequestHandler } from 'express';
import { HttpError } from './errors';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site unsafe requests. Browsers send Sec-Fetch-Site (or at least Origin), so this guards
 * the anonymous login and contact forms without giving every visitor a session; clients that are not
 * browsers send neither and still need a valid CSRF token for anything done within a session.
 * Sec-Fetch-Site decides when present: Chromium sends `Origin: null` on a same-origin form post from
 * a page whose referrer policy is no-referrer, so Origin is only the fallback for older browsers.
 */
export function rejectCrossSite(publicUrl: string): RequestHandler {
  const trusted = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site) return site === 'same-origin' || site === 'none' ? next() : next(crossSite());
    const origin = req.get('origin');
    if (origin !== undefined && origin !== trusted && origin !== `${req.protocol}://${req.get('host')}`)
      return next(crossSite());
    next();
  };
}

const crossSite = () => new HttpError(403, 'Cross-site requests are not allowed.');
