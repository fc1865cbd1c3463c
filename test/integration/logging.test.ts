import pino from 'pino';
import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/app';

/** The JSON lines the app logged, as objects. */
function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('request logging', () => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logger: logs.logger });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    logs.lines.length = 0;
  });

  it('writes one line per request, with the request ID the response carries', async () => {
    const res = await request(t.app).get('/public');
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines).toEqual([
      expect.objectContaining({
        reqId: id,
        req: { method: 'GET', url: '/public' },
        res: { statusCode: 200 },
        msg: 'request completed',
      }),
    ]);
  });

  it("logs a page answered from memory (before Express) the same way, echoing a caller's ID", async () => {
    await request(t.app).get('/about');
    logs.lines.length = 0;
    const kept = await request(t.app).get('/about').set('X-Request-Id', 'proxy-5678abcd');
    const fresh = await request(t.app).head('/about');
    expect(kept.headers['content-security-policy']).toContain("'sha256-");
    expect(kept.headers['x-request-id']).toBe('proxy-5678abcd');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines).toEqual([
      expect.objectContaining({
        reqId: 'proxy-5678abcd',
        req: { method: 'GET', url: '/about' },
        res: { statusCode: 200 },
      }),
      expect.objectContaining({
        reqId: fresh.headers['x-request-id'],
        req: { method: 'HEAD', url: '/about' },
      }),
    ]);
  });

  it('keeps a well-formed incoming X-Request-Id and ignores a malformed one', async () => {
    const kept = await request(t.app).get('/node/ping').set('X-Request-Id', 'proxy-1234abcd');
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const replaced = await request(t.app).get('/node/ping').set('X-Request-Id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines.map((l) => l.reqId)).toEqual(['proxy-1234abcd', replaced.headers['x-request-id']]);
  });

  it('puts the same ID in an error answer and in every line logged about it', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"user_id": ');
    expect(res.status).toBe(400);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
    expect(logs.lines.length).toBeGreaterThanOrEqual(2);
    expect(logs.lines.every((l) => l.reqId === res.body.requestId)).toBe(true);
    expect(logs.lines.at(-1)).toMatchObject({ res: { statusCode: 400 }, msg: 'request completed' });
  });

  it('never writes an invitation token to the log', async () => {
    const token = 'A'.repeat(43);
    await request(t.app).get(`/invite/${token}`);
    expect(logs.lines).toEqual([
      expect.objectContaining({ req: { method: 'GET', url: '/invite/[token]' }, res: { statusCode: 404 } }),
    ]);
    expect(JSON.stringify(logs.lines)).not.toContain(token);
  });
});
