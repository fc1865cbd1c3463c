import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, JobsTable, JobStatus } from '../db/schema';

/** A claimed job, as its handler gets it. `attempts` counts this one; `workerId` holds its lease. */
export type Job<P = unknown> = {
  id: string;
  queue: string;
  payload: P;
  firmId: string | null;
  attempts: number;
  maxAttempts: number;
  workerId: string;
};

export type NewJob = {
  queue: string;
  payload: unknown;
  firmId?: string | null;
  /** Not before this time; now when not given. */
  runAt?: Date;
  maxAttempts?: number;
};

/** How many jobs of a queue are in each state. */
export type JobCounts = Record<JobStatus, number>;

/** Why a job whose worker stopped answering on its last attempt ended failed. */
export const LEASE_EXPIRED = 'The worker running it stopped before it finished (its lease expired).';

/** How far back a firm's last served job is looked for (see claim); before that, it is not recent. */
const SERVED_WITHIN_MINUTES = 60;

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;
const now = sql<Date>`now()`;

const jobOf = (row: Selectable<JobsTable>): Job => ({
  id: row.id,
  queue: row.queue,
  payload: row.payload,
  firmId: row.firm_id,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  workerId: row.locked_by ?? '',
});

/**
 * The jobs table: every statement here is one short statement of its own, so no transaction is ever held
 * open while a handler runs (PGlite has one connection), and a worker holds a job only by its lease.
 * Each change to a running job is fenced by locked_by: a worker whose lease ran out and whose job
 * another worker took since cannot mark it any more.
 */
export function createJobsStore(db: Kysely<DB>) {
  /** Running jobs of `queue` whose lease ran out: their worker died, or lost touch with the database. */
  const expired = (attempts: 'exhausted' | 'any') =>
    sql<boolean>`(status = 'running' AND locked_until < now()${
      attempts === 'exhausted' ? sql` AND attempts >= max_attempts` : sql``
    })`;

  return {
    /** Stores a job on the handle it is given: in the caller's transaction, it exists once that commits. */
    async enqueue(job: NewJob): Promise<string> {
      const row = await db
        .insertInto('jobs')
        .values({
          queue: job.queue,
          payload: JSON.stringify(job.payload ?? {}),
          firm_id: job.firmId ?? null,
          run_at: job.runAt ?? now,
          max_attempts: job.maxAttempts,
          locked_until: null,
          locked_by: null,
          last_error: null,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Takes up to `limit` jobs of `queue` for `workerId`: the due pending ones, and (unless
     * `reclaimExpired` is false) running ones whose lease ran out with attempts left. Fair across firms:
     * each firm's due jobs queue up in the order they became due, behind the jobs it has running now (in
     * any process); the lowest turns go first, and of equal turns, the firm served longest ago (its last
     * job claimed or finished within SERVED_WITHIN_MINUTES, or none) first. So one firm's backlog never
     * holds another's one job back, and two busy firms alternate. Rows are locked while picked (SKIP
     * LOCKED, so concurrent claimers take different rows) and leased for `leaseSeconds`; each claim
     * counts as an attempt.
     */
    async claim(
      queue: string,
      limit: number,
      leaseSeconds: number,
      workerId: string,
      options: { reclaimExpired?: boolean } = {},
    ): Promise<Job[]> {
      if (limit < 1) return [];
      const claimable = (t: 'c' | 'j') => {
        const [status, runAt, lockedUntil, attempts, maxAttempts] = [
          'status',
          'run_at',
          'locked_until',
          'attempts',
          'max_attempts',
        ].map((column) => sql.ref(`${t}.${column}`));
        const due = sql`${status} = 'pending' AND ${runAt} <= now()`;
        if (options.reclaimExpired === false) return sql`(${due})`;
        return sql`(${due} OR ${status} = 'running' AND ${lockedUntil} < now() AND ${attempts} < ${maxAttempts})`;
      };
      // The turns are counted first, unlocked (window functions cannot lock rows), then the rows are
      // locked in turn order, each checked again as it is locked.
      const fairPick = sql<string>`
        SELECT j.id FROM jobs j
        JOIN (
          SELECT c.id, f.served_at,
                 row_number() OVER (PARTITION BY c.firm_id ORDER BY c.run_at, c.id) + coalesce(f.running, 0) AS turn
          FROM jobs c
          LEFT JOIN (
            SELECT firm_id,
                   count(*) FILTER (WHERE status = 'running' AND locked_until >= now()) AS running,
                   max(updated_at) AS served_at
            FROM jobs
            WHERE queue = ${queue}
              AND (status = 'running'
                   OR status IN ('done', 'failed')
                      AND finished_at > now() - make_interval(mins => ${SERVED_WITHIN_MINUTES}))
            GROUP BY firm_id
          ) f ON f.firm_id IS NOT DISTINCT FROM c.firm_id
          WHERE c.queue = ${queue} AND ${claimable('c')}
        ) ranked ON ranked.id = j.id
        WHERE j.queue = ${queue} AND ${claimable('j')}
        ORDER BY ranked.turn, ranked.served_at NULLS FIRST, j.run_at, j.id
        LIMIT ${limit}
        FOR UPDATE OF j SKIP LOCKED`;
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_by: workerId,
          locked_until: secondsFromNow(leaseSeconds),
          updated_at: now,
        }))
        .where('id', 'in', sql<string>`(${fairPick})`)
        .returningAll()
        .execute();
      // RETURNING keeps no order: the oldest due job starts first.
      return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime()).map(jobOf);
    },

    /**
     * Ends failed the jobs of `queue` whose lease ran out on their last attempt (their worker died each
     * time), or on any attempt when `which` is 'all', and answers them, so that their owner can record it.
     */
    async failExpired(queue: string, which: 'exhausted' | 'all' = 'exhausted'): Promise<Job[]> {
      const rows = await db
        .updateTable('jobs')
        .set({ status: 'failed', last_error: LEASE_EXPIRED, finished_at: now, updated_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('queue', '=', queue)
            .where(which === 'all' ? expired('any') : expired('exhausted'))
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      return rows.map(jobOf);
    },

    /** The heartbeat of a running job: false when its lease is no longer this worker's. */
    async extend(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: secondsFromNow(leaseSeconds), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks the job done, if it is still this worker's. */
    async complete(id: string, workerId: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, last_error: null, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * A failed attempt: the job waits `retryInSeconds` for its next one ('retry'), or ends failed when
     * no retry is wanted (null) or its attempts are spent ('failed'). 'lost': it is no longer this worker's.
     */
    async fail(
      id: string,
      workerId: string,
      error: string,
      retryInSeconds: number | null,
    ): Promise<'retry' | 'failed' | 'lost'> {
      const ends = retryInSeconds === null ? sql<boolean>`true` : sql<boolean>`attempts >= max_attempts`;
      const row = await db
        .updateTable('jobs')
        .set({
          status: sql<JobStatus>`CASE WHEN ${ends} THEN 'failed' ELSE 'pending' END`,
          run_at: retryInSeconds === null ? sql<Date>`run_at` : secondsFromNow(retryInSeconds),
          locked_by: sql<string | null>`CASE WHEN ${ends} THEN locked_by END`,
          locked_until: null,
          last_error: error.slice(0, 2000),
          finished_at: sql<Date | null>`CASE WHEN ${ends} THEN now() END`,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .returning('status')
        .executeTakeFirst();
      if (!row) return 'lost';
      return row.status === 'failed' ? 'failed' : 'retry';
    },

    /**
     * Gives a job back untouched, as its worker stops before the handler finished: due again at once,
     * and the interrupted attempt does not count against it.
     */
    async release(id: string, workerId: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'pending',
          attempts: eb('attempts', '-', 1),
          run_at: now,
          locked_by: null,
          locked_until: null,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the jobs that ended (done or failed) more than `olderThanDays` ago. */
    async pruneFinished(olderThanDays: number): Promise<number> {
      const result = await db
        .deleteFrom('jobs')
        .where('status', 'in', ['done', 'failed'])
        .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** How many jobs of each queue are in each state, for a status page. */
    async counts(): Promise<Record<string, JobCounts>> {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['queue', 'status', eb.fn.countAll<number>().as('n')])
        .groupBy(['queue', 'status'])
        .execute();
      const counts: Record<string, JobCounts> = {};
      for (const row of rows) {
        counts[row.queue] ??= { pending: 0, running: 0, done: 0, failed: 0 };
        counts[row.queue][row.status] = Number(row.n);
      }
      return counts;
    },
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;

/**
 * The jobs for other features: a job stored in the caller's transaction, so that it exists exactly when
 * the change it belongs to does. Call the runner's wake() once that commits, to start it at once.
 */
export function createJobQueue(db: Kysely<DB>) {
  const store = createJobsStore(db);
  return { enqueue: (job: NewJob) => store.enqueue(job) };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
