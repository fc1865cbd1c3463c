import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createSessionsStore } from './store';

/**
 * The ended sessions of some users in the database session store, over any connection (a caller's
 * transaction too): what a firm's cleanup counts and removes. Redis expires its own.
 */
export function createEndedSessions(db: Kysely<DB>) {
  const store = createSessionsStore(db);
  return { count: store.countExpiredOf, remove: store.deleteExpiredOf };
}
