import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type AuditEntry = {
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** The audit log: who did what to which row, with the row before and after. */
export function createAuditStore(db: Kysely<DB>) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: entry.actorUserId,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
        })
        .execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
