import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

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

    /**
     * One page of a firm's activity, newest first, with the total (a window count; a page past the end
     * counts separately). The index on (firm_id, created_at DESC, seq DESC) serves both.
     */
    async pageOfFirm(
      firmId: string,
      options: { offset: number; limit: number },
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const query = db.selectFrom('audit_log').where('firm_id', '=', firmId);
      const found = await query
        .selectAll()
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
      if (found.length === 0) {
        if (options.offset === 0) return { rows: [], total: 0 };
        const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return { rows: [], total: Number(count.n) };
      }
      return { rows: found.map(({ total: _total, ...row }) => row), total: Number(found[0].total) };
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
