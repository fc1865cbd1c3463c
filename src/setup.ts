import type { Logger } from 'pino';
import { seedCatalog } from './access/service';
import { DECLARED_ACTIONS } from './catalog';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './demo/seed';

/**
 * Brings a database up to this version of the product: the migrations, then a catalog row for every
 * declared action it lacks, then (when asked) the demo data set. Answers whether the demo was seeded now.
 */
export async function prepareDatabase(
  database: Database,
  options: { demoPassword?: string; logger?: Logger } = {},
): Promise<boolean> {
  const applied = await migrateToLatest(database.db as never);
  if (applied.length) options.logger?.info({ migrations: applied }, 'database migrated');
  const added = await seedCatalog(database.db, DECLARED_ACTIONS);
  if (added) options.logger?.info({ actions: added }, 'actions catalog seeded');
  return options.demoPassword ? seedDemo(database.db, options.demoPassword) : false;
}
