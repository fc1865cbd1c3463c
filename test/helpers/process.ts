import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './poll';
import { TEMPLATE_FILE } from './template';

/** The bundled server, built by the jest globalSetup. */
export const SERVER = path.join(__dirname, '..', '..', 'dist', 'server.js');

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

const children: ChildProcess[] = [];

/** Kills what a test file started and left running; call it from afterAll. */
export const killServers = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));

/**
 * Puts the run's prepared PGlite template (migrated, demo firm seeded with DEMO_PASSWORD, no documents)
 * into a fresh data folder, so that a server started on it skips migrating and seeding.
 */
export function templateInto(dataDir: string): void {
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata)) return;
  fs.mkdirSync(pgdata, { recursive: true });
  execFileSync('tar', ['-xf', TEMPLATE_FILE, '-C', pgdata]);
}

export type StartOptions = {
  /**
   * A cold start: the server migrates and seeds its empty data folder itself (the first start of a
   * fresh install). Otherwise a PGlite server starts from the template, whose demo logins sign in with
   * DEMO_PASSWORD of test/helpers/app.
   */
  cold?: boolean;
};

/**
 * The built server in a process of its own. Without the demo firm's documents unless the env asks for
 * them (DEMO_DOCUMENTS=1): their analysis is minutes of OCR in the background, beside the test.
 */
export function startServer(env: Record<string, string>, options: StartOptions = {}): ServerProcess {
  if (env.DATA_DIR && !env.DATABASE_URL && !options.cold) templateInto(env.DATA_DIR);
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DOCUMENTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * The port a server started with PORT=0 printed once it listens. A cold start on a fresh data folder
 * migrates and seeds (7 s on an idle machine); while the browser tests run beside it, it can take
 * several times that. From the template it is a second or two.
 */
export async function listeningPort(server: ServerProcess): Promise<number> {
  const printed = /is running at http:\/\/localhost:(\d+)/;
  await waitFor(() => printed.test(server.output()) || server.child.exitCode !== null, 50_000);
  const match = printed.exec(server.output());
  if (!match) throw new Error(`The server did not start:\n${server.output()}`);
  return Number(match[1]);
}

/** Resolves with the exit code, or with 'running' if the process is still alive after `ms`. */
export const exitWithin = (server: ServerProcess, ms: number) =>
  Promise.race([
    server.exited,
    new Promise<'running'>((resolve) => setTimeout(resolve, ms, 'running').unref()),
  ]);

/** The IDs of the processes whose parent is `parentPid` and whose command line holds `containing` (Linux /proc). */
export function childProcesses(parentPid: number, containing: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The fields after the command's name (which may hold spaces) in parentheses: state, then parent.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === parentPid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(containing);
      } catch {
        return false; // it ended meanwhile
      }
    })
    .map(Number);
}
