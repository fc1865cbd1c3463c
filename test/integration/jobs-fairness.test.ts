import pino from 'pino';
import { type Database, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/features';
import { createJobRunner, type QueueSpec } from '../../src/jobs/runner';
import { createJobsStore, type Job, LEASE_EXPIRED } from '../../src/jobs/store';
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

let queues = 0;
const newQueue = () => `fair-${++queues}`;

describe.each(BACKENDS)('job claims shared fairly between firms, on %s', (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  const firms: Record<'busy' | 'quiet', string> = { busy: '', quiet: '' };
  const runners: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    ({ database, close } = await openMigrated(backend));
    for (const name of ['busy', 'quiet'] as const)
      ({ id: firms[name] } = await database.db
        .insertInto('firms')
        .values({
          name: `${name} firm`,
          contact_person: 'Sam Ortiz',
          contact_role: 'Founder',
          email: `${name}@firms.example`,
          phone: '+1 (555) 010-4000',
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow());
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => close());

  const store = () => createJobsStore(database.db);
  const firmOf = (job: Job) => (job.firmId === firms.busy ? 'busy' : 'quiet');

  /** A runner of one job at a time whose handler records each job's firm; the first job waits for `held`. */
  function oneAtATime(queue: string, held: Promise<void>) {
    const order: string[] = [];
    let first = true;
    const spec: QueueSpec = {
      concurrency: 1,
      leaseSeconds: 60,
      async handle(job) {
        order.push(firmOf(job));
        if (first) {
          first = false;
          await held;
        }
      },
    };
    const runner = createJobRunner({
      db: database.db,
      logger: pino({ level: 'silent' }),
      queues: { [queue]: spec },
      pollMs: 50,
    });
    runners.push(runner);
    return { runner, order };
  }

  test("20 jobs of one firm do not hold back another firm's one job: it runs next", async () => {
    const queue = newQueue();
    // The other firm had work of its own a moment before: that does not count against it now.
    for (let i = 0; i < 5; i++) await store().enqueue({ queue, payload: { i }, firmId: firms.quiet });
    const earlier = oneAtATime(queue, Promise.resolve());
    await earlier.runner.runUntilIdle();
    expect(earlier.order).toEqual(Array(5).fill('quiet'));
    for (let i = 0; i < 20; i++) await store().enqueue({ queue, payload: { i }, firmId: firms.busy });
    let release!: () => void;
    const { runner, order } = oneAtATime(queue, new Promise((resolve) => (release = resolve)));
    await runner.start();
    await waitFor(() => order.length === 1);
    // The other firm's one job arrives while the busy firm's first runs, 19 more of theirs waiting.
    await store().enqueue({ queue, payload: {}, firmId: firms.quiet });
    release();
    await waitFor(() => order.length === 21, 20_000);
    expect(order.slice(0, 3)).toEqual(['busy', 'quiet', 'busy']);
  });

  test('two firms with a backlog each take turns, though one queued all of its jobs first', async () => {
    const queue = newQueue();
    for (let i = 0; i < 4; i++) await store().enqueue({ queue, payload: { i }, firmId: firms.busy });
    for (let i = 0; i < 4; i++) await store().enqueue({ queue, payload: { i }, firmId: firms.quiet });
    const { runner, order } = oneAtATime(queue, Promise.resolve());
    await runner.start();
    await waitFor(() => order.length === 8, 20_000);
    expect(order).toEqual(['busy', 'quiet', 'busy', 'quiet', 'busy', 'quiet', 'busy', 'quiet']);
  });

  test("a firm's jobs running in another process count as its turns", async () => {
    const queue = newQueue();
    for (let i = 0; i < 3; i++) await store().enqueue({ queue, payload: { i }, firmId: firms.busy });
    // Another process took two of the busy firm's jobs; the quiet firm's job came last.
    expect((await store().claim(queue, 2, 60, 'other-process')).map(firmOf)).toEqual(['busy', 'busy']);
    await store().enqueue({ queue, payload: {}, firmId: firms.quiet });
    expect((await store().claim(queue, 1, 60, 'this-process')).map(firmOf)).toEqual(['quiet']);
    expect((await store().claim(queue, 1, 60, 'this-process')).map(firmOf)).toEqual(['busy']);
  });

  test('a queue whose lost leases fail: a job whose process died ends failed at once, never run again', async () => {
    const queue = newQueue();
    const id = await store().enqueue({ queue, payload: {}, firmId: firms.busy, maxAttempts: 3 });
    // Claimed by a process that then died: its one-second lease runs out.
    await store().claim(queue, 1, 1, 'died');
    const handled: Job[] = [];
    const failed: Array<{ job: Job; error: unknown }> = [];
    const runner = createJobRunner({
      db: database.db,
      logger: pino({ level: 'silent' }),
      pollMs: 50,
      queues: {
        [queue]: {
          concurrency: 1,
          leaseSeconds: 60,
          expiredLease: 'fail',
          handle: async (job) => void handled.push(job),
          onFailed: async (job, error) => void failed.push({ job, error }),
        },
      },
    });
    runners.push(runner);
    await runner.start();
    await waitFor(() => failed.length > 0, 10_000);
    await runner.runUntilIdle();
    expect(handled).toEqual([]);
    expect(failed).toHaveLength(1);
    expect(failed[0].job).toMatchObject({ id, attempts: 1 });
    expect((failed[0].error as Error).message).toBe(LEASE_EXPIRED);
    expect(
      await database.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'failed', attempts: 1, last_error: LEASE_EXPIRED });
  });
});
