import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { createClient } from 'redis';
import request from 'supertest';
import { createRedis, type Redis } from '../../src/db/redis';
import { createLogger } from '../../src/logger';
import { DEMO_PASSWORD, REDIS_URL, startTestApp, type TestApp, visibleText } from '../helpers/app';

// Registered only where Redis is installed (CI sets REDIS_URL); the Redis these tests freeze is their own.
const describeWithRedis = (name: string, fn: () => void) => (REDIS_URL ? describe(name, fn) : undefined);

const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a moment.';
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

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
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
      await eventually(async () => (await timed(client.ping())).result !== 'Redis is not answering');
      const batch = await timed(client.multi().sAdd('some-set', 'x').exec());
      expect(batch.result).toBe('Redis is not answering');

      redis.thaw();
      await eventually(async () => (await timed(client.ping())).result === 'PONG');
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
      await eventually(async () => (await request(t.app).post('/api/auth/login').send(admin)).status === 200);
    });
    afterAll(() => t.close());

    it('answers sign-in 503 within 2 s, with the message, and still takes contact requests', async () => {
      redis.freeze();
      const api = await timed(request(t.app).post('/api/auth/login').send(admin));
      const form = await timed(request(t.app).post('/login').type('form').send(admin));
      const refused = await timed(
        request(t.app).post('/api/auth/login').send({ user_id: 'admin', password: 'wrong' }),
      );
      // Contact requests need no session: past the rate limit's deadline they are stored as usual.
      const contact = await timed(
        request(t.app)
          .post('/api/comm/contact')
          .send({ name: 'Ana Souza', phone: '+1 (555) 123-4567', email: 'ana@souza.example' }),
      );
      for (const { ms } of [api, form, refused, contact]) expect(ms).toBeLessThan(2000);
      expect(contact.result).toMatchObject({ status: 201 });
      expect(api.result).toMatchObject({ status: 503, body: { error: SIGN_IN_UNAVAILABLE } });
      expect(form.result).toMatchObject({ status: 503 });
      expect(visibleText((form.result as request.Response).text)).toContain(SIGN_IN_UNAVAILABLE);
      expect(refused.result).toMatchObject({ status: 401 });
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
      await eventually(async () => (await agent.get('/admin/dashboard')).status === 200);
    });
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
      await eventually(async () => t.redis!.isReady);
      const refused = await request(t.app)
        .post('/api/auth/login')
        .send({ user_id: 'admin', password: 'wrong' });
      expect(refused.status).toBe(401);
      expect(await t.redis!.keys(`${t.redisPrefix}rl:login:*`)).toHaveLength(1);
    });
  });
});
