// The real server as production runs it: the built bundle, NODE_ENV=production, demo data, a chosen store.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { type Child, freePort, ROOT, startChild, waitForAnswer } from './children';

export const SESSION_COOKIE = '__Host-reti.sid';
export const DEMO_PASSWORD = `Bench-${crypto.randomBytes(9).toString('base64url')}`;
const SESSION_SECRET = crypto.randomBytes(32).toString('hex');
const SETTINGS_KEY = crypto.randomBytes(32).toString('hex');

export type AppOptions = {
  name: string;
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: 'silent' | 'info';
};

export type RunningApp = Child & { startupMs: number };

export async function startApp(options: AppOptions): Promise<RunningApp> {
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SESSION_SECRET,
    SETTINGS_KEY,
    DEMO: '1',
    DEMO_PASSWORD,
    LOG_LEVEL: options.logLevel,
    // Production sets a Secure cookie only on HTTPS; the bench plays the TLS-terminating proxy in front
    // (it sends X-Forwarded-Proto: https when signing in), as a real deployment would.
    TRUST_PROXY: 'loopback',
    // The origin the browser uses (127.0.0.1 would fail the app's same-origin check on sign-in).
    PUBLIC_URL: `http://localhost:${port}`,
  };
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  const child = startChild({
    name: options.name,
    args: [path.join(ROOT, 'dist', 'server.js')],
    env,
    port,
    discardStdout: options.logLevel !== 'silent',
  });
  try {
    const startupMs = await waitForAnswer(child, '/node/ping');
    return Object.assign(child, { startupMs });
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/** Signs in through the JSON API and returns the Cookie header value of the new session. */
export async function signIn(baseUrl: string, userId = 'admin'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ user_id: userId, password: DEMO_PASSWORD }),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`sign-in as ${userId} answered ${res.status}: ${body}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie)
    throw new Error(`sign-in as ${userId} answered ${res.status} but set no ${SESSION_COOKIE} cookie`);
  return cookie.split(';')[0];
}

/** Ends the session through the API, so the bench leaves no sessions behind in a shared Redis. */
export async function signOut(baseUrl: string, cookie: string, csrfToken: string): Promise<void> {
  await fetch(`${baseUrl}/api/auth/logout`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, 'x-forwarded-proto': 'https' },
  });
}

/** Fetches a signed-in page once and checks it really is that page (not a redirect to sign-in). */
export async function signedInPage(
  baseUrl: string,
  urlPath: string,
  cookie: string,
): Promise<{ csrfToken: string }> {
  const res = await fetch(`${baseUrl}${urlPath}`, { headers: { cookie }, redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200)
    throw new Error(
      `${urlPath} answered ${res.status} (location ${res.headers.get('location')}) with the session cookie`,
    );
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`${urlPath} rendered without a CSRF token: not a signed-in page?`);
  return { csrfToken: token };
}

/** Builds dist/ when it is missing or older than the sources, like `npm start` does (the bench itself excluded). */
export async function buildIfStale(): Promise<boolean> {
  const stamp = path.join(ROOT, 'dist', '.built');
  const required = [
    stamp,
    path.join(ROOT, 'dist', 'server.js'),
    path.join(ROOT, 'dist', 'public', 'manifest.json'),
  ];
  const builtAt = required.every((f) => fs.existsSync(f)) ? fs.statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...['src', 'views', 'islands', 'scripts'].map((d) => newestMtime(path.join(ROOT, d))),
    fs.statSync(path.join(ROOT, 'package.json')).mtimeMs,
  );
  if (builtAt >= sourcesAt) return false;
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build failed (exit code ${code})`)),
    );
  });
  return true;
}

const BENCH_DIR = path.join(ROOT, 'scripts', 'bench');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (full === BENCH_DIR) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}
