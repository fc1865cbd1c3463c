import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * User Management: a firm's users listed by name one page at a time, and a user removed (or rejected)
 * together with their invitations without reading the whole invitations table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX users_firm_name_idx ON users (firm_id, lower(last_name), lower(first_name), id);
    CREATE INDEX invitations_user_idx ON invitations (user_id) WHERE user_id IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX invitations_user_idx;
    DROP INDEX users_firm_name_idx;
  `,
  );
}
