import { type ChildProcess, spawn } from 'node:child_process';
import { sign } from 'cookie-signature';
import request from 'supertest';
import { BACKENDS, DEMO_PASSWORD, REDIS_URL, startTestApp, type TestApp } from '../helpers/app';

const backend = BACKENDS.at(-1)!;
// Registered only where Redis is configured (CI sets REDIS_URL); the embedded mode needs none.
const describeWithRedis = (name: string, fn: () => void) => (REDIS_URL ? describe(name, fn) : undefined);

const sessionId = (res: request.Response) => {
  const cookie = decodeURIComponent(res.headers['set-cookie'][0].split(';')[0].split('=')[1]);
  return cookie.slice(2, cookie.lastIndexOf('.')); // s:<id>.<signature>
};

describeWithRedis(`sessions in Redis (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend, redis: true });
  });
  afterAll(() => t.close());

  it('keeps the session in Redis, not in the database, and deletes it at logout', async () => {
    const agent = request.agent(t.app);
    const login = await agent.post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const key = `${t.redisPrefix}sess:${sessionId(login)}`;
    const stored = JSON.parse((await t.redis!.get(key))!);
    expect(stored.user).toMatchObject({ loginId: 'admin', role: 'admin' });
    const ttl = await t.redis!.ttl(key);
    expect(ttl).toBeGreaterThan(29 * 60);
    expect(ttl).toBeLessThanOrEqual(30 * 60);
    expect(await t.database.db.selectFrom('sessions').select('sid').execute()).toHaveLength(0);
    const page = await agent.get('/admin/dashboard');
    expect(page.status).toBe(200);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    await agent.post('/api/auth/logout').set('X-CSRF-Token', token);
    expect(await t.redis!.exists(key)).toBe(0);
  });

  it('counts the login rate limit in Redis', async () => {
    await request(t.app).post('/api/auth/login').send({ user_id: 'nobody', password: 'x' });
    const keys = await t.redis!.keys(`${t.redisPrefix}rl:login:*`);
    expect(keys.length).toBe(1);
  });
});

describe('Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await startTestApp({ redis: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('sign-in answers 503 within 2 s with a clear message', async () => {
    const started = Date.now();
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Sign-in is temporarily unavailable. Please try again in a moment.');
    const form = await request(t.app)
      .post('/login')
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(form.status).toBe(503);
    expect(form.text).toContain('Sign-in is temporarily unavailable. Please try again in a moment.');
  });

  it('keeps public pages up, even for a browser that still sends a session cookie', async () => {
    const cookie = `reti.sid=${encodeURIComponent(`s:${sign('some-session', t.config.sessionSecret)}`)}`;
    for (const path of ['/', '/public', '/health', '/login']) {
      const res = await request(t.app).get(path).set('Cookie', cookie);
      expect(res.status).toBe(200);
    }
    const guarded = await request(t.app).get('/admin/dashboard').set('Cookie', cookie);
    expect(guarded.status).toBe(503);
    const health = await request(t.app).get('/api/health/check');
    expect(health.status).toBe(503);
    expect(health.body.error).toBe('Redis is unreachable');
  });

  it('signs out locally at logout even though the session store cannot be reached', async () => {
    const cookie = `reti.sid=${encodeURIComponent(`s:${sign('some-session', t.config.sessionSecret)}`)}`;
    const res = await request(t.app).post('/logout').set('Cookie', cookie);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie'][0]).toMatch(/^reti\.sid=;/);
  });
});

describeWithRedis('Redis coming back', () => {
  const port = 46000 + Math.floor(Math.random() * 1000);
  let server: ChildProcess | undefined;
  let t: TestApp;

  const startRedis = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await new Promise((r) => setTimeout(r, 300));
  };
  const stopRedis = () =>
    new Promise((resolve) => {
      server!.once('exit', resolve);
      server!.kill('SIGKILL');
    });
  const login = () =>
    request(t.app).post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD });

  beforeAll(async () => {
    await startRedis();
    t = await startTestApp({ redis: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    if (server?.exitCode === null) await stopRedis();
  });

  it('answers 503 while Redis is down and recovers by itself when it returns', async () => {
    expect((await login()).status).toBe(200);
    await stopRedis();
    await new Promise((r) => setTimeout(r, 200));
    expect((await login()).status).toBe(503);
    await startRedis();
    const until = Date.now() + 5000;
    let status = 0;
    while (Date.now() < until && status !== 200) {
      status = (await login()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 20_000);
});
