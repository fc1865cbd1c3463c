import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type AuditEntry, type AuditRow, createAuditStore } from './store';

export type { AuditRow } from './store';

/** The audit log, for every feature: who did what to which row, with the row before and after. */
export function createAuditService(db: Kysely<DB>) {
  const store = createAuditStore(db);
  return {
    record: (entry: AuditEntry) => store.record(entry),

    /** One page of a firm's activity, newest first. */
    async pageOfFirm(
      firmId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      return store.pageOfFirm(firmId, { offset: (page - 1) * pageSize, limit: pageSize });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
