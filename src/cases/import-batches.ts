/**
 * How an import's batches are committed. PostgreSQL: all in one transaction, so a failure leaves
 * nothing, while other requests use the pool's other connections. PGlite: each batch its own short
 * transaction on the long work's handle, so requests go between them on its one connection; a failure
 * takes back what the batches before it wrote.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { CaseRow } from './store';
import { createTransferStore } from './transfer-store';

/** What a batch added or changed, to be taken back should a later one fail. */
export type Undo = { clients: string[]; cases: string[]; history: string[]; before: CaseRow[] };

const nothing = (): Undo => ({ clients: [], cases: [], history: [], before: [] });

/** Runs one batch in its transaction; what it writes goes in `undo` (kept once committed). */
export type Run = <T>(work: (trx: Kysely<DB>, undo: Undo) => Promise<T>) => Promise<T>;

export const batchesInOne =
  (db: Kysely<DB>) =>
  <T>(write: (run: Run) => Promise<T>): Promise<T> =>
    inTransaction(db, (trx) => write((work) => work(trx, nothing())));

export const batchesApart =
  (bulk: Kysely<DB>) =>
  async <T>(write: (run: Run) => Promise<T>): Promise<T> => {
    const written = nothing();
    const run: Run = async (work) => {
      const undo = nothing();
      const value = await bulk.transaction().execute((trx) => work(trx, undo));
      for (const key of ['clients', 'cases', 'history', 'before'] as const)
        (written[key] as unknown[]).push(...undo[key]);
      return value;
    };
    try {
      return await write(run);
    } catch (error) {
      await takeBack(bulk, written).catch((failure: unknown) => {
        throw new Error('An import failed, and what it had written could not all be taken back.', {
          cause: [error, failure],
        });
      });
      throw error;
    }
  };

/** The changed cases as they were, then the rows added removed: history rows, cases (with theirs), clients. */
async function takeBack(bulk: Kysely<DB>, written: Undo): Promise<void> {
  const store = createTransferStore(bulk);
  await store.removeAdded('case_history', written.history);
  await store.restoreCases(written.before);
  await store.removeAdded('cases', written.cases);
  await store.removeAdded('clients', written.clients);
}
