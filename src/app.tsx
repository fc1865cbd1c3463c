import type { IncomingMessage, ServerResponse } from 'node:http';
import { BACKUP_CONTENTS, DECLARED_ACTIONS, FEATURES } from './features';
import { MENUS } from './menus';
import { type AppDeps, createServices } from './services';
import express, { type Request, type Response, Router } from 'express';
import { ErrorPage } from '../views/components/ErrorPage';
import { enforceAccess } from './access/middleware';
import { areaGuard } from './auth/guard';
import { idleTimeout, sessionCookieName, sessionMiddleware } from './auth/session';
import { ASSETS_URL, assetFiles } from './http/assets';
import { compressBodies } from './http/compression';
import { csrfProtection } from './http/csrf';
import { requestContext } from './http/context';
import { errorHandler, HttpError } from './http/errors';
import { rejectCrossSite } from './http/origin';
import { privateNoStore } from './http/no-store';
import { accountRateLimit, ipRateLimit } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security';
import { api as apiPaths, pages } from './shared/paths';
import { ROLES } from './shared/session';
import { AREA_PATH } from './shared/constants';
import { STAFF_SECURITY } from './shared/settings';

export type { AppDeps };

/**
 * The Express app, and its background work: start() starts every feature's (the permission matrix and
 * its change listener, the outbox sender, session pruning) before the app takes requests; close() stops them.
 */
export type App = ReturnType<typeof express> & { start(): Promise<void>; close(): Promise<void> };

/**
 * Puts `first` in front of Express: express's app(req, res) calls app.handle, whose request and response
 * are still Node's own, so a request `first` answers costs none of Express's routing or wrapping.
 */
function frontDoor(
  app: ReturnType<typeof express>,
  first: (req: IncomingMessage, res: ServerResponse) => boolean,
) {
  const express = app as unknown as {
    handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void;
  };
  const handle = express.handle.bind(app);
  express.handle = (req, res, next) => {
    if (!first(req, res)) handle(req, res, next);
  };
}

/** The path part of API_BASE_URL, where the JSON API is mounted. */
const apiPathOf = (apiBaseUrl: string) =>
  apiBaseUrl.startsWith('/') ? apiBaseUrl : new URL(apiBaseUrl).pathname.replace(/\/$/, '');

/** Builds the Express app; the middleware order below is the request's path through it. */
export function createApp(deps: AppDeps): App {
  const { config, redis, logger } = deps;
  const redisPrefix = deps.redisPrefix ?? 'reti:';
  const limits = deps.limits ?? { loginFailures: 50, contactRequests: 5 };
  const apiPath = apiPathOf(config.apiBaseUrl);
  const cookieName = sessionCookieName(config.production);

  const services = createServices({
    ...deps,
    apiPath,
    cookieName,
    declared: DECLARED_ACTIONS,
    backupTables: BACKUP_CONTENTS.backedUp,
    menus: MENUS(),
  });
  const { render, kit, inFlight, sessions, settings } = services;
  // Every feature's routes and background work, mounted in the order src/features.ts lists them.
  const features = FEATURES.flatMap((feature) => (feature.mount ? [feature.mount(services)] : []));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  // 0. An anonymous page that is the same for every visitor, rendered and compressed once, is answered
  // from memory before Express sees the request, with its headers worked out once (see frontDoor below).
  const log = requestLog(logger);
  const security = securityHeaders({ production: config.production, apiBaseUrl: config.apiBaseUrl });
  const fromMemory = render.fromMemory({ sessionCookie: cookieName, security, log });

  // 1. Request ID and one log line per request.
  app.use(log.middleware);

  // 2. The requests being answered are counted (long work on the embedded database lets them go first);
  // security headers with a per-request CSP nonce; built assets, compressed at build time and cached for a
  // year, and the icon browsers ask for by name; then compression of whatever else is sent.
  app.use(inFlight.track);
  app.use(security.middleware);
  const assets = assetFiles();
  app.use(ASSETS_URL, assets.hashed);
  app.get('/favicon.ico', assets.fixed(deps.manifest.icons.ico));
  app.use(compressBodies());

  // 3. Bodies, then the cross-site check that guards every unsafe request, signed in or not.
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 100 }));
  app.use(rejectCrossSite(config.publicUrl));

  // 4. Sessions (read only when a cookie is present), then CSRF for requests within a session.
  app.use(
    sessionMiddleware({
      secret: config.sessionSecret,
      production: config.production,
      redis,
      redisPrefix,
      sessions,
    }),
  );
  // CSRF for requests within a session; an upload action's multipart body checks its own token before its file.
  app.use(csrfProtection(kit.isUpload));

  // 4b. A firm member's firm settings for this request (time zone, look), then the idle timeout they set.
  app.use(requestContext(settings.contextOf));
  app.use(
    idleTimeout((req) => req.context.firm?.sessionTimeoutMinutes ?? STAFF_SECURITY.sessionTimeoutMinutes),
  );

  // 5. Limits on sign-in (per account and per address, each with its own budget), "Forgot password?" and
  // contact, for the API call and the page form alike.
  const accountLoginLimit = accountRateLimit({
    name: 'login-account',
    windowMinutes: 15,
    limit: limits.loginFailuresPerAccount ?? 10,
    failuresOnly: true,
    message: 'Too many failed sign-ins for this user ID. Please wait 15 minutes and try again.',
    redis,
    redisPrefix,
  });
  const loginLimit = ipRateLimit({
    name: 'login',
    windowMinutes: 15,
    limit: limits.loginFailures,
    failuresOnly: true,
    message: 'Too many failed sign-ins from this address. Please wait 15 minutes and try again.',
    redis,
    redisPrefix,
  });
  const contactLimit = ipRateLimit({
    name: 'contact',
    windowMinutes: 10,
    limit: limits.contactRequests,
    message: 'Too many contact requests from this address. Please try again later.',
    redis,
    redisPrefix,
  });
  const forgotLimit = ipRateLimit({
    name: 'password-forgot',
    windowMinutes: 15,
    limit: limits.passwordResets ?? 10,
    message: 'Too many password reset requests from this address. Please wait 15 minutes and try again.',
    redis,
    redisPrefix,
  });
  // The account's budget first: once it is spent, that person's further tries no longer spend the address's.
  app.post([pages.login, `${apiPath}${apiPaths.login}`], accountLoginLimit, loginLimit);
  // Wrong two-factor codes count with failed sign-ins: an address cannot guess codes without end either.
  app.post(
    [pages.mfa, pages.mfaSetup, `${apiPath}${apiPaths.mfa}`, `${apiPath}${apiPaths.mfaSetup}`],
    loginLimit,
  );
  app.post([pages.passwordForgot, `${apiPath}${apiPaths.passwordForgot}`], forgotLimit);
  app.post([pages.contact, `${apiPath}${apiPaths.contact}`], contactLimit);

  // 6. /node/*, then the JSON API: no answer is cached anywhere, and every request passes the permission
  // matrix first.
  for (const feature of features) if (feature.root) app.use(feature.root);
  const api = Router();
  api.use(privateNoStore);
  api.use(enforceAccess(services.access, api));
  for (const feature of features) if (feature.api) api.use(feature.api);
  api.use(() => {
    throw new HttpError(404, 'No such API endpoint.');
  });
  app.use(apiPath, api);

  // 7. Pages: each signed-in area behind its one guard, then every feature's pages and forms.
  for (const role of ROLES) app.use(AREA_PATH[role], areaGuard(role, render));
  for (const feature of features) if (feature.pages) app.use(feature.pages);

  // 8. Any other page path goes home; errors become a clear message with the request ID.
  app.use((req: Request, res: Response) => {
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(302, pages.home);
    throw new HttpError(404, 'Not found.');
  });
  app.use(
    errorHandler(apiPath, (req, res, status, message) =>
      render(req, res, <ErrorPage status={status} message={message} requestId={String(req.id)} />, {
        meta: { title: 'Error', description: message, noindex: true },
        status,
      }),
    ),
  );

  frontDoor(app, fromMemory);
  return Object.assign(app, {
    async start() {
      await Promise.all(features.map((f) => f.start?.()));
    },
    async close() {
      await Promise.all(features.map((f) => f.stop?.()));
    },
  });
}
