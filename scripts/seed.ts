import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { documentsDirOf } from '../src/documents/storage';
import { prepareDatabase } from '../src/setup';

/**
 * `npm run seed`: the demo data set, only where demo data is on (outside production unless DEMO=0, or
 * DEMO=1), with its documents unless DEMO_DOCUMENTS=0.
 */
async function main() {
  const config = loadConfig();
  if (!config.demo)
    throw new Error('Demo data is off: DEMO=0, or production without DEMO=1 (with DEMO_PASSWORD).');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const seeded = await prepareDatabase(database, {
      demoPassword: config.demoPassword,
      documentsDir: config.demoDocuments ? documentsDirOf(config) : undefined,
    });
    console.log(seeded ? 'Demo data seeded: logins reti, admin, attorney.' : 'Demo data is already there.');
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
