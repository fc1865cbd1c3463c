import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: services called from another
 * feature's transaction then join it instead of failing (Kysely cannot nest transactions).
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
