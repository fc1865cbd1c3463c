import net, { type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import request from 'supertest';
import { describeError } from '../../src/http/errors';
import { BACKENDS, startTestApp, type TestApp } from '../helpers/app';
import { waitFor } from '../helpers/poll';

const NOT_ANSWERING = 'The database is not answering. Please try again in a moment.';

describe('the answer when the database is not answering', () => {
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection that timed out', coded('ETIMEDOUT')],
    ['a reset connection', coded('ECONNRESET')],
    [
      'a server shut down by its administrator',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['a connection exception', coded('08006', 'connection failure')],
    ['a connection pg saw break', new Error('Connection terminated unexpectedly')],
    ['a connection pg could not make in time', new Error('Connection terminated due to connection timeout')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query that got no answer', new Error('Query read timeout')],
    ['a statement past statement_timeout', coded('57014', 'canceling statement due to statement timeout')],
  ])('is 503 with a clear message for %s', (_, error) => {
    expect(describeError(error)).toEqual({ status: 503, message: NOT_ANSWERING });
  });

  it('stays 500 for other database errors, which are bugs', () => {
    expect(describeError(coded('42P01', 'relation "nope" does not exist')).status).toBe(500);
  });
});

type Proxy = {
  port: number;
  stall(): void;
  forward(): void;
  down(): void;
  up(): Promise<void>;
  close(): void;
};

/**
 * A TCP proxy to PostgreSQL. Stalled, it keeps every connection open and lets nothing through, as a
 * half-open connection does; down, it refuses connections, as a stopped server does.
 */
async function startProxy(target: URL): Promise<Proxy> {
  let forwarding = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(from);
      from.on('data', (chunk) => forwarding && to.write(chunk));
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const dropAll = () => sockets.forEach((s) => s.destroy());
  return {
    port,
    stall: () => (forwarding = false),
    forward: () => (forwarding = true),
    down() {
      server.close();
      dropAll();
    },
    up: () => listen(port),
    close() {
      server.close();
      dropAll();
    },
  };
}

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
}

// PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite has no connection to lose.
for (const backend of BACKENDS.filter((b) => b === 'postgres')) {
  describe(`${backend} not answering`, () => {
    let proxy: Proxy;
    let t: TestApp;
    beforeAll(async () => {
      proxy = await startProxy(new URL(process.env.TEST_DATABASE_URL!));
      t = await startTestApp({
        backend,
        postgresUrl: (url) => {
          const viaProxy = new URL(url);
          viaProxy.hostname = '127.0.0.1';
          viaProxy.port = String(proxy.port);
          return viaProxy.toString();
        },
      });
    });
    afterAll(async () => {
      proxy.close();
      await t.close();
    });

    const contact = () =>
      request(t.app)
        .post('/api/comm/contact')
        .send({ name: 'Ana Souza', phone: '+1 (555) 123-4567', email: 'ana@souza.example' });
    const recovered = () => waitFor(async () => (await contact()).status === 201, 10_000);

    it('answers 503 within a bounded time while its connections hang, and recovers when they flow again', async () => {
      expect((await contact()).status).toBe(201);
      proxy.stall();
      // The first request waits for its query's timeout; the pool then drops the connections it had.
      const first = await timed(contact());
      expect(first.result.status).toBe(503);
      expect(first.result.body.error).toBe(NOT_ANSWERING);
      expect(first.ms).toBeLessThan(7500);
      const next = await timed(contact());
      expect(next.result.status).toBe(503);
      expect(next.ms).toBeLessThan(3000);
      const health = await timed(request(t.app).get('/api/health/db'));
      expect(health.result.status).toBe(503);
      expect(health.result.body.error).toBe('The database did not answer within 1500 ms');
      expect(health.ms).toBeLessThan(2500);

      proxy.forward();
      await recovered();
      expect((await request(t.app).get('/api/health/db')).status).toBe(200);
    }, 40_000);

    it('has the server cancel a statement that runs past 5 s, which answers 503 too', async () => {
      const slow = await timed(
        sql`SELECT pg_sleep(10)`.execute(t.database.db).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(slow.result).toMatchObject({ code: '57014' });
      expect(slow.ms).toBeGreaterThanOrEqual(4900);
      expect(slow.ms).toBeLessThan(6000);
      expect(describeError(slow.result)).toEqual({ status: 503, message: NOT_ANSWERING });
    });

    it('answers 503 at once while PostgreSQL refuses connections, and recovers when it is back', async () => {
      proxy.down();
      const refused = await timed(contact());
      expect(refused.result.status).toBe(503);
      expect(refused.result.body.error).toBe(NOT_ANSWERING);
      expect(refused.ms).toBeLessThan(1000);
      const health = await request(t.app).get('/api/health/db');
      expect(health.status).toBe(503);
      expect(health.body.error).toBe('The database is unreachable');

      await proxy.up();
      await recovered();
    });
  });
}
