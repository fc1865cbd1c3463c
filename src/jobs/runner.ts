import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { createJobsStore, type Job, LEASE_EXPIRED } from './store';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a runner holds queues of every payload type
export type QueueSpec<P = any> = {
  /** Jobs of this queue at once in this process (OCR: 1). */
  concurrency: number;
  /** Renewed by a heartbeat while the handler runs; only a worker that stopped answering loses it. */
  leaseSeconds: number;
  /** Seconds before the next attempt, after `attempts` failed ones; the outbox's back-off by default. */
  backoffSeconds?: (attempts: number) => number;
  /** `signal` aborts when the job is no longer this worker's, or the app stops and cannot wait longer. */
  handle(job: Job<P>, signal: AbortSignal): Promise<void>;
  /**
   * Its work can simply be done again (an analysis cut short is redone): stop() aborts it at once rather
   * than holding the shutdown for it, and the job goes back to the queue.
   */
  restartable?: boolean;
  /**
   * A job whose worker stopped answering (its lease ran out: the process died or lost the database) is
   * tried again while it has attempts left ('retry', the default), or ends failed at once ('fail'): for
   * work that may itself be what killed the process.
   */
  expiredLease?: 'retry' | 'fail';
  /** Called once when the job ends failed (attempts exhausted or a permanent error), so the owner can record it. */
  onFailed?(job: Job<P>, error: unknown): Promise<void>;
};

/** A handler throws this for an error that retrying cannot fix: the job ends failed at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

const POLL_MS = 2_000;
/** stop() waits this long for running handlers, then aborts them (within the server's 10 s shutdown). */
const GRACE_MS = 5_000;
/** …and this long for the aborted ones to settle; one that does not is left to its lease. */
const ABORTED_WAIT_MS = 2_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Finished jobs are kept this long, to look into what ran. */
const KEEP_DAYS = 7;

/** Capped exponential back-off, as the outbox's: 30 s after the first failure, doubling, at most an hour. */
const defaultBackoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether `promise` settled within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

type Running = {
  job: Job;
  controller: AbortController;
  /** The app is stopping and aborted the handler: the job is given back, not failed. */
  stopping: boolean;
  /** Another worker holds the job now: nothing of this one's is recorded. */
  lost: boolean;
  done: Promise<void>;
};

/**
 * Runs the background jobs of this process: one poller claims due jobs of every queue, as many as the
 * queue's concurrency leaves room for, every few seconds, on wake(), and as soon as a job ends. A
 * handler runs outside any transaction, holding its job by a lease that a heartbeat renews; a failed
 * attempt is retried with back-off, and a job ends failed once its attempts are spent. Every process
 * runs one; the database's row locks and leases share the jobs out between them.
 */
export function createJobRunner(deps: {
  db: Kysely<DB>;
  logger: Logger;
  queues: Record<string, QueueSpec>;
  workerId?: string;
  pollMs?: number;
  /** How long stop() lets running handlers finish before aborting them. */
  graceMs?: number;
}) {
  const { logger, queues } = deps;
  const store = createJobsStore(deps.db);
  const workerId =
    deps.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const pollMs = deps.pollMs ?? POLL_MS;
  const running = new Map<string, Running>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let passing: Promise<number> | undefined;
  let again = false;
  let prunedAt = 0;

  const runningIn = (queue: string) => [...running.values()].filter((r) => r.job.queue === queue).length;
  const about = (job: Job) => ({
    jobId: job.id,
    queue: job.queue,
    firmId: job.firmId,
    attempts: job.attempts,
  });

  async function notifyFailed(spec: QueueSpec, job: Job, error: unknown): Promise<void> {
    try {
      await spec.onFailed?.(job, error);
    } catch (failure) {
      logger.error({ ...about(job), err: failure }, 'a failed job could not be recorded by its owner');
    }
  }

  /** Runs one claimed job to its end and records how it went; never throws. */
  async function execute(spec: QueueSpec, entry: Running): Promise<void> {
    const { job, controller } = entry;
    let settled = false;
    let beating = false;
    const beat = async () => {
      if (beating || settled) return;
      beating = true;
      try {
        const mine = await store.extend(job.id, workerId, spec.leaseSeconds);
        if (!mine && !settled) {
          entry.lost = true;
          logger.warn(
            about(job),
            'job taken by another worker after its lease ran out; stopping its handler here',
          );
          controller.abort(new Error('The job was taken by another worker.'));
        }
      } catch (error) {
        logger.warn({ ...about(job), err: error }, 'job lease not renewed; trying again');
      } finally {
        beating = false;
      }
    };
    const heartbeat = setInterval(() => void beat(), (spec.leaseSeconds * 1000) / 3);

    let failure: { error: unknown } | undefined;
    try {
      await spec.handle(job, controller.signal);
    } catch (error) {
      failure = { error };
    } finally {
      settled = true;
      clearInterval(heartbeat);
    }
    if (entry.lost) return;

    if (!failure) {
      if (await store.complete(job.id, workerId)) logger.info(about(job), 'job done');
      else logger.warn(about(job), 'job finished after another worker took it; this result is not recorded');
      return;
    }
    const { error } = failure;
    if (entry.stopping && controller.signal.aborted) {
      await store.release(job.id, workerId);
      logger.info(about(job), 'job interrupted as the app stops; it will run again');
      return;
    }
    const backoff = spec.backoffSeconds ?? defaultBackoffSeconds;
    const retryInSeconds =
      error instanceof PermanentJobError || job.attempts >= job.maxAttempts ? null : backoff(job.attempts);
    const outcome = await store.fail(job.id, workerId, reason(error), retryInSeconds);
    if (outcome === 'retry')
      logger.warn({ ...about(job), retryInSeconds, err: error }, 'job failed; it will be tried again');
    else if (outcome === 'lost')
      logger.warn({ ...about(job), err: error }, 'job failed after another worker took it; not recorded');
    else {
      logger.error({ ...about(job), err: error }, 'job failed for good');
      await notifyFailed(spec, job, error);
    }
  }

  function run(spec: QueueSpec, job: Job): void {
    // This process's own lease had run out (its heartbeat could not reach the database) and it claimed
    // the job again: the claim renewed the lease, and the handler still running here keeps it.
    if (running.has(job.id)) return;
    const entry = { job, controller: new AbortController(), stopping: false, lost: false } as Running;
    entry.done = execute(spec, entry)
      .catch((error) =>
        logger.error(
          { ...about(job), err: error },
          'job outcome not recorded; it runs again once its lease expires',
        ),
      )
      .finally(() => {
        running.delete(job.id);
        if (started && !stopped) void poll();
      });
    running.set(job.id, entry);
  }

  /** Claims and starts what is due in every queue, as far as each queue's concurrency allows. */
  async function pass(): Promise<number> {
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await store
        .pruneFinished(KEEP_DAYS)
        .catch((error) => logger.warn({ err: error }, 'finished jobs not pruned; trying later'));
    }
    let claimed = 0;
    for (const [queue, spec] of Object.entries(queues)) {
      if (stopped) break;
      try {
        const failFast = spec.expiredLease === 'fail';
        for (const job of await store.failExpired(queue, failFast ? 'all' : 'exhausted')) {
          logger.error(
            about(job),
            failFast
              ? 'job failed for good: its worker stopped while running it'
              : 'job failed for good: its worker stopped on its last attempt',
          );
          await notifyFailed(spec, job, new Error(LEASE_EXPIRED));
        }
        const jobs = await store.claim(
          queue,
          spec.concurrency - runningIn(queue),
          spec.leaseSeconds,
          workerId,
          { reclaimExpired: !failFast },
        );
        for (const job of jobs) run(spec, job);
        claimed += jobs.length;
      } catch (error) {
        logger.error({ queue, err: error }, 'jobs not claimed; trying again at the next poll');
      }
    }
    return claimed;
  }

  /** One pass at a time: asked for during one, another follows it at once. */
  function poll(): Promise<number> {
    if (passing) {
      again = true;
      return passing;
    }
    clearTimeout(timer);
    const current = pass().finally(() => {
      passing = undefined;
      if (stopped) return;
      if (again) {
        again = false;
        void poll();
      } else if (started) timer = setTimeout(poll, pollMs).unref();
    });
    passing = current;
    return current;
  }

  return {
    /** Starts polling: the first pass now (resolved once it has claimed), then every `pollMs`. */
    async start(): Promise<void> {
      started = true;
      stopped = false;
      await poll();
    },

    /**
     * Stops polling and waits for the running handlers; past the grace period they are aborted, and a
     * job whose handler gives up is given back to the queue. A handler that ignores its signal is left
     * to finish or die; its lease then lets another worker take the job.
     */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await passing;
      const handlers = () => Promise.all([...running.values()].map((r) => r.done));
      const abort = (entry: Running) => {
        entry.stopping = true;
        entry.controller.abort(new Error('The app is stopping.'));
      };
      [...running.values()].filter((entry) => queues[entry.job.queue]?.restartable).forEach(abort);
      if (await settlesWithin(handlers(), deps.graceMs ?? GRACE_MS)) return;
      running.forEach(abort);
      if (!(await settlesWithin(handlers(), ABORTED_WAIT_MS)))
        logger.warn(
          { jobIds: [...running.keys()] },
          'job handlers still running as the app stops; their jobs run again once their leases expire',
        );
    },

    /** Polls now, e.g. right after an enqueue of `queue` committed; a queue this runner lacks is left. */
    wake(queue?: string): void {
      if (!started || stopped || (queue !== undefined && !(queue in queues))) return;
      void poll();
    },

    /** Claims and runs until no due job is left (tests and seeding), whether started or not. */
    async runUntilIdle(): Promise<void> {
      for (;;) {
        await passing;
        const claimed = await poll();
        if (!claimed && !running.size) return;
        if (running.size) await Promise.race([...running.values()].map((r) => r.done));
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
