/**
 * A worker process for test/integration/jobs-processes.test.ts: a job runner over one PostgreSQL schema
 * (DATABASE_URL), for the queue JOB_QUEUE. Its handler writes each handling into job_handlings (made by
 * the test) and takes a little time; a job with `hangOnFirstAttempt` never ends its first attempt, so the
 * test can kill the process in the middle of it. Prints "ready" once its first pass is done; SIGTERM stops it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database';
import { createJobRunner } from '../../src/jobs/runner';
import { createLogger } from '../../src/logger';

type Payload = { hangOnFirstAttempt?: boolean };

async function main() {
  const worker = process.env.WORKER_ID!;
  const database = await openDatabase({ url: process.env.DATABASE_URL!, dataDir: '' });
  const { db } = database;
  const runner = createJobRunner({
    db,
    logger: createLogger('warn'),
    workerId: worker,
    pollMs: 100,
    queues: {
      [process.env.JOB_QUEUE!]: {
        concurrency: 4,
        leaseSeconds: Number(process.env.LEASE_SECONDS),
        async handle(job, signal) {
          const payload = job.payload as Payload;
          await sql`INSERT INTO job_handlings (job_id, worker, attempt) VALUES (${job.id}, ${worker}, ${job.attempts})`.execute(
            db,
          );
          await delay(payload.hangOnFirstAttempt && job.attempts === 1 ? 3_600_000 : 10, undefined, {
            signal,
          });
        },
      },
    },
  });
  await runner.start();
  console.log('ready');
  process.once('SIGTERM', () => {
    void runner
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
