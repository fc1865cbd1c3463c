import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { documentsDirOf } from '../../src/documents/storage';
import { signIn, startTestApp, type TestApp } from '../helpers/app';
import { killServers, listeningPort, startServer } from '../helpers/process';
import { waitFor } from '../helpers/poll';

const CSRF_REFUSED = 'Your security token is missing or out of date. Reload the page and try again.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart body built by hand, its parts in the order given (a field, or a file). */
function multipart(
  boundary: string,
  parts: Array<{ name: string; value: string | Buffer; filename?: string }>,
) {
  const chunks = parts.map(({ name, value, filename }) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
          (filename ? 'Content-Type: application/octet-stream\r\n' : '') +
          '\r\n',
      ),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
  );
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Every file that appears in `dir` while `work` runs (created, even if removed again before it ends). */
async function filesCreatedDuring(dir: string, work: () => Promise<unknown>): Promise<string[]> {
  const seen = new Set<string>();
  const watcher = fs.watch(dir, (_event, name) => name && seen.add(String(name)));
  try {
    await work();
    // inotify events arrive asynchronously: give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    watcher.close();
  }
  return [...seen];
}

describe('uploads are read only after their CSRF token and permission are checked', () => {
  let t: TestApp;
  let incoming: string;
  beforeAll(async () => {
    t = await startTestApp();
    incoming = path.join(documentsDirOf(t.config), '.incoming');
  });
  afterAll(() => t.close());

  it('refuses an API upload without the token before storing a byte of it', async () => {
    const { agent } = await signIn(t.app, 'attorney');
    let res: request.Response | undefined;
    const created = await filesCreatedDuring(incoming, async () => {
      res = await agent.post('/api/documents/upload').attach('file', PDF, 'notice.pdf');
    });
    expect(res!.status).toBe(403);
    expect(res!.body.error).toBe(CSRF_REFUSED);
    expect(created).toEqual([]);
  });

  it('takes the token from the header, or from a form field sent before the file', async () => {
    const { agent, token } = await signIn(t.app, 'attorney');
    const byHeader = await agent
      .post('/api/documents/upload')
      .set('X-CSRF-Token', token)
      .attach('file', PDF, 'notice.pdf');
    expect(byHeader.status).toBe(201);
    const boundary = 'reti-boundary';
    const byField = await agent
      .post('/api/documents/upload')
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(
        multipart(boundary, [
          { name: '_csrf', value: token },
          { name: 'file', value: PDF, filename: 'a.pdf' },
        ]),
      );
    expect(byField.status).toBe(201);
  });

  it('refuses a no-JS upload form whose token comes after the file, or is wrong, storing nothing', async () => {
    const { agent, token } = await signIn(t.app, 'attorney');
    const boundary = 'reti-boundary';
    for (const parts of [
      [
        { name: 'file', value: PDF, filename: 'a.pdf' },
        { name: '_csrf', value: token },
      ],
      [
        { name: '_csrf', value: 'f'.repeat(64) },
        { name: 'file', value: PDF, filename: 'a.pdf' },
      ],
    ]) {
      let res: request.Response | undefined;
      const created = await filesCreatedDuring(incoming, async () => {
        res = await agent
          .post('/user/documents/upload')
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
          .send(multipart(boundary, parts));
      });
      expect(res!.status).toBe(403);
      expect(res!.text).toContain(CSRF_REFUSED);
      expect(created).toEqual([]);
    }
  });

  it('refuses an upload the matrix denies before reading its body', async () => {
    const staff = await signIn(t.app, 'reti');
    const entries = (await staff.agent.get('/api/permissions').expect(200)).body as Array<{
      id: string;
      name: string;
      permissions: Array<{ roleId: string; canRead: boolean; canWrite: boolean; canDelete: boolean }>;
    }>;
    const upload = entries.find((e) => e.name === 'Upload Document')!;
    const deny = (roleId: string) => ({ roleId, canRead: false, canWrite: false, canDelete: false });
    await staff.agent
      .put(`/api/permissions/${upload.id}`)
      .set('X-CSRF-Token', staff.token)
      .send({ permissions: [deny('user'), ...upload.permissions.filter((p) => p.roleId !== 'user')] })
      .expect(200);
    try {
      const { agent, token } = await signIn(t.app, 'attorney');
      const boundary = 'reti-boundary';
      for (const url of ['/api/documents/upload', '/user/documents/upload']) {
        let res: request.Response | undefined;
        const created = await filesCreatedDuring(incoming, async () => {
          res = await agent
            .post(url)
            .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
            .send(
              multipart(boundary, [
                { name: '_csrf', value: token },
                { name: 'file', value: PDF, filename: 'a.pdf' },
              ]),
            );
        });
        expect(res!.status).toBe(403);
        expect(created).toEqual([]);
      }
    } finally {
      await staff.agent
        .put(`/api/permissions/${upload.id}`)
        .set('X-CSRF-Token', staff.token)
        .send({ permissions: upload.permissions })
        .expect(200);
    }
  });

  it('refuses multipart sent to a route that takes no file unless the header carries the token', async () => {
    const { agent, token } = await signIn(t.app, 'attorney');
    const boundary = 'reti-boundary';
    const res = await agent
      .post('/api/auth/refresh')
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(multipart(boundary, [{ name: '_csrf', value: token }]));
    expect(res.status).toBe(403);
  });
});

describe('a cut-off multipart request', () => {
  afterAll(killServers);

  it('is refused, and the server keeps answering', async () => {
    const dataDir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'reti-cutoff-'));
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, DEMO_PASSWORD: 'Cut-Off-Demo-2026!' });
    try {
      const port = await listeningPort(server);
      const base = `http://127.0.0.1:${port}`;
      const login = await request(base)
        .post('/api/auth/login')
        .send({ user_id: 'admin', password: 'Cut-Off-Demo-2026!' })
        .expect(200);
      const cookie = String(login.headers['set-cookie']![0]).split(';')[0];
      // The 90 bytes of the report: a logo part that ends in the middle of its file, with no token at all.
      const body = '--zz\r\nContent-Disposition: form-data; name="logo"; filename="a.svg"\r\n\r\n<svg';
      for (const url of ['/admin/settings/appearance/logo', '/api/settings/appearance/logo']) {
        const answer = await new Promise<string>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write(
              `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
                `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
            );
          });
          let received = '';
          socket.on('data', (d) => (received += d));
          socket.on('close', () => resolve(received));
          socket.on('error', () => resolve(received));
        });
        expect(answer).toMatch(/^HTTP\/1\.1 403 /);
      }
      await waitFor(async () => (await fetch(`${base}/node/ping`)).ok, 5000);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toContain('Unhandled');
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
