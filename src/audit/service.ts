import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type AuditEntry, createAuditStore } from './store';

/** The audit log, for every feature: who did what to which row, with the row before and after. */
export function createAuditService(db: Kysely<DB>) {
  const store = createAuditStore(db);
  return { record: (entry: AuditEntry) => store.record(entry) };
}

export type AuditService = ReturnType<typeof createAuditService>;
