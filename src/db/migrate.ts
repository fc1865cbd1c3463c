import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as foundation from './migrations/0001_foundation';
import * as access from './migrations/0002_access';
import * as passwordResets from './migrations/0003_password_resets';
import * as firmAdministration from './migrations/0004_firm_administration';
import * as usersAdmin from './migrations/0005_users_admin';
import * as admin from './migrations/0007_admin';
import * as cases from './migrations/0008_cases';
import * as casesSearch from './migrations/0009_cases_search';
import * as jobs from './migrations/0010_jobs';
import * as documents from './migrations/0011_documents';
import * as ai from './migrations/0012_ai';
import * as forms from './migrations/0013_forms';
import * as reports from './migrations/0014_reports';
import * as restores from './migrations/0015_restores';
import * as privacy from './migrations/0016_privacy';
import * as caseDecisions from './migrations/0017_case_decisions';

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
  '0010_jobs': jobs,
  '0011_documents': documents,
  '0012_ai': ai,
  '0013_forms': forms,
  '0014_reports': reports,
  '0015_restores': restores,
  '0016_privacy': privacy,
  '0017_case_decisions': caseDecisions,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // The bookkeeping tables go in the schema the connection works in (search_path), not always 'public'.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (!(attempt < 3 && otherSchemaVanished(error, rows[0].schema))) throw error;
  }
}

/**
 * Kysely looks for its bookkeeping tables by listing the tables of every schema; a schema that another
 * tenant of the server drops meanwhile fails that listing ("schema … does not exist", SQLSTATE 3F000).
 * Nothing of ours was touched, so the migration is simply tried again.
 */
function otherSchemaVanished(error: unknown, ours: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '3F000' && !String(message).includes(`"${ours}"`);
}
