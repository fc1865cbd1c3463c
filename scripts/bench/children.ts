// Child processes, temporary folders and clean-up: whatever the bench starts, it also ends, even on failure.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = path.resolve(__dirname, '..', '..');

const running = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const cleanups: Array<() => Promise<void>> = [];

export type Child = {
  name: string;
  pid: number;
  baseUrl: string;
  /** performance.now() just before spawn: the start of "time to first answer". */
  spawnedAt: number;
  alive(): boolean;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
};

export type StartOptions = {
  name: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Send stdout to /dev/null: draining a pipe would cost the bench CPU while the app logs every request. */
  discardStdout?: boolean;
};

/** Variables the app reads; never inherited from the caller's shell, so each run is exactly the one described. */
const APP_VARIABLES = [
  'PORT',
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'DATA_DIR',
  'SESSION_SECRET',
  'API_BASE_URL',
  'PUBLIC_URL',
  'DEMO',
  'DEMO_PASSWORD',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'SALES_EMAIL',
  'NODE_OPTIONS',
];

export function startChild(options: StartOptions): Child {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of APP_VARIABLES) delete env[key];
  Object.assign(env, options.env, { PORT: String(options.port) });

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', options.discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  running.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const alive = () => child.exitCode === null && child.signalCode === null;

  return {
    name: options.name,
    pid: child.pid ?? 0,
    baseUrl: `http://127.0.0.1:${options.port}`,
    spawnedAt,
    alive,
    output: () => tail.trim(),
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      // The app finishes requests in flight and closes its database; give it a moment, then insist.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Polls `urlPath` every `intervalMs` until it answers 2xx; returns milliseconds since the spawn.
 * Rejects with the child's output if it exits first or takes longer than `timeoutMs`.
 */
export async function waitForAnswer(
  child: Child,
  urlPath: string,
  timeoutMs = 60_000,
  intervalMs = 10,
): Promise<number> {
  for (;;) {
    const status = await probe(`${child.baseUrl}${urlPath}`);
    if (status >= 200 && status < 300) return performance.now() - child.spawnedAt;
    if (!child.alive()) throw new Error(`${child.name} exited before answering:\n${child.output()}`);
    if (performance.now() - child.spawnedAt > timeoutMs) {
      throw new Error(`${child.name} did not answer within ${timeoutMs} ms:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** One GET without keep-alive; 0 when nothing listens yet. */
function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Registers asynchronous clean-up (e.g. dropping a database schema), run once by `cleanUp`. */
export function onCleanUp(task: () => Promise<void>): void {
  cleanups.push(task);
}

/** Stops every child, runs registered tasks and removes temporary folders. Safe to call more than once. */
export async function cleanUp(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child)));
  for (const task of cleanups.splice(0).reverse()) {
    await task().catch((error: unknown) => console.error(`clean-up: ${(error as Error).message}`));
  }
  removeTempDirs();
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function removeTempDirs(): void {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Last resort when the bench dies abruptly: nothing asynchronous can run here, so kill and delete.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  removeTempDirs();
});
