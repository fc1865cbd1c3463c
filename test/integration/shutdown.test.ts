import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitWithin, killServers, listeningPort, startServer } from '../helpers/process';

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
});
