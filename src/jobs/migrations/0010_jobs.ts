import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Background jobs: the outbox's pattern made general. A job waits until run_at; a worker claims it with
 * FOR UPDATE SKIP LOCKED and holds a lease (locked_until) while it runs; a job whose lease ran out (its
 * worker died) is claimed again. Each claim counts as an attempt, so a job that kills its worker every time
 * still ends failed after max_attempts. locked_by fences a late worker off a job another has since taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      queue text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      firm_id uuid REFERENCES firms (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      locked_by text,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX jobs_due_idx ON jobs (queue, run_at) WHERE status = 'pending';
    CREATE INDEX jobs_lease_idx ON jobs (queue, locked_until) WHERE status = 'running';
    CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('done', 'failed');
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE jobs');
}
