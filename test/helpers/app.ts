import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import pg from 'pg';
import request from 'supertest';
import { createApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/database';
import { connectRedis, createRedis, type Redis } from '../../src/db/redis';
import { prepareDatabase } from '../../src/setup';
import { ROLE_HOME } from '../../src/shared/constants';
import type { Role } from '../../src/shared/session';
import { createSettingsService } from '../../src/settings/service';
import { DEFAULT_SECURITY } from '../../src/shared/settings';
import { createUsersService } from '../../src/users/service';
import { pgliteTemplate, POSTGRES_TEMPLATE_VARIABLE } from './template';
import { DEMO_FIRM } from '../../src/demo/accounts';
import { readManifest } from '../../src/http/assets';
import { createLogger } from '../../src/logger';

export const DEMO_PASSWORD = 'Test-Demo-Password-1!';
export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export const REDIS_URL = process.env.REDIS_URL;

export type TestAppOptions = {
  backend?: Backend;
  /** Sessions and rate limits in Redis (REDIS_URL), or a Redis URL of our own (e.g. an unreachable one). */
  redis?: boolean | string;
  env?: Record<string, string>;
  limits?: {
    loginFailures: number;
    loginFailuresPerAccount?: number;
    contactRequests: number;
    passwordResets?: number;
  };
  /** Where the app logs; silent unless a test reads the lines. */
  logger?: Logger;
  /** Rewrites the app's PostgreSQL URL, e.g. to reach the server through a test's own proxy. */
  postgresUrl?: (url: string) => string;
};

export type TestApp = {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: Database;
  redis?: Redis;
  redisPrefix: string;
  close(): Promise<void>;
};

/** A PostgreSQL schema of its own for one test file, so parallel files never meet. */
export async function postgresSchema(
  base = process.env.TEST_DATABASE_URL!,
): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** The URL of the database `name` on the server of `base`. */
export function postgresDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own for one test app: a copy of the run's prepared template (see global-setup), so
 * migrated and demo-seeded already. Undefined when the run made none.
 */
export async function postgresCopy(
  base = process.env.TEST_DATABASE_URL!,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (!template) return undefined;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // WAL_LOG (PostgreSQL 15's default, named for older defaults): no checkpoint, which FILE_COPY waits for.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY WAL_LOG`);
  await admin.end();
  return {
    url: postgresDatabaseUrl(base, name),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const backend = options.backend ?? 'pglite';
  // PostgreSQL: a copy of the run's template, or (without one) a schema of its own, prepared below.
  const copy = backend === 'postgres' ? await postgresCopy() : undefined;
  const pgSchema = backend === 'postgres' ? (copy ?? (await postgresSchema())) : undefined;
  // A folder of its own (documents' files, backups), removed on close: parallel apps share firm IDs.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    SETTINGS_KEY: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    // No test app makes backups in the background; the backups tests run the daily pass themselves.
    DAILY_BACKUPS: '0',
    // Nor does any queue deadline reminders by the clock; the reminders tests run them themselves.
    DEADLINE_REMINDERS: '0',
    ...options.env,
  });
  const url = pgSchema && (options.postgresUrl?.(pgSchema.url) ?? pgSchema.url);
  // PGlite starts from the run's prepared template.
  const database = await openDatabase({
    url,
    dataDir: 'memory://',
    template: url ? undefined : pgliteTemplate(),
  });
  if (url && !copy) await prepareDatabase(database, { demoPassword: DEMO_PASSWORD });
  const logger = options.logger ?? createLogger('silent');
  const redisUrl = typeof options.redis === 'string' ? options.redis : options.redis ? REDIS_URL : undefined;
  const redis = redisUrl ? createRedis(redisUrl, logger) : undefined;
  if (redis) await connectRedis(redis, 500);
  const redisPrefix = `test:${crypto.randomBytes(6).toString('hex')}:`;
  const app = createApp({
    config,
    database,
    redis,
    logger,
    manifest: readManifest(),
    redisPrefix,
    limits: options.limits ?? {
      loginFailures: 1000,
      loginFailuresPerAccount: 1000,
      contactRequests: 1000,
      passwordResets: 1000,
    },
  });
  await app.start();
  return {
    app,
    config,
    database,
    redis,
    redisPrefix,
    async close() {
      await app.close();
      if (redis?.isReady) {
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length) await redis.del(keys);
      }
      if (redis?.isOpen) await redis.close().catch(() => redis.destroy());
      else redis?.destroy();
      await database.close();
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serves a test app on a free loopback port, for the browser tests. */
export async function listen(testApp: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  const server = testApp.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const countRows = async (
  database: Database,
  table: 'contact_requests' | 'outbox' | 'audit_log' | 'sessions' | 'firms' | 'users' | 'actions',
) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.db))
      .rows[0].n,
  );

/** What a person reads: the HTML without tags, React's text separators or repeated white space. */
export const visibleText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<\/?(span|strong|em|b|a)(\s[^>]*)?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The CSRF token a signed-in page carries in its <meta name="csrf-token">. */
export const csrfFrom = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** The id of the demo data set's firm, "Demo Immigration Law". */
export const demoFirmId = async (database: Database) =>
  (
    await database.db
      .selectFrom('firms')
      .select('id')
      .where('name', '=', DEMO_FIRM.name)
      .executeTakeFirstOrThrow()
  ).id;

/** The ID of the catalog's action of this name (a permission row's, an action's page). */
export const actionIdNamed = async (database: Database, name: string) =>
  (await database.db.selectFrom('actions').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

/** The demo data set's sign-in name for each role. */
export const DEMO_LOGINS = { user: 'attorney', admin: 'admin', reti: 'reti', client: 'client' } as const;

export type SignedIn = { agent: request.Agent; token: string; home: string };

/** The JSON API as a signed-in person calls it: paths under /api, the session's CSRF token on each change. */
export const apiAs = (as: SignedIn) => ({
  get: (path: string) => as.agent.get(`/api${path}`),
  post: (path: string, body: object = {}) =>
    as.agent.post(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  put: (path: string, body: object = {}) =>
    as.agent.put(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  patch: (path: string, body: object = {}) =>
    as.agent.patch(`/api${path}`).set('X-CSRF-Token', as.token).send(body),
  delete: (path: string) => as.agent.delete(`/api${path}`).set('X-CSRF-Token', as.token),
});

/**
 * A browser-like agent signed in as `loginId` (through the API), with its session's CSRF token, read
 * from the user's home page the way an island reads it.
 */
export async function signIn(
  app: TestApp['app'],
  loginId: string,
  password = DEMO_PASSWORD,
): Promise<SignedIn> {
  const agent = request.agent(app);
  const login = await agent.post('/api/auth/login').send({ user_id: loginId, password });
  if (login.status !== 200)
    throw new Error(`signing in as ${loginId} answered ${login.status}: ${login.text}`);
  const home = ROLE_HOME[login.body.role_name as Role];
  const token = csrfFrom((await agent.get(home)).text);
  if (!token) throw new Error(`no CSRF token on ${home}`);
  return { agent, token, home };
}

let firms = 0;

/**
 * Another firm beside the demo firm, active, with an administrator and a user who can sign in (with
 * DEMO_PASSWORD): the other tenant of a tenant-isolation test.
 */
export async function secondFirm(t: TestApp): Promise<{ id: string; admin: string; user: string }> {
  const n = ++firms;
  const { id } = await t.database.db
    .insertInto('firms')
    .values({
      name: `Second Street Immigration ${n}`,
      contact_person: 'Sam Ortiz',
      contact_role: 'Founder',
      email: `office${n}@second-street.example`,
      phone: '+1 (555) 010-4000',
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users = createUsersService(t.database.db);
  const account = (loginId: string, role: 'admin' | 'user') =>
    users.create(
      {
        firmId: id,
        loginId,
        firstName: 'Sam',
        email: `${loginId}@second-street.example`,
        role,
        password: DEMO_PASSWORD,
      },
      'basic',
    );
  const admin = await account(`second${n}.admin`, 'admin');
  await account(`second${n}.user`, 'user');
  // A new firm requires two-factor sign-in of its administrators (the default); this tenant's admin signs
  // in with a password alone, as the demo firm's does, so its setting is off (test/integration/mfa.test.ts
  // covers the setting on).
  await createSettingsService({ db: t.database.db }).saveSecurity({ id: admin.id }, id, {
    ...DEFAULT_SECURITY,
    twoFactorAdmins: false,
  });
  return { id, admin: `second${n}.admin`, user: `second${n}.user` };
}
