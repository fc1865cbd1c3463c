import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { ErrorPage } from '../views/components/ErrorPage';
import { accessFeature } from './access';
import { adminFeature } from './admin';
import { aiFeature, createAiService, createAiUsage, createDeadlineReminders, REMINDER_QUEUE } from './ai';
import { cleanupSources } from './admin/cleanup';
import { createAdminService } from './admin/service';
import { createActionKit } from './access/kit';
import { enforceAccess } from './access/middleware';
import { createAccessService } from './access/service';
import { areaPages } from './areas';
import { createAuditService } from './audit/service';
import { briefFeature } from './ai/brief';
import { BRIEF_RULES } from './ai/brief/library';
import { createPolisher } from './ai/brief/polish';
import { createBriefService } from './ai/brief/service';
import { authFeature } from './auth';
import { BACKUP_ACTIONS, backupsFeature } from './backups';
import { createRestoreService, RESTORE_QUEUE } from './backups/restore';
import { createBackupsService } from './backups/service';
import { BRANDING_ACTIONS, brandingFeature } from './branding';
import { createBrandingService } from './branding/service';
import { areaGuard } from './auth/guard';
import { createAuthService } from './auth/service';
import {
  idleTimeout,
  sessionCookieName,
  sessionMiddleware,
  sessionRevoker,
  sessionStoreCheck,
  startSessionPruning,
} from './auth/session';
import { createSessionsStore } from './auth/store';
import { DECLARED_ACTIONS } from './catalog';
import type { Config } from './config';
import { casesFeature } from './cases';
import { casesTransferFeature } from './cases/transfer';
import { createTransferService } from './cases/transfer-service';
import { createClientsService } from './cases/client-service';
import { createCasesService } from './cases/service';
import { contactFeature } from './contact';
import { documentsFeature } from './documents';
import { documentAnalysisQueue } from './documents/analysis-job';
import { createSummarizer } from './documents/analysis/llm';
import { createSandbox } from './documents/sandbox';
import { ANALYZE_QUEUE, createDocumentsService } from './documents/service';
import { documentsDirOf, localDocumentStorage } from './documents/storage';
import { createContactService } from './contact/service';
import type { Database } from './db/database';
import type { Redis } from './db/redis';
import { demoFeature } from './demo';
import { firmsFeature } from './firms';
import { formsFeature } from './forms';
import { createCaseFigures } from './cases/figures';
import { createReportsService, REPORTS_QUEUE, reportsFeature } from './reports';
import { createFormsService } from './forms/service';
import { createFirmsService } from './firms/service';
import { healthFeature } from './health';
import { createHealthService } from './health/service';
import { createHealthStore } from './health/store';
import { ASSETS_URL, type AssetManifest, assetFiles } from './http/assets';
import { compressBodies } from './http/compression';
import { csrfProtection } from './http/csrf';
import { requestContext } from './http/context';
import { errorHandler, HttpError } from './http/errors';
import type { Feature } from './http/feature';
import { rejectCrossSite } from './http/origin';
import { createHeavyLimiter } from './http/heavy-limit';
import { createInFlight } from './http/in-flight';
import { privateNoStore } from './http/no-store';
import { accountRateLimit, ipRateLimit } from './http/rate-limit';
import { createRenderer } from './http/render';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security';
import { invitationsFeature } from './invitations';
import { createJobRunner } from './jobs';
import { createInvitationsService } from './invitations/service';
import { MAIL_ACTIONS, mailFeature } from './mail';
import { mailHostChecker } from './mail/hosts';
import { createMailSender } from './mail/sender';
import { createOutboxStore } from './mail/store';
import { mfaFeature } from './mfa';
import { createMfaService } from './mfa/service';
import { createEmailTestService } from './mail/service';
import { createSmtpMailer } from './mail/transport';
import { passwordsFeature } from './passwords';
import { createPasswordsService } from './passwords/service';
import { publicPages } from './public';
import { filingFeeOf } from './rules';
import { api as apiPaths, pages } from './shared/paths';
import { ROLES } from './shared/session';
import { createSealer } from './secrets';
import { settingsFeature } from './settings';
import { settingsPanels } from './settings/panels';
import { createSettingsService } from './settings/service';
import { STAFF_SECURITY } from './shared/settings';
import { usersFeature } from './users';
import { createUserAdminService, createUsersService } from './users/service';

export type AppDeps = {
  config: Config;
  database: Database;
  redis?: Redis;
  logger: Logger;
  manifest: AssetManifest;
  /** Keeps the keys of parallel test apps apart on one Redis. */
  redisPrefix?: string;
  /** Failed sign-ins per address and per account (by user ID) in 15 minutes, contact requests, resets. */
  limits?: {
    loginFailures: number;
    loginFailuresPerAccount?: number;
    contactRequests: number;
    passwordResets?: number;
  };
};

/**
 * The Express app, and its background work: start() starts every feature's (the permission matrix and
 * its change listener, the outbox sender, session pruning) before the app takes requests; close() stops them.
 */
export type App = ReturnType<typeof express> & { start(): Promise<void>; close(): Promise<void> };

/** Deletes expired sessions in the background, from start() until close(). */
function sessionPruning(options: Parameters<typeof startSessionPruning>[0]): Feature {
  let stop: (() => Promise<void>) | undefined;
  return {
    start: async () => void (stop = startSessionPruning(options)),
    stop: async () => stop?.(),
  };
}

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
  const { config, database, redis, logger } = deps;
  const { db } = database;
  const redisPrefix = deps.redisPrefix ?? 'reti:';
  const limits = deps.limits ?? { loginFailures: 50, contactRequests: 5 };
  const apiPath = apiPathOf(config.apiBaseUrl);
  const cookieName = sessionCookieName(config.production);

  // Services, each over its own store; the composition root is the only place that wires them.
  const sessions = createSessionsStore(db);
  const endSessions = sessionRevoker({ redis, redisPrefix, sessions });
  const access = createAccessService({
    db,
    redis,
    redisPrefix,
    logger,
    declared: DECLARED_ACTIONS,
    timeZone: config.timeZone,
  });
  const storage = localDocumentStorage(documentsDirOf(config));
  const firmsIn = (handle: typeof db) =>
    createFirmsService({
      db: handle,
      endSessions,
      removeFiles: storage.removeFirm,
      timeZone: config.timeZone,
    });
  const firms = firmsIn(db);
  const sealer = createSealer(config.settingsKey);
  const settingsIn = (handle: typeof db) =>
    createSettingsService({ db: handle, sealer, firms: firmsIn(handle), platformTimeZone: config.timeZone });
  const settings = settingsIn(db);
  // A firm's own mail server is never reached on a private address unless the operator allows it.
  const checkHost = mailHostChecker(config.smtpAllowPrivateHosts);
  const mail = createMailSender({
    db,
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined,
    logger,
    smtpOf: settings.smtpOf,
    fallbackFrom: config.mailFrom,
    checkHost,
  });
  // Untrusted files (documents, evidence packages, logos' SVG) are read only in sandbox worker processes.
  const sandbox = createSandbox({ logger });
  const branding = createBrandingService({ settings, sandbox });
  const emailTest = createEmailTestService({
    db,
    smtpOf: settings.smtpOf,
    fallbackFrom: config.mailFrom,
    checkHost,
  });
  const passwords = createPasswordsService({
    db,
    mail,
    publicUrl: config.publicUrl,
    endSessions,
    firmOf: firms.find,
    securityOf: settings.securityOf,
  });
  const auth = createAuthService({
    users: createUsersService(db),
    audit: createAuditService(db),
    firmOf: firms.find,
    securityOf: settings.securityOf,
    onLocked: passwords.lockedOut,
  });
  const mfa = createMfaService({
    db,
    sealer: createSealer(config.settingsKey),
    securityOf: settings.securityOf,
    sessionUserOf: auth.userById,
    countFailedAttempt: auth.countFailedAttempt,
    endSessions,
  });
  const render = createRenderer({
    manifest: deps.manifest,
    publicUrl: config.publicUrl,
    apiBaseUrl: config.apiBaseUrl,
    timeZone: config.timeZone,
  });
  const inFlight = createInFlight();
  database.deferBulkWhile?.(inFlight.busy);
  const heavy = createHeavyLimiter({
    redis,
    redisPrefix,
    isLongWork: inFlight.isLongWork,
    onStoreError: (error) => logger.warn({ err: (error as Error).message }, 'heavy operations not counted'),
  });
  const kit = createActionKit(access, { apiPath, heavy, render });
  const invitations = createInvitationsService({
    db,
    mail,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    firmsIn,
    securityOf: settings.securityOf,
  });
  const users = createUserAdminService({
    db,
    endSessions,
    invite: invitations.inviteUser,
    reinvite: invitations.reinvite,
    approveRequest: invitations.approveRequest,
  });
  const accounts = createUsersService(db);
  const caseDeps = {
    db,
    timeZoneOf: async (firmId: string) => (await settings.contextOf(firmId)).timeZone,
    firmUsers: accounts.listByFirm,
  };
  const cases = createCasesService(caseDeps);
  const clients = createClientsService(caseDeps);
  const transfer = createTransferService({
    ...caseDeps,
    cases,
    bulk: database.bulk,
    embedded: database.kind === 'pglite',
  });
  // Documents: files in storage, read (analysis, evidence packages) only in the sandbox.
  const documents = createDocumentsService({
    ...caseDeps,
    storage,
    cases,
    sandbox,
    firmNameOf: async (firmId) => (await firms.find(firmId))?.name ?? '',
    wake: () => jobs.wake(ANALYZE_QUEUE),
  });
  // The AI tools over the rules library, and the deadline reminders they send through the outbox.
  const ai = createAiService({
    ...caseDeps,
    cases,
    clients,
    documents,
    publicUrl: config.publicUrl,
    signedInAs: auth.userById,
  });
  const reminders = createDeadlineReminders({
    db,
    firmDeadlines: ai.firmDeadlines,
    timeZoneOf: caseDeps.timeZoneOf,
    firmUsers: accounts.listByFirm,
    activeFirmIds: firms.activeIds,
    publicUrl: config.publicUrl,
    wake: () => jobs.wake(REMINDER_QUEUE),
  });
  // Reports: the firm's figures, each counted by the feature that owns the rows, made by a background job.
  const aiUsage = createAiUsage(db);
  const reports = createReportsService({
    db,
    sources: {
      figures: createCaseFigures(db),
      usersOf: async (firmId) =>
        (await accounts.listByFirm(firmId)).map((u) => ({
          id: u.id,
          name: `${u.first_name} ${u.last_name}`.trim(),
          role: u.role,
          status: u.status,
        })),
      uploadsByUser: documents.uploadsByUser,
      aiUsesByUser: aiUsage.byUser,
      filingDatesOf: aiUsage.filingDatesOf,
      filingFeeOf,
    },
    timeZoneOf: caseDeps.timeZoneOf,
    firmNameOf: async (firmId) => (await firms.find(firmId))?.name ?? '',
    colorOf: async (firmId) => (await settings.brandingOf(firmId)).primaryColor,
    retentionDaysOf: settings.retentionDays,
    wake: () => jobs.wake(REPORTS_QUEUE),
  });
  // Restores of firm backups: a background job each, one at a time per process.
  const restores = createRestoreService({
    db,
    storage,
    settingsKey: config.settingsKey,
    dataDir: config.dataDir,
    logger,
    wake: () => jobs.wake(RESTORE_QUEUE),
    sendRestoredLink: passwords.restored,
  });
  const jobs = createJobRunner({
    db,
    logger,
    queues: {
      [RESTORE_QUEUE]: restores.queue,
      [ANALYZE_QUEUE]: documentAnalysisQueue({
        db,
        storage,
        cases,
        timeZoneOf: caseDeps.timeZoneOf,
        sandbox,
        summarizer: createSummarizer(config.llm, {
          onError: (error) => logger.warn({ err: error.message }, 'no LLM summary for a document'),
        }),
        logger,
      }),
      [REMINDER_QUEUE]: reminders.queue,
      [REPORTS_QUEUE]: reports.queue,
    },
  });
  const forms = createFormsService({
    db,
    storage,
    cases,
    clients,
    documents,
    timeZoneOf: caseDeps.timeZoneOf,
    firmProfileOf: firms.profileById,
    firmUsers: accounts.listByFirm,
    filingFeeOf,
  });
  // The Legal Brief Generator: the case's facts and the rules, the optional model for the prose.
  const brief = createBriefService({
    cases,
    clients,
    documents,
    factsOf: ai.caseFactsOf,
    recordUse: ai.recordUse,
    rules: BRIEF_RULES,
    polisher: createPolisher(config.llm, {
      onError: (error) => logger.warn({ err: error.message }, 'no LLM prose for a brief'),
    }),
    firmNameOf: async (firmId) => (await firms.find(firmId))?.name ?? '',
    timeZoneOf: caseDeps.timeZoneOf,
    nameOf: async (firmId, userId) => (await accounts.namesOf(firmId, [userId])).get(userId),
  });
  const backups = createBackupsService({
    db,
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    logger,
    storage,
    settingsKey: config.settingsKey,
    firmsIn,
    settingsIn,
  });
  const admin = createAdminService({
    db,
    users: accounts,
    settings,
    backups,
    outboxBacklog: createOutboxStore(db).backlogOf,
    platformSmtp: Boolean(config.smtpUrl),
    llm: config.llm,
    counters: {
      activeUsers: accounts.countActive,
      cases: cases.countOfFirm,
      documents: documents.countOfFirm,
      aiTools: aiUsage.countOfFirm,
    },
    cleanup: cleanupSources({ backups }),
  });

  const aiTools = aiFeature({
    kit,
    ai,
    cases,
    documents,
    render,
    reminders: config.deadlineReminders ? reminders : undefined,
    logger,
  });
  const health = healthFeature({
    kit,
    health: createHealthService({ store: createHealthStore(db), redis }),
    render,
    apiBaseUrl: config.apiBaseUrl,
  });
  const features: Feature[] = [
    authFeature({
      kit,
      auth,
      render,
      cookieName,
      sessionsReady: sessionStoreCheck({ redis }),
      secondStep: mfa.secondStepFor,
    }),
    mfaFeature({ kit, mfa, render }),
    passwordsFeature({ kit, passwords, render }),
    demoFeature({ kit, auth, demo: config.demo, cookieName, secondStep: mfa.secondStepFor }),
    contactFeature({
      kit,
      contact: createContactService({ db, salesEmail: config.salesEmail }),
      render,
      publicUrl: config.publicUrl,
    }),
    health,
    accessFeature({ kit, access, render }),
    firmsFeature({ kit, firms }),
    invitationsFeature({ kit, invitations, render }),
    usersFeature({ kit, users, render }),
    // Before the cases' routes: their /cases/{id} would take "import" and "export" for an ID.
    casesTransferFeature({ kit, transfer, render }),
    casesFeature({ kit, cases, clients, render, rules: aiTools }),
    documentsFeature({ kit, documents, cases, render, countAiUse: ai.recordUse }),
    aiTools,
    formsFeature({ kit, forms, documents, render }),
    briefFeature({ kit, brief, render, drafting: Boolean(config.llm) }),
    reportsFeature({ kit, reports, render, namesOf: accounts.namesOf }),
    {
      start: async () => {
        await storage.prepare();
        await jobs.start();
      },
      // The runner stops first: a file being read is given back to the queue (its worker killed), to be
      // read again by the next process to run; then the idle workers go.
      stop: async () => {
        await jobs.stop();
        await sandbox.close();
      },
    },
    settingsFeature({
      kit,
      settings,
      render,
      panels: settingsPanels({
        refusal: (user, action) => access.refusalNow(user, action)?.message,
        actions: { ...MAIL_ACTIONS, ...BRANDING_ACTIONS, ...BACKUP_ACTIONS },
        ownAddress: emailTest.ownAddress,
        backupsOf: (user) => backups.list(user),
      }),
    }),
    mailFeature({
      kit,
      emailTest,
      render,
    }),
    brandingFeature({ kit, branding, render }),
    adminFeature({ kit, admin, render }),
    backupsFeature({
      kit,
      backups,
      restores,
      render,
      activeFirmIds: firms.activeIds,
      logger,
      daily: config.dailyBackups,
    }),
    { start: () => mail.start(), stop: () => mail.stop() },
    sessionPruning({ sessions, logger }),
    { pages: publicPages({ render, publicUrl: config.publicUrl }) },
    { pages: areaPages() },
  ];

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
  app.use(health.node);
  const api = Router();
  api.use(privateNoStore);
  api.use(enforceAccess(access, api));
  for (const feature of features) if (feature.api) api.use(feature.api);
  api.use(() => {
    throw new HttpError(404, 'No such API endpoint.');
  });
  app.use(apiPath, api);

  // 7. Pages: each signed-in area behind its one guard, then every feature's pages and forms.
  for (const role of ROLES) app.use(`/${role}`, areaGuard(role, render));
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
