import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * - outbox.last_attempt_at: when a message was last tried, so that a firm's dashboard can say when its
 *   emails last failed, and whether the latest try failed.
 * - invitations.outbox_id: the invitation's email, so that a new invitation withdraws an old one still
 *   unsent (its link would no longer work).
 * - users.requested_by / requested_at: an account platform staff asked to add to a firm that has an
 *   administrator. It waits for one of the firm's administrators to approve it; until then no invitation
 *   exists, so nobody can sign in with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE outbox ADD COLUMN last_attempt_at timestamptz;
    ALTER TABLE invitations ADD COLUMN outbox_id uuid REFERENCES outbox (id) ON DELETE SET NULL;
    ALTER TABLE users ADD COLUMN requested_by uuid REFERENCES users (id) ON DELETE SET NULL;
    ALTER TABLE users ADD COLUMN requested_at timestamptz;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE users DROP COLUMN requested_at;
    ALTER TABLE users DROP COLUMN requested_by;
    ALTER TABLE invitations DROP COLUMN outbox_id;
    ALTER TABLE outbox DROP COLUMN last_attempt_at;
  `,
  );
}
