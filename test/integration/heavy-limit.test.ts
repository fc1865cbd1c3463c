import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { connectRedis, createRedis, type Redis } from '../../src/db/redis';
import {
  createHeavyLimiter,
  HEAVY_LIMITS,
  HEAVY_REFUSALS,
  type HeavyLimiter,
} from '../../src/http/heavy-limit';
import { HttpError } from '../../src/http/errors';
import { createLogger } from '../../src/logger';
import { pages } from '../../src/shared/paths';
import {
  csrfFrom,
  demoFirmId,
  REDIS_URL,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

const PERSON_BUSY = HEAVY_REFUSALS.person(HEAVY_LIMITS.perPerson);
const FIRM_BUSY = HEAVY_REFUSALS.firm(HEAVY_LIMITS.perFirm);

type Person = { id: string; firmId: string | null };
type Held = { status: number; body: string; retryAfter?: string; finish(): Promise<void> };

/**
 * A server whose one route runs a heavy operation for the person named in the query: it takes a slot
 * from `limiter`, then holds its answer open until the test finishes it (as a streamed export does).
 */
async function operationServer(limiter: HeavyLimiter) {
  const open = new Map<string, http.ServerResponse>();
  const app = express();
  app.get('/run', async (req, res) => {
    try {
      await limiter.acquire(
        { id: String(req.query.person), firmId: (req.query.firm as string) || null },
        res,
      );
    } catch (error) {
      return res.status((error as HttpError).status).send((error as HttpError).message);
    }
    res.status(200).write('working\n');
    open.set(String(req.query.token), res);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  /** Starts an operation; answers once the server has said whether it runs (200) or not (429). */
  const start = (person: Person) =>
    new Promise<Held>((resolve, reject) => {
      const token = crypto.randomUUID();
      const query = `person=${person.id}&firm=${person.firmId ?? ''}&token=${token}`;
      http
        .get(`http://127.0.0.1:${port}/run?${query}`, (res) => {
          res.once('data', (chunk: Buffer) =>
            resolve({
              status: res.statusCode!,
              body: chunk.toString(),
              retryAfter: res.headers['retry-after'] as string | undefined,
              finish: async () => {
                const held = open.get(token);
                if (!held) return;
                open.delete(token);
                await new Promise<void>((done) => held.end(() => done()));
              },
            }),
          );
          res.resume();
        })
        .on('error', reject);
    });
  /** Starts an operation once a finished one's slot is back (giving it back may take a trip to Redis). */
  const startOnceFree = async (person: Person) => {
    for (let tries = 0; ; tries++) {
      const held = await start(person);
      if (held.status !== 429 || tries === 20) return held;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    start,
    startOnceFree,
    async close() {
      for (const res of open.values()) res.end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Store = { name: string; limiters(): Promise<[HeavyLimiter, HeavyLimiter]>; close(): Promise<void> };

const MEMORY: Store = {
  name: 'in memory (one process)',
  limiters: async () => {
    const limiter = createHeavyLimiter({ redisPrefix: '' });
    return [limiter, limiter];
  },
  close: async () => undefined,
};

/** Two app processes on one Redis: each its own client and limiter, one prefix. */
function redisStore(): Store {
  const clients: Redis[] = [];
  return {
    name: 'in Redis, shared by two processes',
    async limiters() {
      const prefix = `test:${crypto.randomBytes(6).toString('hex')}:`;
      const limiter = async () => {
        const redis = createRedis(REDIS_URL!, createLogger('silent'));
        await connectRedis(redis);
        clients.push(redis);
        return createHeavyLimiter({ redis, redisPrefix: prefix });
      };
      return [await limiter(), await limiter()];
    },
    async close() {
      for (const client of clients) await client.close();
    },
  };
}

const STORES = REDIS_URL ? [MEMORY, redisStore()] : [MEMORY];

describe.each(STORES)('heavy operations at once, counted $name', (store) => {
  let servers: Array<Awaited<ReturnType<typeof operationServer>>>;
  beforeAll(async () => {
    const [one, two] = await store.limiters();
    servers = [await operationServer(one), await operationServer(two)];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await store.close();
  });

  const person = (firmId: string | null): Person => ({ id: crypto.randomUUID(), firmId });

  it('lets a person run two at once; the third answers 429 saying so, until one has finished', async () => {
    const firm = crypto.randomUUID();
    const ana = person(firm);
    const first = await servers[0].start(ana);
    const second = await servers[1].start(ana);
    expect([first.status, second.status]).toEqual([200, 200]);

    const third = await servers[0].start(ana);
    expect(third).toMatchObject({ status: 429, body: PERSON_BUSY, retryAfter: '30' });
    // Someone else of the firm is not held back by Ana's.
    const colleague = await servers[1].start(person(firm));
    expect(colleague.status).toBe(200);

    await first.finish();
    const again = await servers[1].startOnceFree(ana);
    expect(again.status).toBe(200);
    for (const held of [second, colleague, again]) await held.finish();
  });

  it('lets a firm run four at once, whoever runs them; another firm is not held back', async () => {
    const firm = crypto.randomUUID();
    const running = [];
    for (let i = 0; i < HEAVY_LIMITS.perFirm; i++) running.push(await servers[i % 2].start(person(firm)));
    expect(running.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    expect(await servers[0].start(person(firm))).toMatchObject({ status: 429, body: FIRM_BUSY });
    const elsewhere = await servers[1].start(person(crypto.randomUUID()));
    expect(elsewhere.status).toBe(200);
    // Platform staff belong to no firm: only their own count applies.
    const staff = await servers[0].start(person(null));
    expect(staff.status).toBe(200);

    await running[0].finish();
    const next = await servers[0].startOnceFree(person(firm));
    expect(next.status).toBe(200);
    for (const held of [...running.slice(1), elsewhere, staff, next]) await held.finish();
  });
});

// Registered only where Redis is configured (CI sets REDIS_URL): another process's limiter then holds slots.
const describeWithRedis = (name: string, fn: () => void) => (REDIS_URL ? describe(name, fn) : undefined);

describeWithRedis('the heavy operations of the app, while another process runs two of the person', () => {
  let t: TestApp;
  let admin: SignedIn;
  let held: Array<() => Promise<void>>;
  let other: Awaited<ReturnType<typeof operationServer>>;
  let otherRedis: Redis;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp({ redis: true });
    admin = await signIn(t.app, 'admin');
    otherRedis = createRedis(REDIS_URL!, createLogger('silent'));
    await connectRedis(otherRedis);
    other = await operationServer(createHeavyLimiter({ redis: otherRedis, redisPrefix: t.redisPrefix }));
    adminId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const firmId = await demoFirmId(t.database);
    held = [];
    for (let i = 0; i < HEAVY_LIMITS.perPerson; i++)
      held.push((await other.start({ id: adminId, firmId })).finish);
  });
  afterAll(async () => {
    await other.close();
    await otherRedis.close();
    await t.close();
  });

  const csvFile = Buffer.from('Client Name,Case Type,Form Type\r\nAna Heavy,visa,I-130\r\n');

  it('answers 429 with the message on the API (import, export, Back up now)', async () => {
    const imported = await admin.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', admin.token)
      .attach('file', csvFile, { filename: 'cases.csv', contentType: 'text/csv' });
    expect(imported.status).toBe(429);
    expect(imported.body.error).toBe(PERSON_BUSY);
    expect(imported.headers['retry-after']).toBe('30');

    const exported = await admin.agent.get('/api/cases/export');
    expect([exported.status, exported.body.error]).toEqual([429, PERSON_BUSY]);
    const backup = await admin.agent.post('/api/backups').set('X-CSRF-Token', admin.token);
    expect([backup.status, backup.body.error]).toEqual([429, PERSON_BUSY]);
    // Reading what is not heavy goes on as ever.
    expect((await admin.agent.get('/api/cases?pageSize=1')).status).toBe(200);
  });

  it('says so on the pages without JavaScript: the import form again, Back up now on Settings', async () => {
    const form = await admin.agent.get(pages.cases('admin').import);
    const page = await admin.agent
      .post(pages.cases('admin').import)
      .field('_csrf', csrfFrom(form.text))
      .field('mode', 'all-or-nothing')
      .attach('file', csvFile, { filename: 'cases.csv', contentType: 'text/csv' });
    expect(page.status).toBe(429);
    expect(visibleText(page.text)).toContain(PERSON_BUSY);

    const settings = await admin.agent.get(pages.admin.settingsSection('backup'));
    const backup = await admin.agent
      .post(pages.admin.backups)
      .type('form')
      .send({ _csrf: csrfFrom(settings.text) });
    expect(backup.status).toBe(303);
    expect(visibleText((await admin.agent.get(backup.headers.location)).text)).toContain(PERSON_BUSY);
  });

  it('runs them again once the other process has finished one', async () => {
    await held[0]();
    await waitFor(
      async () => (await otherRedis.zCard(`${t.redisPrefix}heavy:person:${adminId}`)) === 1,
      2000,
    );
    const imported = await admin.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', admin.token)
      .attach('file', csvFile, { filename: 'cases.csv', contentType: 'text/csv' });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(1);
  });
});
