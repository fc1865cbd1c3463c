import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The day USCIS decided a case (approved or rejected), as the person recording it says: decided_at stays
 * the moment it was recorded. Decisions recorded before are dated the day they were recorded, in the firm's
 * time zone (the product's default where the firm has none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE cases ADD COLUMN decided_on date;
    UPDATE cases SET decided_on = (cases.decided_at AT TIME ZONE coalesce(firms.time_zone, 'America/New_York'))::date
      FROM firms WHERE firms.id = cases.firm_id AND cases.decided_at IS NOT NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE cases DROP COLUMN decided_on;`);
}
