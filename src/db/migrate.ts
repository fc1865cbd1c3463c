import { type Kysely, type Migration, Migrator, sql } from 'kysely';

/**
 * Every migration, by name: the platform's and each feature's, run in the order of their numbers. The
 * names are the database's record of what ran, so a migration keeps its name wherever its file lives.
 */
export function allMigrations(...lists: Record<string, Migration>[]): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const list of lists)
    for (const [name, migration] of Object.entries(list)) {
      if (all[name]) throw new Error(`Two migrations are named ${name}.`);
      all[name] = migration;
    }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

/** Runs the migrations not yet run (the list: MIGRATIONS in src/features.ts). */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
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
