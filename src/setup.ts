import type { Logger } from 'pino';
import { seedCatalog } from './access/service';
import { DECLARED_ACTIONS, MIGRATIONS } from './features';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './demo/seed';
import { localDocumentStorage } from './documents/storage';

/**
 * Brings a database up to this version of the product: the migrations, then a catalog row for every
 * declared action it lacks, then (when asked) the demo data set. Answers whether the demo was seeded now.
 */
export async function prepareDatabase(
  database: Database,
  options: {
    demoPassword?: string;
    logger?: Logger;
    /** Where documents' files are kept: given, the demo data set includes its documents. */
    documentsDir?: string;
  } = {},
): Promise<boolean> {
  const applied = await migrateToLatest(database.db as never, MIGRATIONS);
  if (applied.length) options.logger?.info({ migrations: applied }, 'database migrated');
  const added = await seedCatalog(database.db, DECLARED_ACTIONS);
  if (added) options.logger?.info({ actions: added }, 'actions catalog seeded');
  if (!options.demoPassword) return false;
  const storage = options.documentsDir ? localDocumentStorage(options.documentsDir) : undefined;
  return seedDemo(database.db, options.demoPassword, storage);
}
