import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { parse } from 'yaml';

type Service = { command?: string[]; volumes?: string[] };
const compose = parse(fs.readFileSync(path.join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const redisService = compose.services.redis;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** redis-server with the compose file's arguments, in `dir` (the image keeps its files in /data). */
function startRedis(dir: string, port: number): Promise<ChildProcess> {
  const [command, ...args] = redisService.command ?? ['redis-server'];
  const child = spawn(command, [...args, '--dir', dir, '--port', String(port), '--bind', '127.0.0.1']);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
}

/** Stops it as `docker compose stop` does, with SIGTERM, and waits until it has gone. */
const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe('Redis in docker-compose.yml', () => {
  it('keeps its files on a named volume at /data, where the image writes them', () => {
    const mount = redisService.volumes?.map((v) => v.split(':')).find(([, target]) => target === '/data');
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(mount![0]);
  });

  it('started with its compose command, keeps a session across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-redis-'));
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let server = await startRedis(dir, port);
    try {
      const before = await createClient({ url }).connect();
      await before.set('reti:sess:restart-test', '{"user":"reti"}', { EX: 3600 });
      await before.close();
      await stopRedis(server);

      server = await startRedis(dir, port);
      const after = await createClient({ url }).connect();
      expect(await after.get('reti:sess:restart-test')).toBe('{"user":"reti"}');
      await after.close();
    } finally {
      await stopRedis(server);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
