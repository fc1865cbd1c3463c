import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedCatalog } from '../src/access/service';
import { DECLARED_ACTIONS, MIGRATIONS } from '../src/features';

/** `npm run migrate`: applies every migration not yet applied. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db as never, MIGRATIONS);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    const added = await seedCatalog(database.db, DECLARED_ACTIONS);
    if (added) console.log(`Added ${added} declared actions to the catalog.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
