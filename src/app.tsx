import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { ErrorPage } from '../views/components/ErrorPage';
import { enforceAccess } from './access/middleware';
import { accessPages } from './access/pages';
import { accessApi } from './access/routes';
import { createAccessService } from './access/service';
import { areaPages } from './areas/routes';
import { createAuditStore } from './audit/store';
import { authApi, authPages } from './auth/routes';
import { createAuthService } from './auth/service';
import { sessionCookieName, sessionMiddleware, sessionRevoker } from './auth/session';
import { createSessionsStore } from './auth/store';
import type { Config } from './config';
import { contactApi, contactForm } from './contact/routes';
import { createContactService } from './contact/service';
import type { Database } from './db/database';
import type { Redis } from './db/redis';
import { demoApi } from './demo/routes';
import { firmPages } from './firms/pages';
import { firmsApi } from './firms/routes';
import { createFirmsService } from './firms/service';
import { healthApi, healthPage, nodeApi } from './health/routes';
import { createHealthService } from './health/service';
import { createHealthStore } from './health/store';
import { ASSETS_URL, type AssetManifest, assetFiles } from './http/assets';
import { compressBodies } from './http/compression';
import { csrfProtection } from './http/csrf';
import { errorHandler, HttpError } from './http/errors';
import { rejectCrossSite } from './http/origin';
import { ipRateLimit } from './http/rate-limit';
import { invitePages, onboardingPages } from './invitations/pages';
import { invitationsApi } from './invitations/routes';
import { createInvitationsService } from './invitations/service';
import { createMailSender } from './mail/sender';
import { createSmtpMailer } from './mail/transport';
import { createRenderer } from './http/render';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security';
import { publicPages } from './public/routes';
import { createUsersService } from './users/service';
import { createUsersStore } from './users/store';

export type AppDeps = {
  config: Config;
  database: Database;
  redis?: Redis;
  logger: Logger;
  manifest: AssetManifest;
  /** Keeps the keys of parallel test apps apart on one Redis. */
  redisPrefix?: string;
  limits?: { loginFailures: number; contactRequests: number };
};

/**
 * The Express app, and its background work: start() loads the permission matrix (and listens for its
 * changes) and starts the outbox sender, before the app takes requests; close() stops both.
 */
export type App = ReturnType<typeof express> & { start(): Promise<void>; close(): Promise<void> };

/** Builds the Express app; the middleware order below is the request's path through it. */
export function createApp(deps: AppDeps): App {
  const { config, database, redis, logger } = deps;
  const redisPrefix = deps.redisPrefix ?? 'reti:';
  const limits = deps.limits ?? { loginFailures: 20, contactRequests: 5 };
  const apiPath = config.apiBaseUrl.startsWith('/')
    ? config.apiBaseUrl
    : new URL(config.apiBaseUrl).pathname.replace(/\/$/, '');
  const cookieName = sessionCookieName(config.production);

  // Services, each over its own store.
  const audit = createAuditStore(database.db);
  const users = createUsersService(createUsersStore(database.db));
  const auth = createAuthService({ users, audit });
  const contact = createContactService({ db: database.db, salesEmail: config.salesEmail });
  const health = createHealthService({ store: createHealthStore(database.db), redis });
  const access = createAccessService({ db: database.db, redis, redisPrefix, logger });
  const mail = createMailSender({
    db: database.db,
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined,
    logger,
  });
  const invitations = createInvitationsService({ db: database.db, mail, publicUrl: config.publicUrl });
  const sessions = createSessionsStore(database.db);
  const firms = createFirmsService({
    db: database.db,
    invitations,
    endSessions: sessionRevoker({ redis, redisPrefix, sessions }),
  });
  const render = createRenderer({
    manifest: deps.manifest,
    publicUrl: config.publicUrl,
    apiBaseUrl: config.apiBaseUrl,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  // 1. Request ID and one log line per request.
  app.use(requestLog(logger));

  // 2. Security headers with a per-request CSP nonce; built assets, compressed at build time and cached for
  // a year, and the icon browsers ask for by name; then compression of whatever else is sent.
  app.use(securityHeaders({ production: config.production, apiBaseUrl: config.apiBaseUrl }));
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
  app.use(csrfProtection);

  // 5. Routes: /node/*, the JSON API, then pages.
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

  app.use(nodeApi({ apiBaseUrl: config.apiBaseUrl }));

  // Every API request passes the permission matrix first.
  const api = Router();
  api.use(enforceAccess(access, api));
  api.use('/auth/login', loginLimit);
  api.use('/comm/contact', contactLimit);
  api.use(authApi({ auth, render, cookieName }));
  api.use(demoApi({ auth, demo: config.demo, cookieName }));
  api.use(contactApi({ contact }));
  api.use(healthApi({ health }));
  api.use(accessApi({ access }));
  api.use(firmsApi({ firms }));
  api.use(invitationsApi({ invitations }));
  api.use(() => {
    throw new HttpError(404, 'No such API endpoint.');
  });
  app.use(apiPath, api);

  app.post('/login', loginLimit);
  app.post('/contact', contactLimit);
  app.use(publicPages({ render, publicUrl: config.publicUrl }));
  app.use(authPages({ auth, render, cookieName }));
  app.use(contactForm({ contact, render, publicUrl: config.publicUrl }));
  app.use(healthPage({ health, render, apiBaseUrl: config.apiBaseUrl }));
  app.use(firmPages({ firms, access, render }));
  app.use(accessPages({ access, render }));
  app.use(onboardingPages({ firms, access, invitations, render }));
  app.use(invitePages({ access, invitations, render }));
  app.use(areaPages({ render }));

  // 6. Any other page path goes home; errors become a clear message with the request ID.
  app.use((req: Request, res: Response) => {
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(302, '/');
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

  return Object.assign(app, {
    async start() {
      await Promise.all([access.start(), mail.start()]);
    },
    close: async () => void (await Promise.all([access.stop(), mail.stop()])),
  });
}
