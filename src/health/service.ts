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
  const greeting = () =>
    withTimeout(deps.store.greeting(), 'The database').catch((error: Error) => {
      throw new Error(
        error.message.includes('did not answer') ? error.message : 'The database is unreachable',
      );
    });

  return {
    /**
     * The database check's message. Only platform staff see the server's version: to anyone else it
     * would only say which known flaws to try.
     */
    async database(staff: boolean): Promise<string> {
      const { version, at } = await greeting();
      return staff ? `Hello from PostgreSQL ${version} at ${at} UTC` : `Hello from the database at ${at} UTC`;
    },

    /** The app is healthy when its database and (when configured) Redis both answer. */
    async check(): Promise<void> {
      await greeting();
      if (deps.redis) {
        if (!deps.redis.isReady) throw new Error('Redis is unreachable');
        await withTimeout(deps.redis.ping(), 'Redis');
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
