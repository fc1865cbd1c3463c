import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../helpers/poll';
import { exitWithin, killServers, listeningPort, startServer, templateInto } from '../helpers/process';

// Each test starts a server on a fresh data folder, from the run's prepared template (see startServer).
jest.setTimeout(90_000);

describe('stopping the server process', () => {
  const dataDirs: string[] = [];
  const dataDir = () => {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'reti-shutdown-')));
    return dataDirs.at(-1)!;
  };
  afterAll(() => {
    killServers();
    dataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it('exits on SIGTERM even when the reader of its stdout has gone', async () => {
    // Info level, so that shutting down writes log lines into the broken pipe.
    const server = startServer({ PORT: '0', DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
    await listeningPort(server);
    server.child.stdout!.destroy();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 3000)).toBe(0);
  });

  it('finishes what is in flight under keep-alive load, resets nothing, and exits 0 well inside the grace period', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir() });
    const port = await listeningPort(server);
    const tally = { completed: 0, failedMidResponse: 0, reset: 0, refused: 0 };
    const get = (agent: http.Agent) =>
      new Promise<'answered' | 'refused'>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: '/public', agent }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) tally.completed++;
              resolve('answered');
            });
            res.on('error', () => {
              tally.failedMidResponse++;
              resolve('answered');
            });
          })
          .on('error', (error: NodeJS.ErrnoException) => {
            // Refused: a new connection after the server stopped listening, which it never saw.
            if (error.code === 'ECONNREFUSED') tally.refused++;
            else tally.reset++;
            resolve('refused');
          });
      });
    const until = Date.now() + 15_000;
    const client = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until && (await get(agent)) === 'answered');
      agent.destroy();
    };
    // One more keep-alive connection that answered once and then sits idle.
    const idle = new http.Agent({ keepAlive: true });
    await get(idle);
    const clients = Array.from({ length: 6 }, client);
    await waitFor(() => tally.completed >= 300);

    const stopped = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 5000)).toBe(0);
    const seconds = (Date.now() - stopped) / 1000;
    await Promise.all(clients);
    idle.destroy();

    expect(tally.failedMidResponse).toBe(0);
    expect(tally.reset).toBe(0);
    expect(tally.refused).toBe(6);
    expect(seconds).toBeLessThan(3);
  });
});

/** The processes of a process group, by reading /proc (field 5 of stat is the group). */
function groupMembers(pgid: number): Array<{ pid: number; cmd: string }> {
  const members: Array<{ pid: number; cmd: string }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie has ended already; only its parent has yet to read its exit status.
      if (Number(fields[2]) === pgid && fields[0] !== 'Z')
        members.push({
          pid: Number(entry),
          cmd: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '),
        });
    } catch {
      // The process ended while being read.
    }
  }
  return members;
}

describe('npm start', () => {
  const root = path.join(__dirname, '..', '..');
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children)
      for (const member of groupMembers(child.pid!)) process.kill(member.pid, 'SIGKILL');
    dataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  /** `npm start` in a process group of its own, once its server listens. */
  async function npmStart() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-npm-start-'));
    dataDirs.push(dataDir);
    templateInto(dataDir);
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DEMO_DOCUMENTS: '0',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitFor(
      () => /is running at http:\/\/localhost:\d+/.test(output) || child.exitCode !== null,
      60_000,
    );
    expect(output).toMatch(/is running at/);
    return { child, output: () => output };
  }

  it('stops the server within its drain time when npm alone is sent SIGTERM', async () => {
    const { child, output } = await npmStart();
    expect(groupMembers(child.pid!).some((m) => m.cmd.includes('dist/server.js'))).toBe(true);
    const started = Date.now();
    child.kill('SIGTERM');
    await waitFor(() => groupMembers(child.pid!).length === 0, 12_000);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(output()).toContain('"msg":"stopped"');
  });

  it('stops the server when the process that started it is killed outright', async () => {
    const { child } = await npmStart();
    const runner = groupMembers(child.pid!).find((m) => m.cmd.includes('scripts/run.mjs'))!;
    process.kill(runner.pid, 'SIGKILL');
    await waitFor(() => !groupMembers(child.pid!).some((m) => m.cmd.includes('dist/server.js')), 12_000);
  });
});
