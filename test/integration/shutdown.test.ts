import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../helpers/poll';
import { exitWithin, killServers, listeningPort, startServer } from '../helpers/process';

// Each test starts a server on a fresh data folder: a cold start (see listeningPort) before what is tested.
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
