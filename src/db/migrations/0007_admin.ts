import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * The administrator's dashboard and backups. Audit rows get a sequence number, so the entries of one
 * transaction (which share its timestamp) read newest first in the order they were written; a firm's
 * waiting emails are counted by an index of their own; and at most one backup of a firm runs at a time
 * (the database refuses a second one, whatever the processes decide).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
    DROP INDEX audit_log_firm_idx;
    CREATE INDEX audit_log_firm_idx ON audit_log (firm_id, created_at DESC, seq DESC);
    CREATE INDEX outbox_firm_pending_idx ON outbox (firm_id, created_at) WHERE status = 'pending';
    CREATE UNIQUE INDEX backups_one_running_idx ON backups (firm_id) WHERE status = 'running';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX backups_one_running_idx;
    DROP INDEX outbox_firm_pending_idx;
    DROP INDEX audit_log_firm_idx;
    ALTER TABLE audit_log DROP COLUMN seq;
    CREATE INDEX audit_log_firm_idx ON audit_log (firm_id, created_at DESC, id DESC);
  `,
  );
}
