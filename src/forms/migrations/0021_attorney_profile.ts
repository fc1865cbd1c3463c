import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The attorney's profile as the forms print it (G-28, the attorney block on page 1 of most forms): the bar
 * number, the licensing authority (the state bar or court that admitted them) and their USCIS online
 * account number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE users ADD COLUMN bar_number text;
    ALTER TABLE users ADD COLUMN licensing_authority text;
    ALTER TABLE users ADD COLUMN uscis_account_number text;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    'ALTER TABLE users DROP COLUMN bar_number; ALTER TABLE users DROP COLUMN licensing_authority; ALTER TABLE users DROP COLUMN uscis_account_number',
  );
}
