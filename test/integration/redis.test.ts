import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { sign } from 'cookie-signature';
import { createClient } from 'redis';
import request from 'supertest';
import { createRedis, type Redis } from '../../src/db/redis';
import { createLogger } from '../../src/logger';
import {
  BACKENDS,
  csrfFrom,
  DEMO_PASSWORD,
  REDIS_URL,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

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

  it('counts the login rate limits in Redis, per address and per user ID', async () => {
    await request(t.app).post('/api/auth/login').send({ user_id: 'nobody', password: 'x' });
    const keys = await t.redis!.keys(`${t.redisPrefix}rl:login:*`);
    expect(keys.length).toBe(1);
    expect(await t.redis!.keys(`${t.redisPrefix}rl:login-account:*`)).toContain(
      `${t.redisPrefix}rl:login-account:nobody`,
    );
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

  it('answers a wrong password exactly as a right one, and counts no failure: no oracle while it is down', async () => {
    const answers = [];
    for (const password of [DEMO_PASSWORD, 'wrong-password']) {
      const api = await request(t.app).post('/api/auth/login').send({ user_id: 'admin', password });
      const form = await request(t.app).post('/login').type('form').send({ user_id: 'admin', password });
      answers.push([api.status, api.body.error, form.status]);
    }
    expect(answers).toEqual([
      [503, 'Sign-in is temporarily unavailable. Please try again in a moment.', 503],
      [503, 'Sign-in is temporarily unavailable. Please try again in a moment.', 503],
    ]);
    const admin = await t.database.db
      .selectFrom('users')
      .select('failed_login_count')
      .where('login_id', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.failed_login_count).toBe(0);
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

  it('signs out locally at logout even though the session store cannot be reached, and says it failed', async () => {
    const cookie = `reti.sid=${encodeURIComponent(`s:${sign('some-session', t.config.sessionSecret)}`)}`;
    const res = await request(t.app).post('/logout').set('Cookie', cookie);
    expect(res.status).toBe(503);
    expect(visibleText(res.text)).toContain(LOGOUT_FAILED);
    expect(res.headers['set-cookie'][0]).toMatch(/^reti\.sid=;/);
    const api = await request(t.app).post('/api/auth/logout').set('Cookie', cookie);
    expect([api.status, api.body.error]).toEqual([503, LOGOUT_FAILED]);
    expect(api.headers['set-cookie'][0]).toMatch(/^reti\.sid=;/);
  });
});

describeWithRedis('Redis coming back', () => {
  let port: number;
  let server: ChildProcess | undefined;
  let t: TestApp;

  const startRedis = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(() => accepts(port), 5000);
  };
  const stopRedis = () =>
    new Promise((resolve) => {
      server!.once('exit', resolve);
      server!.kill('SIGKILL');
    });
  const login = () =>
    request(t.app).post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD });

  beforeAll(async () => {
    port = await freePort();
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
    await waitFor(async () => (await login()).status === 503, 5000);
    await startRedis();
    await waitFor(async () => (await login()).status === 200, 10_000);
  }, 20_000);
});

const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a moment.';
const LOGOUT_FAILED =
  'Logout failed: the session store is not answering. This browser is signed out, and the session cannot be used again: it is ended as soon as the store answers.';
const admin = { user_id: 'admin', password: DEMO_PASSWORD };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

type OwnRedis = { url: string; freeze(): void; thaw(): void; stop(): Promise<void> };

/** A redis-server of our own, which a test freezes (SIGSTOP) as a hung Redis would be. */
async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = createClient({ url, socket: { reconnectStrategy: 50 } });
  probe.on('error', () => undefined);
  await probe.connect();
  probe.destroy();
  return {
    url,
    freeze: () => server.kill('SIGSTOP'),
    thaw: () => server.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGKILL');
      }),
  };
}

/** What the work came to (its answer, or its error's message) and how long that took. */
async function timed<T>(work: Promise<T>): Promise<{ result: T | string; ms: number }> {
  const started = Date.now();
  const result = await work.catch((error: Error) => error.message);
  return { result, ms: Date.now() - started };
}

describeWithRedis('a frozen Redis', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    redis.thaw();
    await redis.stop();
  });

  describe('the client', () => {
    let client: Redis;
    beforeAll(async () => {
      client = createRedis(redis.url, createLogger('silent'));
      await client.connect();
    });
    afterAll(async () => {
      redis.thaw();
      await client.close();
    });

    it('gives every kind of command a deadline, fails at once for a while after one, and recovers', async () => {
      redis.freeze();
      const first = await timed(client.get('some-key'));
      expect(first.result).toBe('Redis did not answer within 1000 ms');
      expect(first.ms).toBeGreaterThanOrEqual(900);
      expect(first.ms).toBeLessThan(1500);
      for (const work of [
        client.multi().sAdd('some-set', 'x').expire('some-set', 60).exec() as Promise<unknown>,
        client.sendCommand(['PING']),
      ]) {
        const next = await timed(work);
        expect(next.result).toBe('Redis is not answering');
        expect(next.ms).toBeLessThan(100);
      }
      // Once the pause is over, a command is let through again, and it has its deadline too.
      await waitFor(async () => (await timed(client.ping())).result !== 'Redis is not answering', 5000);
      const batch = await timed(client.multi().sAdd('some-set', 'x').exec());
      expect(batch.result).toBe('Redis is not answering');

      redis.thaw();
      await waitFor(async () => (await timed(client.ping())).result === 'PONG', 5000);
    });
  });

  describe('the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ redis: redis.url });
    });
    afterEach(async () => {
      redis.thaw();
      // Back to normal before the next test: a sign-in succeeds again.
      await waitFor(
        async () => (await request(t.app).post('/api/auth/login').send(admin)).status === 200,
        5000,
      );
    });
    afterAll(() => t.close());

    it('answers sign-in 503 within 2 s, with the message, and still takes contact requests', async () => {
      redis.freeze();
      const api = await timed(request(t.app).post('/api/auth/login').send(admin));
      const form = await timed(request(t.app).post('/login').type('form').send(admin));
      // A wrong password gets the same answer as a right one: no oracle while Redis is frozen.
      const wrong = await timed(
        request(t.app).post('/api/auth/login').send({ user_id: 'admin', password: 'wrong' }),
      );
      // Contact requests need no session: past the rate limit's deadline they are stored as usual.
      const contact = await timed(
        request(t.app)
          .post('/api/comm/contact')
          .send({ name: 'Ana Souza', phone: '+1 (555) 123-4567', email: 'ana@souza.example' }),
      );
      for (const { ms } of [api, form, wrong, contact]) expect(ms).toBeLessThan(2000);
      expect(contact.result).toMatchObject({ status: 201 });
      expect(api.result).toMatchObject({ status: 503, body: { error: SIGN_IN_UNAVAILABLE } });
      expect(form.result).toMatchObject({ status: 503 });
      expect(visibleText((form.result as request.Response).text)).toContain(SIGN_IN_UNAVAILABLE);
      expect(wrong.result).toMatchObject({ status: 503, body: { error: SIGN_IN_UNAVAILABLE } });
    });

    it('answers a signed-in page 503 within 2 s and keeps public pages up', async () => {
      const agent = request.agent(t.app);
      expect((await agent.post('/api/auth/login').send(admin)).status).toBe(200);
      redis.freeze();
      const page = await timed(agent.get('/admin/dashboard'));
      expect(page.ms).toBeLessThan(2000);
      expect(page.result).toMatchObject({ status: 503 });
      expect(visibleText((page.result as request.Response).text)).toContain(SIGN_IN_UNAVAILABLE);
      const home = await timed(agent.get('/public'));
      expect(home.ms).toBeLessThan(2000);
      expect(home.result).toMatchObject({ status: 200 });
      const health = await timed(request(t.app).get('/api/health/check'));
      expect(health.ms).toBeLessThan(2000);
      expect(health.result).toMatchObject({ status: 503 });

      redis.thaw();
      // Once Redis answers again, signing in and signed-in pages work again by themselves.
      await waitFor(async () => {
        const again = request.agent(t.app);
        if ((await again.post('/api/auth/login').send(admin)).status !== 200) return false;
        return (await again.get('/admin/dashboard')).status === 200;
      }, 20_000);
    });
  });

  describe('logout while Redis is frozen', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ redis: redis.url });
    });
    afterEach(() => redis.thaw());
    afterAll(() => t.close());

    /** A signed-in session: its cookie as the browser sends it, its Redis key and its CSRF token. */
    async function signedIn() {
      const login = await request(t.app).post('/api/auth/login').send(admin);
      expect(login.status).toBe(200);
      const cookie = login.headers['set-cookie'][0].split(';')[0];
      const page = await request(t.app).get('/admin/dashboard').set('Cookie', cookie);
      expect(page.status).toBe(200);
      return { cookie, key: `${t.redisPrefix}sess:${sessionId(login)}`, token: csrfFrom(page.text) };
    }

    it('says it failed (API and form), and the session never works again once Redis is back', async () => {
      const api = await signedIn();
      const form = await signedIn();
      redis.freeze();
      const apiLogout = await request(t.app)
        .post('/api/auth/logout')
        .set('Cookie', api.cookie)
        .set('X-CSRF-Token', api.token);
      expect([apiLogout.status, apiLogout.body.error]).toEqual([503, LOGOUT_FAILED]);
      expect(apiLogout.headers['set-cookie'][0]).toMatch(/^reti\.sid=;/);
      const formLogout = await request(t.app)
        .post('/logout')
        .set('Cookie', form.cookie)
        .type('form')
        .send({ _csrf: form.token });
      expect(formLogout.status).toBe(503);
      expect(visibleText(formLogout.text)).toContain(LOGOUT_FAILED);

      redis.thaw();
      await waitFor(
        async () => (await request(t.app).post('/api/auth/login').send(admin)).status === 200,
        5000,
      );
      for (const { cookie, key } of [api, form]) {
        // A browser (or a copied cookie) that still sends it is not signed in: the session was ended.
        const account = await request(t.app).get('/api/auth/account').set('Cookie', cookie);
        expect(account.status).toBe(401);
        const page = await request(t.app).get('/admin/dashboard').set('Cookie', cookie);
        expect([page.status, page.headers.location]).toEqual([303, expect.stringMatching(/^\/login/)]);
        expect(await t.redis!.exists(key)).toBe(0);
      }
    }, 20_000);
  });

  describe('an app started while Redis is frozen', () => {
    let t: TestApp;
    beforeAll(async () => {
      redis.freeze();
      t = await startTestApp({ redis: redis.url });
    });
    afterAll(async () => {
      redis.thaw();
      await t.close();
    });

    it('counts failed sign-ins in Redis once Redis answers', async () => {
      redis.thaw();
      await waitFor(async () => t.redis!.isReady, 5000);
      const refused = await request(t.app)
        .post('/api/auth/login')
        .send({ user_id: 'admin', password: 'wrong' });
      expect(refused.status).toBe(401);
      expect(await t.redis!.keys(`${t.redisPrefix}rl:login:*`)).toHaveLength(1);
    });
  });
});

/** Whether something accepts TCP connections on the loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
