import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../helpers/poll';
import { killServers, SERVER, listeningPort, startServer } from '../helpers/process';

afterAll(killServers);

const get = (port: number, p: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-process-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir }, { cold: true });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT: ');
  });

  it('starts on PGlite, prints the URL and demo logins, refuses a second process on the folder, and stops cleanly on SIGTERM', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { cold: true });
    const port = await listeningPort(server);
    await waitFor(() => server.output().includes('demo logins'));
    expect(server.output()).toContain(`Reti Immigration is running at http://localhost:${port}`);
    expect(server.output()).toContain(
      'demo logins: reti, admin, attorney, client, cliente; password: the default "Reti-Demo-2026!"',
    );
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(true);

    const second = startServer({ PORT: '0', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder is in use by process ${server.child.pid}`);

    expect((await get(port, '/api/health/check')).status).toBe(200);
    // A large answer whose headers have arrived is in flight: SIGTERM must let it finish.
    const manifest = JSON.parse(fs.readFileSync(path.join(SERVER, '..', 'public', 'manifest.json'), 'utf8'));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port, path: manifest.hydrate }, resolve),
    );
    response.pause();
    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('shutting down'));
    let bytes = 0;
    response.on('data', (d: Buffer) => (bytes += d.length));
    response.resume();
    await new Promise((r) => response.on('end', r));
    expect(response.statusCode).toBe(200);
    expect(bytes).toBe(Number(response.headers['content-length']));
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
  }, 60_000);
});
