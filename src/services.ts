import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Redis } from './db/redis';
import type { AssetManifest } from './http/assets';
import { createRuleTablesService, ruleTablesFeature } from './rule-tables';
import { createFilingAddressesService, filingAddressesFeature } from './filing-addresses';
import { aiFeature, createAiService, createAiUsage, createDeadlineReminders, REMINDER_QUEUE } from './ai';
import { cleanupSources } from './admin/cleanup';
import { createAdminService } from './admin/service';
import { createActionKit } from './access/kit';
import { createAccessService } from './access/service';
import { createAuditService } from './audit/service';
import { BRIEF_RULES } from './ai/brief/library';
import { createPolisher } from './ai/brief/polish';
import { createBriefService } from './ai/brief/service';
import { createRestoreService, RESTORE_QUEUE } from './backups/restore';
import { createBackupsService } from './backups/service';
import { createBrandingService } from './branding/service';
import {
  CASE_STATUS_QUEUE,
  caseStatusFeature,
  createCaseStatusDaily,
  createCaseStatusService,
  createUscisClient,
} from './case-status';
import { createAuthService } from './auth/service';
import { sessionRevoker } from './auth/session';
import type { MenuItem } from './shared/constants';
import type { Role } from './shared/session';
import { createSessionsStore } from './auth/store';
import { createTransferService } from './cases/transfer-service';
import { createClientsService } from './cases/client-service';
import { createPeopleService } from './cases/people-service';
import { firmOf } from './cases/service';
import { createIntakeService } from './intake/service';
import { createPortalService, languageOfClient } from './portal/service';
import { createCasesService } from './cases/service';
import { documentAnalysisQueue } from './documents/analysis-job';
import { createSummarizer } from './documents/analysis/llm';
import { createSandbox } from './documents/sandbox';
import { ANALYZE_QUEUE, createDocumentsService } from './documents/service';
import { documentsDirOf, localDocumentStorage } from './documents/storage';
import { createCaseFigures } from './cases/figures';
import { createReportsService, REPORTS_QUEUE } from './reports';
import { createFormsService } from './forms/service';
import { createFirmsService } from './firms/service';
import { createHeavyLimiter } from './http/heavy-limit';
import { oncePerRequest, requestFirm } from './http/context';
import { createInFlight } from './http/in-flight';
import { createRenderer } from './http/render';
import { createJobRunner } from './jobs';
import { createInvitationsService } from './invitations/service';
import { mailHostChecker } from './mail/hosts';
import { createMailSender } from './mail/sender';
import { createOutboxStore } from './mail/store';
import { createMfaService } from './mfa/service';
import { createEmailTestService } from './mail/service';
import { createSmtpMailer } from './mail/transport';
import { createPasswordsService } from './passwords/service';
import { filingFeeOf } from './rules';
import { questionOfField } from './intake/templates';
import { createSealer } from './secrets';
import { createSettingsService } from './settings/service';
import { createUserAdminService, createUsersService } from './users/service';

import type { ActionMeta } from './access/action';
import type { TablePlan } from './backups/tables';

/** What the app is built from: its configuration, its database and Redis, its logger and built assets. */
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
 * The composition root: every service of the product, each over its own store, wired here and only here.
 * The features (src/features.ts) mount their routes and background work on what this answers.
 */
export function createServices(
  deps: AppDeps & {
    apiPath: string;
    cookieName: string;
    /** Every declared action (src/features.ts): the catalog. */
    declared: ActionMeta[];
    /** What a firm's backup takes of each table, in order (src/features.ts). */
    backupTables: TablePlan[];
    /** Each signed-in area's menu, from the declared pages (src/menus.ts). */
    menus: Record<Role, MenuItem[]>;
  },
) {
  const { config, database, redis, logger, apiPath } = deps;
  const { db } = database;
  const redisPrefix = deps.redisPrefix ?? 'reti:';
  // Services, each over its own store; the composition root is the only place that wires them.
  const sessions = createSessionsStore(db);
  const endSessions = sessionRevoker({ redis, redisPrefix, sessions });
  const access = createAccessService({
    db,
    redis,
    redisPrefix,
    logger,
    declared: deps.declared,
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
    languageOf: (userId) => languageOfClient(db, userId),
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
    menus: deps.menus,
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
    languageOfUser: languageOfClient,
  });
  const users = createUserAdminService({
    db,
    endSessions,
    invite: invitations.inviteUser,
    reinvite: invitations.reinvite,
    approveRequest: invitations.approveRequest,
  });
  const accounts = createUsersService(db);
  // Within a request, the firm's time zone is the one its context read, and its users are read once.
  const caseDeps = {
    db,
    timeZoneOf: async (firmId: string) =>
      (requestFirm(firmId) ?? (await settings.contextOf(firmId))).timeZone,
    firmUsers: (firmId: string) => oncePerRequest(`users:${firmId}`, () => accounts.listByFirm(firmId)),
  };
  const cases = createCasesService(caseDeps);
  const clients = createClientsService(caseDeps);
  const people = createPeopleService({ ...caseDeps, sealer });
  const intake = createIntakeService({
    db,
    people,
    firmOf,
    // The portal is made below, from the intake service; it is asked only once requests come in.
    sendToClient: (actor, caseId, q) => portal.sendQuestionnaire(actor, caseId, q),
  });
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
  const portal = createPortalService({
    db,
    people,
    intake,
    documents,
    invitations,
    mail,
    publicUrl: config.publicUrl,
    firmNameOf: async (firmId) => (await firms.find(firmId))?.name ?? '',
    firmOf,
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
    // Open and missed alike: a reminder counts from the day it is for, which may be before the firm's today.
    openDeadlines: async (firmId) =>
      (await ai.docket.listOfFirm(firmId)).items.filter((d) => d.state === 'open' || d.state === 'missed'),
    timeZoneOf: caseDeps.timeZoneOf,
    firmUsers: accounts.listByFirm,
    activeFirmIds: firms.activeIds,
    publicUrl: config.publicUrl,
    wake: () => jobs.wake(REMINDER_QUEUE),
  });
  // USCIS case status: each case's receipt numbers checked with USCIS's Case Status API, on demand and daily.
  const caseStatus = createCaseStatusService({
    db,
    cases,
    documents,
    firmUsers: accounts.listByFirm,
    timeZoneOf: caseDeps.timeZoneOf,
    publicUrl: config.publicUrl,
    uscis: config.uscis && createUscisClient(config.uscis),
    logger,
  });
  const caseStatusDaily = createCaseStatusDaily({
    db,
    service: caseStatus,
    timeZoneOf: caseDeps.timeZoneOf,
    activeFirmIds: firms.activeIds,
    wake: () => jobs.wake(CASE_STATUS_QUEUE),
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
    tables: deps.backupTables,
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
        factsToPeople: people.fillFromDocument,
        logger,
      }),
      [REMINDER_QUEUE]: reminders.queue,
      [CASE_STATUS_QUEUE]: caseStatusDaily.queue,
      [REPORTS_QUEUE]: reports.queue,
    },
  });
  const forms = createFormsService({
    db,
    storage,
    cases,
    people,
    documents,
    timeZoneOf: caseDeps.timeZoneOf,
    firmProfileOf: firms.profileById,
    firmUsers: accounts.listByFirm,
    attorneyOf: accounts.attorneyOf,
    // Uploaded editions are read, and packets built, in the sandbox's worker processes.
    sandbox,
    questionOf: questionOfField,
  });
  // The firm's dated USCIS filing addresses, which a cover letter prints (addressFor).
  const filingAddresses = createFilingAddressesService({ db, namesOf: accounts.namesOf });
  const filingAddressesRoutes = filingAddressesFeature({ kit, filingAddresses });
  // The Legal Brief Generator: the case's facts and the rules, the optional model for the prose.
  const brief = createBriefService({
    cases,
    people,
    documents,
    factsOf: ai.caseFactsOf,
    docketOf: async (actor, caseId) => (await ai.docket.list(actor, { caseId })).items,
    async editionsOf(actor) {
      const catalog = await forms.catalog(actor);
      return new Map(
        [...catalog.forms, ...catalog.always].map((f) => [
          f.code,
          { title: f.title, edition: f.source === 'not-uploaded' ? null : f.edition },
        ]),
      );
    },
    filingAddressOf: filingAddresses.addressFor,
    firmProfileOf: firms.profileById,
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
    tables: deps.backupTables,
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
    cleanup: cleanupSources({ backups }),
  });

  // The rules' dated tables staff add: held by every process, reloaded on every process when changed.
  const ruleTables = createRuleTablesService({ db, redis, redisPrefix, logger });
  const ruleTablesRoutes = ruleTablesFeature({ kit, ruleTables });
  const caseStatusTools = caseStatusFeature({
    kit,
    caseStatus,
    daily: config.caseStatusChecks && config.uscis ? caseStatusDaily : undefined,
    logger,
  });
  // The AI tools' routes, which the case page and the dashboard also read through (with the case's USCIS
  // status card, which src/cases/feature.ts reads from the same object).
  const aiTools = {
    ...aiFeature({
      kit,
      ai,
      documents,
      reminders: config.deadlineReminders ? reminders : undefined,
      logger,
    }),
    caseStatusFor: caseStatusTools.caseStatusFor,
  };
  return {
    sessions,
    endSessions,
    access,
    storage,
    firmsIn,
    firms,
    sealer,
    settingsIn,
    settings,
    checkHost,
    mail,
    sandbox,
    branding,
    emailTest,
    passwords,
    auth,
    mfa,
    render,
    inFlight,
    heavy,
    kit,
    invitations,
    users,
    accounts,
    caseDeps,
    cases,
    clients,
    people,
    intake,
    portal,
    transfer,
    documents,
    ai,
    reminders,
    caseStatus,
    aiUsage,
    reports,
    restores,
    jobs,
    forms,
    brief,
    backups,
    admin,
    aiTools,
    caseStatusTools,
    ruleTables,
    ruleTablesFeature: ruleTablesRoutes,
    filingAddresses,
    filingAddressesFeature: filingAddressesRoutes,
    config,
    database,
    redis,
    redisPrefix,
    logger,
    cookieName: deps.cookieName,
  };
}

export type Services = ReturnType<typeof createServices>;
