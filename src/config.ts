import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedHosts, type PrivateHostsAllowed } from './mail/hosts';
import { canonicalTimeZone } from './shared/dates';

/** The demo password used when DEMO_PASSWORD is unset (never in production). */
export const DEFAULT_DEMO_PASSWORD = 'Reti-Demo-2026!';

/** Where pages show times when TIME_ZONE is unset: the firms are in the United States. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * USCIS's Case Status API when USCIS_API_BASE_URL is unset: its sandbox, the only base USCIS publishes
 * (https://developer.uscis.gov/get-started/sandbox); the production base comes with production access.
 */
const USCIS_SANDBOX_URL = 'https://api-int.uscis.gov';

const protocolOf = (value: string) => {
  try {
    return new URL(value).protocol;
  } catch {
    return undefined;
  }
};

const url = (protocols: string[]) =>
  z
    .string()
    .refine(
      (v) => protocols.includes(protocolOf(v) ?? ''),
      `must be a URL starting with ${protocols.join(' or ')}//`,
    );

/**
 * TIME_ZONE: an IANA name. Not an offset such as '+05:00', which some Intl versions take: an offset knows
 * no daylight saving time.
 */
const timeZone = z.string().transform((name, ctx) => {
  const known = /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name) && canonicalTimeZone(name);
  if (known) return known;
  ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone name such as America/New_York' });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  API_BASE_URL: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$|^https?:\/\/\S+$/, 'must be a path such as /api or an http(s) URL')
    .default('/api'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  // Unset: on outside production, off in production.
  DEMO: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1, true, 0 or false' }).optional(),
  DEMO_DOCUMENTS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1, true, 0 or false' })
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\w.:/, -]+)$/, 'must be true, false, a hop count or a list of addresses')
    .optional(),
  SALES_EMAIL: z.string().email().default('sales@reti-immigration.example'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  SMTP_ALLOW_PRIVATE_HOSTS: z
    .string()
    .transform((value, ctx): PrivateHostsAllowed => {
      if (value === '1' || value === 'true') return true;
      if (value === '0' || value === 'false') return [];
      const ranges = parseAllowedHosts(value.split(',').map((entry) => entry.trim()));
      if (ranges) return ranges;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be 1, true, 0, false or a list of addresses and ranges such as 10.0.5.20,192.168.1.0/24',
      });
      return z.NEVER;
    })
    .default([]),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
      'must be an address such as Name <name@example.com>',
    )
    .default('Reti Immigration <no-reply@reti-immigration.example>'),
  TIME_ZONE: timeZone.default(DEFAULT_TIME_ZONE),
  SETTINGS_KEY: z
    .string()
    .regex(
      /^[0-9a-fA-F]{64}$/,
      'must be 64 hexadecimal characters (32 bytes), e.g. from openssl rand -hex 32',
    )
    .optional(),
  LLM_BASE_URL: url(['http:', 'https:']).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().max(200).optional(),
  DAILY_BACKUPS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1, true, 0 or false' })
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true'),
  DEADLINE_REMINDERS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1, true, 0 or false' })
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true'),
  USCIS_CLIENT_ID: z.string().max(500).optional(),
  USCIS_CLIENT_SECRET: z.string().max(500).optional(),
  USCIS_API_BASE_URL: url(['http:', 'https:']).default(USCIS_SANDBOX_URL),
  CASE_STATUS_CHECKS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1, true, 0 or false' })
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true'),
});

export type Config = {
  port: number;
  env: 'development' | 'production' | 'test';
  production: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  dataDir: string;
  sessionSecret: string;
  apiBaseUrl: string;
  publicUrl: string;
  demo: boolean;
  /**
   * Whether the demo firm gets its 89 documents (stored, then analyzed in the background: OCR of the scans
   * takes minutes of CPU). Off for servers that need the demo logins and cases but not the documents.
   */
  demoDocuments: boolean;
  demoPassword: string;
  logLevel: string;
  trustProxy: boolean | number | string;
  salesEmail: string;
  /** Unset: emails stay in the outbox table and are written to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** The private or local addresses a firm's own mail server may be on (none by default; true: all). */
  smtpAllowPrivateHosts: PrivateHostsAllowed;
  /** The time zone pages show times in (an IANA name) where a firm has not chosen its own. */
  timeZone: string;
  /** Seals secrets kept in the database (a firm's SMTP password, TOTP secrets): AES-256-GCM, 32 bytes. */
  settingsKey: Buffer;
  /** An OpenAI-compatible LLM; unset: the product runs without one ("Not configured"). */
  llm?: { baseUrl: string; apiKey?: string; model?: string };
  /** Whether every app process makes each firm's daily backup (and prunes old ones). */
  dailyBackups: boolean;
  /** Whether every app process queues each firm's daily deadline reminder emails. */
  deadlineReminders: boolean;
  /** USCIS's Case Status API (OAuth2 client credentials); unset: the case status is "not configured". */
  uscis?: { clientId: string; clientSecret: string; baseUrl: string };
  /** Whether every app process queues each firm's daily check of its receipt numbers with USCIS. */
  caseStatusChecks: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable and the problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.DEMO === undefined ? !production : e.DEMO === '1' || e.DEMO === 'true';
  if (production && !e.SESSION_SECRET)
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production');
  if (production && !e.SETTINGS_KEY)
    throw new ConfigError('Invalid configuration:\n  SETTINGS_KEY: required in production');
  if (Boolean(e.USCIS_CLIENT_ID) !== Boolean(e.USCIS_CLIENT_SECRET))
    throw new ConfigError(
      `Invalid configuration:\n  ${e.USCIS_CLIENT_ID ? 'USCIS_CLIENT_SECRET' : 'USCIS_CLIENT_ID'}: required with the other (USCIS credentials come in pairs)`,
    );
  if (production && demo && !e.DEMO_PASSWORD)
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_PASSWORD: required when DEMO=1 in production (no default credentials)',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    env: e.NODE_ENV,
    production,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? developmentSecret(dataDir, 'session-secret'),
    apiBaseUrl: e.API_BASE_URL.replace(/\/$/, ''),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demo,
    demoDocuments: demo && e.DEMO_DOCUMENTS,
    demoPassword: e.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    salesEmail: e.SALES_EMAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpAllowPrivateHosts: e.SMTP_ALLOW_PRIVATE_HOSTS,
    timeZone: e.TIME_ZONE,
    settingsKey: Buffer.from(e.SETTINGS_KEY ?? developmentSecret(dataDir, 'settings-key'), 'hex'),
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
      : undefined,
    dailyBackups: e.DAILY_BACKUPS,
    deadlineReminders: e.DEADLINE_REMINDERS,
    uscis:
      e.USCIS_CLIENT_ID && e.USCIS_CLIENT_SECRET
        ? {
            clientId: e.USCIS_CLIENT_ID,
            clientSecret: e.USCIS_CLIENT_SECRET,
            baseUrl: e.USCIS_API_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    caseStatusChecks: e.CASE_STATUS_CHECKS,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Outside production the session secret and the settings key are generated once and kept in DATA_DIR, so
 * restarts keep sessions and can still open sealed secrets.
 */
function developmentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
