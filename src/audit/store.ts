import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export type AuditEntry = {
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  /** The firm whose activity this is; by default the firm of the entity (a firm or a user), else the actor's. */
  firmId?: string | null;
};

/** The firm an entry belongs to, when the caller did not say: found in the same insert. */
function firmOf(entry: AuditEntry) {
  if (entry.firmId !== undefined) return entry.firmId;
  if (entry.entity === 'firm') return entry.entityId;
  const userId = entry.entity === 'user' ? entry.entityId : entry.actorUserId;
  return userId ? sql<string | null>`(SELECT firm_id FROM users WHERE id = ${userId}::uuid)` : null;
}

/** The audit log: who did what to which row, with the row before and after. */
export function createAuditStore(db: Kysely<DB>) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      const actor = entry.actorUserId;
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: actor,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
          firm_id: firmOf(entry),
          actor_name: actor
            ? sql<
                string | null
              >`(SELECT trim(first_name || ' ' || last_name) FROM users WHERE id = ${actor}::uuid)`
            : null,
        })
        .execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
