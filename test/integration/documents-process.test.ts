import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_MAX_BYTES, type DocumentRecord } from '../../src/shared/documents';
import { csrfFrom, DEMO_PASSWORD } from '../helpers/app';
import { pdfLikeFile } from '../helpers/documents';
import { textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';
import { killServers, listeningPort, startServer } from '../helpers/process';

afterAll(killServers);

/** The bound: uploading 50 MB grows the server's resident memory by at most 30 MB. */
const RSS_GROWTH_LIMIT_MB = 30;

/** A process's resident memory (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * Streams `file` as the multipart field "file" to the upload route over one socket, from disk (the test
 * never holds it in memory). `onBodySent` runs once the whole body is handed to the socket.
 */
function streamUpload(
  port: number,
  session: { cookie: string; token: string },
  file: string,
  name: string,
  onBodySent: () => void,
): Promise<{ status: number; body: string }> {
  const boundary = `----reti-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/documents/upload',
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + fs.statSync(file).size + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.on('finish', onBodySent);
    req.write(head);
    const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** Sends the start of an upload, waits until the server has taken some of it, then drops the connection. */
async function cutOff(
  port: number,
  session: { cookie: string; token: string },
  bytes: number,
): Promise<void> {
  const boundary = `----reti-${crypto.randomBytes(8).toString('hex')}`;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/documents/upload',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(4 * bytes),
    },
  });
  const gone = new Promise<void>((resolve) => req.on('close', resolve));
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n\r\n%PDF-1.7\n`,
  );
  await new Promise<void>((resolve) => req.write(Buffer.alloc(bytes, '% part of a file\n'), () => resolve()));
  req.destroy();
  await gone;
}

describe('a 50 MB upload to the real server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-documents-process-'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-documents-upload-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('streams to disk: the server grows by at most 30 MB of memory while it takes the file in', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir });
    const port = await listeningPort(server);
    const pid = server.child.pid!;
    const base = `http://127.0.0.1:${port}`;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'attorney', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const token = csrfFrom(await (await fetch(`${base}/user/dashboard`, { headers: { cookie } })).text());
    expect(token).not.toBe('');
    const get = async (route: string) =>
      (await fetch(`${base}/api${route}`, { headers: { cookie } })).json() as Promise<
        Record<string, unknown>
      >;

    // A small upload first, analysed, so the code the upload and the analysis use is loaded before measuring.
    const warm = new FormData();
    warm.set('file', new Blob([new Uint8Array(await textPdf(['Warm-up letter']))]), 'warm-up.pdf');
    const warmed = await fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
      body: warm,
    });
    expect(warmed.status).toBe(201);
    const warmId = ((await warmed.json()) as DocumentRecord).id;
    await waitFor(async () => (await get(`/documents/${warmId}`)).status === 'done', 60_000);
    // …and no analysis is still running in the server (the demo firm's documents', were they seeded).
    await waitFor(async () => {
      const [queued, processing] = await Promise.all([
        get('/documents?status=queued&pageSize=1'),
        get('/documents?status=processing&pageSize=1'),
      ]);
      return queued.total === 0 && processing.total === 0;
    }, 60_000);

    const file = pdfLikeFile(path.join(tmp, 'fifty.pdf'), DOCUMENT_MAX_BYTES);
    const before = rssMb(pid);
    let peak = before;
    let sampling = true;
    // Sampled until the whole body is on the socket: by then the server has read all but what the socket
    // buffers hold, and its analysis of the file (which reads it whole) cannot have begun.
    const sampler = setInterval(() => sampling && (peak = Math.max(peak, rssMb(pid))), 5);
    const started = performance.now();
    let sentMs = 0;
    const res = await streamUpload(port, { cookie, token }, file, 'fifty.pdf', () => {
      peak = Math.max(peak, rssMb(pid));
      sampling = false;
      sentMs = performance.now() - started;
    });
    const answeredMs = performance.now() - started;
    const atAnswer = rssMb(pid);
    clearInterval(sampler);
    expect(res.status).toBe(201);
    const record = JSON.parse(res.body) as DocumentRecord;
    expect(record.size).toBe(DOCUMENT_MAX_BYTES);
    // Kept in the firm's folder under its ID.
    const documents = path.join(dataDir, 'documents');
    const stored = fs
      .readdirSync(documents)
      .map((folder) => path.join(documents, folder, record.id))
      .filter((candidate) => fs.existsSync(candidate));
    expect(stored.map((f) => fs.statSync(f).size)).toEqual([DOCUMENT_MAX_BYTES]);

    const megabytes = DOCUMENT_MAX_BYTES / 1024 / 1024;
    console.log(
      `50 MB upload: ${(megabytes / (answeredMs / 1000)).toFixed(0)} MB/s (${answeredMs.toFixed(0)} ms to the answer, body sent in ${sentMs.toFixed(0)} ms); server RSS ${before.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB while taking it in (+${(peak - before).toFixed(1)} MB), ${atAnswer.toFixed(1)} MB at the answer`,
    );
    expect(peak - before).toBeLessThanOrEqual(RSS_GROWTH_LIMIT_MB);
    fs.rmSync(file);

    // Clients that go away mid-upload leave the process serving (a late byte once crashed it).
    for (let i = 0; i < 4; i++) await cutOff(port, { cookie, token }, 8 << 20);
    expect((await fetch(`${base}/api/documents?pageSize=1`, { headers: { cookie } })).status).toBe(200);
    await waitFor(() => fs.readdirSync(path.join(dataDir, 'documents', '.incoming')).length === 0, 10_000);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});
