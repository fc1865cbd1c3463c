import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Stands in for the nonce while helmet works out the headers; random, so no content can forge it. */
const NONCE_SLOT = `nonce-slot-${crypto.randomBytes(12).toString('hex')}`;

/**
 * helmet's headers with a strict CSP built on a fresh nonce for every response. helmet works the
 * headers out once, at start-up (none of them depends on the request); each response then gets them
 * with its own nonce, which saves running helmet's dozen middlewares per request.
 */
export type SecurityHeaders = {
  /** Sets the headers on every response, each with a fresh nonce (kept in res.locals.nonce). */
  middleware: RequestHandler;
  /**
   * The same headers for a page kept as bytes, which carries no nonce (that would make every copy unique):
   * its one inline script is allowed by `scriptSource` (" 'sha256-…'", or '' when it has none).
   */
  forScript(scriptSource: string): Array<[string, string]>;
};

export function securityHeaders(options: { production: boolean; apiBaseUrl: string }): SecurityHeaders {
  const apiOrigin = /^https?:/.test(options.apiBaseUrl) ? [new URL(options.apiBaseUrl).origin] : [];
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
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
    }),
  );
  return {
    middleware: (_req, res, next) => {
      const nonce = freshNonce();
      res.locals.nonce = nonce;
      for (const [name, value] of headers) res.setHeader(name, value.replace(NONCE_SLOT, nonce));
      next();
    },
    forScript: (scriptSource) =>
      headers.map(([name, value]) => [name, value.replace(` 'nonce-${NONCE_SLOT}'`, scriptSource)]),
  };
}

/** The headers a helmet middleware sets, recorded by running it once against a stand-in response. */
function headersOf(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  } as unknown as ServerResponse;
  let done = false;
  middleware({} as IncomingMessage, res, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/** 128-bit nonces cut from a pool of random bytes: one call to the CSPRNG serves 256 responses. */
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let offset = 0;
function freshNonce(): string {
  if (offset === pool.length) {
    pool = crypto.randomBytes(NONCE_BYTES * 256);
    offset = 0;
  }
  offset += NONCE_BYTES;
  return pool.toString('base64', offset - NONCE_BYTES, offset);
}
