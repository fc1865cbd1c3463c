import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A fresh CSP nonce for every response, and helmet's headers with a strict policy built on it. */
export function securityHeaders(options: { production: boolean; apiBaseUrl: string }): RequestHandler[] {
  const apiOrigin = /^https?:/.test(options.apiBaseUrl) ? [new URL(options.apiBaseUrl).origin] : [];
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`,
        ],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...apiOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production,
    // Same-origin requests keep their Origin (older browsers send `null` under no-referrer); other
    // sites still learn nothing.
    referrerPolicy: { policy: 'same-origin' },
  });
  return [nonce, headers];
}
