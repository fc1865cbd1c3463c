import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { type Database, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/features';
import type { DB } from '../../src/db/schema';
import { createJobRunner, PermanentJobError, type QueueSpec } from '../../src/jobs/runner';
import { createJobQueue, createJobsStore, type Job, LEASE_EXPIRED } from '../../src/jobs/store';
import { type Backend, BACKENDS, postgresSchema } from '../helpers/app';
import { waitFor } from '../helpers/poll';
import { pgliteTemplate } from '../helpers/template';

/** A migrated database of its own: a copy of the PGlite template, or a fresh PostgreSQL schema. */
async function openMigrated(backend: Backend): Promise<{ database: Database; close(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', template: pgliteTemplate() });
    return { database, close: () => database.close() };
  }
  const schema = await postgresSchema();
  const database = await openDatabase({ url: schema.url, dataDir: '' });
  await migrateToLatest(database.db as never, MIGRATIONS);
  return {
    database,
    async close() {
      await database.close();
      await schema.drop();
    },
  };
}

/** The JSON lines a logger wrote, as objects. */
function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Handlers that wait until the test lets them go, one at a time, in the order they started. */
function gates() {
  const waiting: Array<() => void> = [];
  return {
    wait: () => new Promise<void>((resolve) => waiting.push(resolve)),
    get waiting() {
      return waiting.length;
    },
    releaseOne: () => waiting.shift()?.(),
  };
}

type JobRow = {
  status: string;
  attempts: number;
  locked_by: string | null;
  last_error: string | null;
  finished_at: Date | null;
  /** Seconds from the database's now to run_at and to locked_until. */
  run_in: number;
  lease_left: number | null;
};

let queues = 0;
/** A queue name of its own for each test, so tests sharing a database never take each other's jobs. */
const newQueue = () => `test-${++queues}`;

describe.each(BACKENDS)('background jobs on %s', (backend) => {
  let database: Database;
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  const runners: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    ({ database, close } = await openMigrated(backend));
    db = database.db;
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => close());

  const store = () => createJobsStore(db);
  const runner = (
    queueSpecs: Record<string, QueueSpec>,
    options: { logger?: pino.Logger; graceMs?: number; pollMs?: number } = {},
  ) => {
    const r = createJobRunner({
      db,
      logger: options.logger ?? pino({ level: 'silent' }),
      queues: queueSpecs,
      workerId: `runner-${queues}`,
      pollMs: options.pollMs ?? 50,
      graceMs: options.graceMs,
    });
    runners.push(r);
    return r;
  };

  const row = async (id: string): Promise<JobRow> => {
    const { rows } = await sql<JobRow>`
      SELECT status, attempts, locked_by, last_error, finished_at,
             extract(epoch FROM run_at - now())::float AS run_in,
             extract(epoch FROM locked_until - now())::float AS lease_left
      FROM jobs WHERE id = ${id}`.execute(db);
    return rows[0];
  };
  const jobsIn = async (queue: string) =>
    (await db.selectFrom('jobs').select('id').where('queue', '=', queue).execute()).length;

  test('a job enqueued in a transaction that rolls back does not exist; one that commits does', async () => {
    const queue = newQueue();
    await expect(
      db.transaction().execute(async (trx) => {
        await createJobQueue(trx).enqueue({ queue, payload: { documentId: 'rolled-back' } });
        throw new Error('the upload failed');
      }),
    ).rejects.toThrow('the upload failed');
    expect(await jobsIn(queue)).toBe(0);

    await db.transaction().execute(async (trx) => {
      await createJobQueue(trx).enqueue({ queue, payload: { documentId: 'kept' } });
    });
    const [job] = await store().claim(queue, 5, 60, 'w1');
    expect(job.payload).toEqual({ documentId: 'kept' });
  });

  test('claim takes the due jobs only, oldest first, leased to the worker, each claim an attempt', async () => {
    const queue = newQueue();
    const jobs = store();
    const later = await jobs.enqueue({
      queue,
      payload: { n: 'later' },
      runAt: new Date(Date.now() + 3600_000),
    });
    const second = await jobs.enqueue({ queue, payload: { n: 'now' } });
    const first = await jobs.enqueue({
      queue,
      payload: { n: 'earlier' },
      runAt: new Date(Date.now() - 120_000),
    });

    const claimed = await jobs.claim(queue, 10, 60, 'w1');
    expect(claimed).toEqual<Job[]>([
      {
        id: first,
        queue,
        payload: { n: 'earlier' },
        firmId: null,
        attempts: 1,
        maxAttempts: 5,
        workerId: 'w1',
      },
      { id: second, queue, payload: { n: 'now' }, firmId: null, attempts: 1, maxAttempts: 5, workerId: 'w1' },
    ]);
    const leased = await row(first);
    expect(leased).toMatchObject({ status: 'running', locked_by: 'w1', attempts: 1 });
    expect(leased.lease_left).toBeGreaterThan(55);
    // Leased to w1, and the third not due for an hour: nothing for another worker.
    expect(await jobs.claim(queue, 10, 60, 'w2')).toEqual([]);
    expect((await row(later)).status).toBe('pending');
    expect((await jobs.counts())[queue]).toEqual({ pending: 1, running: 2, done: 0, failed: 0 });
  });

  test('each queue runs at most its concurrency at once, and every job runs', async () => {
    const [one, three] = [newQueue(), newQueue()];
    const gate = gates();
    const active: Record<string, number> = { [one]: 0, [three]: 0 };
    const most: Record<string, number> = { [one]: 0, [three]: 0 };
    const handled: string[] = [];
    const spec = (concurrency: number): QueueSpec => ({
      concurrency,
      leaseSeconds: 60,
      async handle(job) {
        most[job.queue] = Math.max(most[job.queue], ++active[job.queue]);
        await gate.wait();
        active[job.queue]--;
        handled.push(job.queue);
      },
    });
    const jobs = store();
    for (let i = 0; i < 5; i++) {
      await jobs.enqueue({ queue: one, payload: { i } });
      await jobs.enqueue({ queue: three, payload: { i } });
    }
    const r = runner({ [one]: spec(1), [three]: spec(3) });
    await r.start();
    // Full: every later pass (each 50 ms, and at each wake) must find no room.
    await waitFor(() => active[one] === 1 && active[three] === 3);
    for (let i = 0; i < 3; i++) r.wake();
    while (handled.length < 10) {
      await waitFor(() => gate.waiting >= Math.min(1, 5 - count(one)) + Math.min(3, 5 - count(three)));
      gate.releaseOne();
    }
    expect(most).toEqual({ [one]: 1, [three]: 3 });
    await waitFor(async () => {
      const counts = await jobs.counts();
      return counts[one]?.done === 5 && counts[three]?.done === 5;
    });

    function count(queue: string) {
      return handled.filter((q) => q === queue).length;
    }
  });

  test('wake() starts a job enqueued after the last poll without waiting for the next one', async () => {
    const queue = newQueue();
    const handled: string[] = [];
    const r = runner(
      { [queue]: { concurrency: 1, leaseSeconds: 60, handle: async (job) => void handled.push(job.id) } },
      { pollMs: 3_600_000 },
    );
    await r.start();
    const id = await store().enqueue({ queue, payload: {} });
    r.wake(queue);
    await waitFor(() => handled.length === 1);
    expect(handled).toEqual([id]);
  });

  test('a handler or owner that throws anything is logged with its job, and the runner carries on', async () => {
    const queue = newQueue();
    const logs = captureLogs();
    const r = runner(
      {
        [queue]: {
          concurrency: 1,
          leaseSeconds: 60,
          async handle(job) {
            if ((job.payload as { bad: boolean }).bad) throw 'not an Error';
          },
          async onFailed() {
            throw new Error('The documents table is gone.');
          },
        },
      },
      { logger: logs.logger },
    );
    const bad = await store().enqueue({ queue, payload: { bad: true }, maxAttempts: 1 });
    const good = await store().enqueue({ queue, payload: { bad: false } });
    await r.runUntilIdle();
    expect(await row(bad)).toMatchObject({ status: 'failed', last_error: 'not an Error' });
    expect(await row(good)).toMatchObject({ status: 'done' });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'job failed for good', jobId: bad, queue, attempts: 1 }),
    );
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'a failed job could not be recorded by its owner',
        jobId: bad,
        err: expect.objectContaining({ message: 'The documents table is gone.' }),
      }),
    );
  });

  test('a failed attempt waits out its back-off, is logged, and the job then succeeds', async () => {
    const queue = newQueue();
    const logs = captureLogs();
    const backoffAsked: number[] = [];
    const r = runner(
      {
        [queue]: {
          concurrency: 1,
          leaseSeconds: 60,
          backoffSeconds: (attempts) => (backoffAsked.push(attempts), 3600),
          async handle(job) {
            if (job.attempts === 1) throw new Error('The scanner service is offline.');
          },
        },
      },
      { logger: logs.logger },
    );
    const id = await store().enqueue({ queue, payload: {} });
    await r.runUntilIdle();
    const waiting = await row(id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      locked_by: null,
      last_error: 'The scanner service is offline.',
    });
    expect(waiting.run_in).toBeGreaterThan(3590);
    expect(backoffAsked).toEqual([1]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'job failed; it will be tried again',
        jobId: id,
        queue,
        attempts: 1,
        retryInSeconds: 3600,
        err: expect.objectContaining({ message: 'The scanner service is offline.' }),
      }),
    );

    // Not due yet: nothing runs.
    await r.runUntilIdle();
    expect((await row(id)).attempts).toBe(1);

    // The hour has passed.
    await sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`.execute(db);
    await r.runUntilIdle();
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect((await row(id)).finished_at).toBeInstanceOf(Date);
  });

  test('without a back-off of its own a queue retries as the outbox does: 30 s, then 60 s', async () => {
    const queue = newQueue();
    const r = runner({
      [queue]: {
        concurrency: 1,
        leaseSeconds: 60,
        async handle() {
          throw new Error('Not yet.');
        },
      },
    });
    const id = await store().enqueue({ queue, payload: {} });
    await r.runUntilIdle();
    const first = await row(id);
    expect(first.run_in).toBeGreaterThan(25);
    expect(first.run_in).toBeLessThanOrEqual(30);
    await sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`.execute(db);
    await r.runUntilIdle();
    const second = await row(id);
    expect(second.attempts).toBe(2);
    expect(second.run_in).toBeGreaterThan(55);
    expect(second.run_in).toBeLessThanOrEqual(60);
  });

  test('a job whose attempts are spent ends failed, and its owner hears of it once', async () => {
    const queue = newQueue();
    const tried: number[] = [];
    const failed: Array<{ job: Job; error: unknown }> = [];
    const r = runner({
      [queue]: {
        concurrency: 2,
        leaseSeconds: 60,
        backoffSeconds: () => 0,
        async handle(job) {
          tried.push(job.attempts);
          throw new Error(`The file is unreadable (attempt ${job.attempts}).`);
        },
        async onFailed(job, error) {
          failed.push({ job, error });
        },
      },
    });
    const id = await store().enqueue({ queue, payload: { documentId: 'd1' }, maxAttempts: 3 });
    await r.runUntilIdle();
    await r.runUntilIdle();
    expect(tried).toEqual([1, 2, 3]);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'The file is unreadable (attempt 3).',
    });
    expect(failed).toHaveLength(1);
    expect(failed[0].job).toMatchObject({ id, payload: { documentId: 'd1' }, attempts: 3, maxAttempts: 3 });
    expect((failed[0].error as Error).message).toBe('The file is unreadable (attempt 3).');
  });

  test('a PermanentJobError ends the job failed at its first attempt', async () => {
    const queue = newQueue();
    const failed: Job[] = [];
    const r = runner({
      [queue]: {
        concurrency: 1,
        leaseSeconds: 60,
        backoffSeconds: () => 0,
        async handle() {
          throw new PermanentJobError('This file is not a PDF.');
        },
        async onFailed(job) {
          failed.push(job);
        },
      },
    });
    const id = await store().enqueue({ queue, payload: {} });
    await r.runUntilIdle();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'This file is not a PDF.',
    });
    expect(failed.map((job) => job.id)).toEqual([id]);
  });

  test('a job whose lease ran out is claimed again as a new attempt, and fails once its attempts are spent', async () => {
    const queue = newQueue();
    const jobs = store();
    const id = await jobs.enqueue({ queue, payload: {}, maxAttempts: 2 });
    expect((await jobs.claim(queue, 1, 1, 'crashed'))[0].attempts).toBe(1);
    expect(await jobs.claim(queue, 1, 1, 'w2')).toEqual([]);
    // The worker that claimed it never comes back: once its lease runs out, another takes the job.
    let retaken: Job[] = [];
    await waitFor(async () => (retaken = await jobs.claim(queue, 1, 1, 'w2')).length > 0, 10_000);
    expect(retaken[0]).toMatchObject({ id, attempts: 2, workerId: 'w2' });

    // w2 dies too, on the job's last attempt: a runner ends it failed instead of running it a third time.
    const handled: Job[] = [];
    const failed: Array<{ job: Job; error: unknown }> = [];
    const r = runner({
      [queue]: {
        concurrency: 1,
        leaseSeconds: 60,
        handle: async (job) => void handled.push(job),
        onFailed: async (job, error) => void failed.push({ job, error }),
      },
    });
    await waitFor(async () => (await r.runUntilIdle(), failed.length > 0), 10_000);
    expect(handled).toEqual([]);
    expect(failed).toHaveLength(1);
    expect(failed[0].job).toMatchObject({ id, attempts: 2 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: LEASE_EXPIRED });
    await r.runUntilIdle();
    expect(failed).toHaveLength(1);
  });

  test("a worker that lost its lease can no longer mark the job; the new worker's outcome stands", async () => {
    const queue = newQueue();
    const jobs = store();
    const id = await jobs.enqueue({ queue, payload: {} });
    await jobs.claim(queue, 1, 1, 'late');
    await waitFor(async () => (await jobs.claim(queue, 1, 60, 'new')).length > 0, 10_000);

    expect(await jobs.complete(id, 'late')).toBe(false);
    expect(await jobs.fail(id, 'late', 'late failure', 0)).toBe('lost');
    expect(await jobs.extend(id, 'late', 60)).toBe(false);
    expect(await jobs.release(id, 'late')).toBe(false);
    expect(await row(id)).toMatchObject({
      status: 'running',
      locked_by: 'new',
      attempts: 2,
      last_error: null,
    });

    expect(await jobs.extend(id, 'new', 60)).toBe(true);
    expect(await jobs.complete(id, 'new')).toBe(true);
    expect(await jobs.complete(id, 'late')).toBe(false);
    expect(await jobs.fail(id, 'new', 'after the end', null)).toBe('lost');
    expect(await row(id)).toMatchObject({ status: 'done', locked_by: 'new', attempts: 2, last_error: null });
  });

  test('a heartbeat keeps a job that outlasts its lease from being taken by another worker', async () => {
    const queue = newQueue();
    const gate = gates();
    const r = runner({ [queue]: { concurrency: 1, leaseSeconds: 1, handle: () => gate.wait() } });
    const jobs = store();
    const id = await jobs.enqueue({ queue, payload: {} });
    await r.start();
    await waitFor(() => gate.waiting === 1);
    const { rows } = await sql<{
      until: Date;
    }>`SELECT locked_until AS until FROM jobs WHERE id = ${id}`.execute(db);
    const firstLease = rows[0].until;
    // Another worker keeps trying until the job's first lease is long past.
    const taken: Job[] = [];
    await waitFor(async () => {
      taken.push(...(await jobs.claim(queue, 1, 60, 'other')));
      const { rows } = await sql<{ past: boolean }>`
        SELECT now() > ${firstLease}::timestamptz + interval '1 second' AS past`.execute(db);
      return rows[0].past;
    }, 10_000);
    expect(taken).toEqual([]);
    const running = await row(id);
    expect(running).toMatchObject({ status: 'running', attempts: 1, locked_by: `runner-${queues}` });
    expect(running.lease_left).toBeGreaterThan(0);

    gate.releaseOne();
    await waitFor(async () => (await row(id)).status === 'done');
    expect((await row(id)).attempts).toBe(1);
  });

  test('stop() waits for a running handler to finish, and the job ends done', async () => {
    const queue = newQueue();
    const gate = gates();
    const r = runner({ [queue]: { concurrency: 1, leaseSeconds: 60, handle: () => gate.wait() } });
    const id = await store().enqueue({ queue, payload: {} });
    await r.start();
    await waitFor(() => gate.waiting === 1);
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await waitFor(async () => (await row(id)).status === 'running');
    expect(stopped).toBe(false);
    gate.releaseOne();
    await stopping;
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  test('stop() aborts a handler that outlasts its grace period, and gives the job back untouched', async () => {
    const queue = newQueue();
    const logs = captureLogs();
    let started = false;
    const r = runner(
      {
        [queue]: {
          concurrency: 1,
          leaseSeconds: 60,
          handle: (_job, signal) =>
            new Promise((_resolve, reject) => {
              started = true;
              signal.addEventListener('abort', () => reject(signal.reason));
            }),
        },
      },
      { logger: logs.logger, graceMs: 100 },
    );
    const id = await store().enqueue({ queue, payload: {} });
    await r.start();
    await waitFor(() => started);
    await r.stop();
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      locked_by: null,
      last_error: null,
    });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'job interrupted as the app stops; it will run again', jobId: id }),
    );
  });

  test('stop() aborts a restartable handler at once, without its grace period, and gives the job back', async () => {
    const queue = newQueue();
    let started = false;
    const r = runner(
      {
        [queue]: {
          concurrency: 1,
          leaseSeconds: 60,
          restartable: true,
          handle: (_job, signal) =>
            new Promise((_resolve, reject) => {
              started = true;
              signal.addEventListener('abort', () => reject(signal.reason));
            }),
        },
      },
      { graceMs: 30_000 },
    );
    const id = await store().enqueue({ queue, payload: {} });
    await r.start();
    await waitFor(() => started);
    const began = Date.now();
    await r.stop();
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });
  });

  test('finished jobs are pruned after 7 days; newer and unfinished ones stay', async () => {
    const queue = newQueue();
    const jobs = store();
    const [old, recent, waiting] = [
      await jobs.enqueue({ queue, payload: {} }),
      await jobs.enqueue({ queue, payload: {} }),
      await jobs.enqueue({ queue, payload: {}, runAt: new Date(Date.now() - 30 * 86_400_000) }),
    ];
    for (const id of [old, recent]) {
      await sql`UPDATE jobs SET status = 'running', locked_by = 'w' WHERE id = ${id}`.execute(db);
      await jobs.complete(id, 'w');
    }
    await sql`UPDATE jobs SET finished_at = now() - interval '8 days' WHERE id = ${old}`.execute(db);
    expect(await jobs.pruneFinished(7)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('jobs').select('id').where('queue', '=', queue).execute();
    expect(left.map((j) => j.id).sort()).toEqual([recent, waiting].sort());
  });
});
