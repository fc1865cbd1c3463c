import type { Redis } from '../db/redis';
import type { HealthStore } from './store';

const TIMEOUT_MS = 1500;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The checks behind /health: each answers quickly, with a message a person can act on. */
export function createHealthService(deps: { store: HealthStore; redis?: Redis }) {
  const database = () =>
    withTimeout(deps.store.greeting(), 'The database').catch((error: Error) => {
      throw new Error(
        error.message.includes('did not answer') ? error.message : 'The database is unreachable',
      );
    });

  return {
    database,

    /** The app is healthy when its database and (when configured) Redis both answer. */
    async check(): Promise<void> {
      await database();
      if (deps.redis) {
        if (!deps.redis.isReady) throw new Error('Redis is unreachable');
        await withTimeout(deps.redis.ping(), 'Redis');
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
