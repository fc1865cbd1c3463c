import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as foundation from './migrations/0001_foundation';
import * as access from './migrations/0002_access';
import * as passwordResets from './migrations/0003_password_resets';
import * as firmAdministration from './migrations/0004_firm_administration';
import * as usersAdmin from './migrations/0005_users_admin';
import * as admin from './migrations/0007_admin';
import * as cases from './migrations/0008_cases';
import * as casesSearch from './migrations/0009_cases_search';

/** Migrations are listed here in order, so the bundled server carries them without reading a folder. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_access': access,
  '0003_password_resets': passwordResets,
  '0004_firm_administration': firmAdministration,
  '0005_users_admin': usersAdmin,
  '0007_admin': admin,
  '0008_cases': cases,
  '0009_cases_search': casesSearch,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // The bookkeeping tables go in the schema the connection works in (search_path), not always 'public'.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
