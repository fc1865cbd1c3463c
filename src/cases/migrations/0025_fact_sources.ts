import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Where a person's fact came from when a document gave it (a passport's number and expiry, an I-94's
 * record, a green card's A-Number, a birth date): the document, by field. A fact typed on the person's page
 * has no entry here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE clients ADD COLUMN fact_sources jsonb NOT NULL DEFAULT '{}'::jsonb`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE clients DROP COLUMN fact_sources');
}
