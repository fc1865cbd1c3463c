import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/features';
import { createJobQueue } from '../../src/jobs/store';
import { postgresSchema } from '../helpers/app';
import { waitFor } from '../helpers/poll';

/** Several processes sharing jobs need a server: PostgreSQL, always (CI sets TEST_DATABASE_URL). */
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.join(__dirname, '..', '..');
const QUEUE = 'shared-work';
const LEASE_SECONDS = 2;

type Worker = { id: string; child: ChildProcess; output: () => string; exited: Promise<unknown> };

describe('jobs shared by two worker processes on one PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof postgresSchema>>;
  let database: Database;
  const workers: Worker[] = [];

  /** Starts test/helpers/job-worker.ts in a process of its own; resolves once its runner has started. */
  async function startWorker(id: string): Promise<Worker> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('test', 'helpers', 'job-worker.ts')],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: schema.url,
          WORKER_ID: id,
          JOB_QUEUE: QUEUE,
          LEASE_SECONDS: String(LEASE_SECONDS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const worker = { id, child, output: () => output, exited: new Promise((r) => child.once('close', r)) };
    workers.push(worker);
    await waitFor(() => output.includes('ready') || child.exitCode !== null, 30_000);
    if (!output.includes('ready')) throw new Error(`worker ${id} did not start:\n${output}`);
    return worker;
  }

  const handlings = async () =>
    (
      await sql<{ job_id: string; worker: string; attempt: number; at: Date }>`
        SELECT job_id, worker, attempt, at FROM job_handlings ORDER BY at`.execute(database.db)
    ).rows;

  beforeAll(async () => {
    schema = await postgresSchema(POSTGRES);
    database = await openDatabase({ url: schema.url, dataDir: '' });
    await migrateToLatest(database.db as never, MIGRATIONS);
    await sql`CREATE TABLE job_handlings (
      job_id uuid NOT NULL, worker text NOT NULL, attempt integer NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(database.db);
    await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    await database?.close();
    await schema?.drop();
  });

  beforeEach(async () => {
    await sql`DELETE FROM job_handlings`.execute(database.db);
  });

  test('200 jobs: each is handled exactly once, and both processes take part', async () => {
    const ids = await database.db.transaction().execute(async (trx) => {
      const queue = createJobQueue(trx);
      const made: string[] = [];
      for (let i = 0; i < 200; i++) made.push(await queue.enqueue({ queue: QUEUE, payload: { i } }));
      return made;
    });
    await waitFor(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM jobs WHERE queue = ${QUEUE} AND status = 'done'`.execute(database.db);
      return rows[0].n === 200;
    }, 40_000);

    const handled = await handlings();
    expect(handled).toHaveLength(200);
    expect(new Set(handled.map((h) => h.job_id))).toEqual(new Set(ids));
    expect(handled.every((h) => h.attempt === 1)).toBe(true);
    const share = (worker: string) => handled.filter((h) => h.worker === worker).length;
    expect(share('worker-a')).toBeGreaterThan(0);
    expect(share('worker-b')).toBeGreaterThan(0);
    const attempts = await database.db
      .selectFrom('jobs')
      .select(({ fn }) => fn.max('attempts').as('most'))
      .where('queue', '=', QUEUE)
      .executeTakeFirstOrThrow();
    expect(attempts.most).toBe(1);
  }, 60_000);

  test('a process killed in the middle of a job: once its lease runs out the other one takes the job and ends it', async () => {
    const id = await createJobQueue(database.db).enqueue({
      queue: QUEUE,
      payload: { hangOnFirstAttempt: true },
    });
    let first: Awaited<ReturnType<typeof handlings>>[number] | undefined;
    await waitFor(async () => (first = (await handlings()).find((h) => h.job_id === id)) !== undefined);
    const crashed = workers.find((w) => w.id === first!.worker)!;
    const other = workers.find((w) => w.id !== first!.worker && w.child.exitCode === null)!;
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    const { locked_until: leaseEnd } = await database.db
      .selectFrom('jobs')
      .select('locked_until')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    await waitFor(async () => {
      const job = await database.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return job.status === 'done';
    }, 20_000);
    const job = await database.db
      .selectFrom('jobs')
      .select(['attempts', 'locked_by', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ attempts: 2, locked_by: other.id, last_error: null });
    const handled = (await handlings()).filter((h) => h.job_id === id);
    expect(handled.map((h) => [h.worker, h.attempt])).toEqual([
      [crashed.id, 1],
      [other.id, 2],
    ]);
    // Taken again only once the dead process's lease had run out.
    expect(handled[1].at.getTime()).toBeGreaterThanOrEqual(leaseEnd!.getTime());
  }, 60_000);
});
