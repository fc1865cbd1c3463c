import type { Logger } from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { connectRedis, createRedis, type Redis } from './db/redis';
import { documentsDirOf } from './documents/storage';
import { prepareDatabase } from './setup';

export type Runtime = { database: Database; redis?: Redis; seeded: boolean; close(): Promise<void> };

/** Opens the database (migrated, demo-seeded when configured) and Redis; closes both in order. */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onReopen: (cause) =>
      logger.error(
        { err: cause },
        'the embedded database broke: it was reopened, and the requests it was serving failed',
      ),
  });
  try {
    const seeded = await prepareDatabase(database, {
      demoPassword: config.demo ? config.demoPassword : undefined,
      // Only when asked for: the documents are analyzed in the background, minutes of OCR after a first start.
      documentsDir: config.demoDocuments ? documentsDirOf(config) : undefined,
      logger,
    });
    const redis = config.redisUrl ? createRedis(config.redisUrl, logger) : undefined;
    if (redis && !(await connectRedis(redis)))
      logger.warn('Redis is not answering yet; sessions answer 503 until it does');
    return {
      database,
      redis,
      seeded,
      async close() {
        if (redis?.isOpen) await redis.close().catch(() => redis.destroy());
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
