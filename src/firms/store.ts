import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, FirmsTable, FirmStatus } from '../db/schema';

export type FirmRow = Selectable<FirmsTable>;

export function createFirmsStore(db: Kysely<DB>) {
  return {
    /** The firm, locked until the transaction ends: changes to one firm then happen one at a time. */
    lockById(id: string): Promise<FirmRow | undefined> {
      return db.selectFrom('firms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    findById(id: string): Promise<FirmRow | undefined> {
      return db.selectFrom('firms').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One page of firms, newest first; `onlyId` narrows the list to one firm (a firm's own view). */
    /** One query for a page and the total (a window count); a page past the end counts separately. */
    async page(options: {
      offset: number;
      limit: number;
      onlyId?: string;
    }): Promise<{ rows: FirmRow[]; total: number }> {
      let query = db.selectFrom('firms');
      if (options.onlyId) query = query.where('id', '=', options.onlyId);
      const found = await query
        .selectAll()
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
      if (found.length === 0) {
        if (options.offset === 0) return { rows: [], total: 0 };
        const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return { rows: [], total: Number(count.n) };
      }
      const rows = found.map(({ total: _total, ...row }) => row);
      return { rows, total: Number(found[0].total) };
    },

    async activeIds(): Promise<string[]> {
      const rows = await db.selectFrom('firms').select('id').where('status', '=', 'active').execute();
      return rows.map((r) => r.id);
    },

    /** Firms by status: every firm, or the one `onlyId` names. */
    async countByStatus(onlyId?: string): Promise<Record<FirmStatus, number>> {
      const rows = await db
        .selectFrom('firms')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .$if(onlyId !== undefined, (q) => q.where('id', '=', onlyId!))
        .groupBy('status')
        .execute();
      const counts: Record<FirmStatus, number> = { active: 0, pending: 0, inactive: 0 };
      for (const r of rows) counts[r.status] = Number(r.n);
      return counts;
    },

    insert(firm: Insertable<FirmsTable>): Promise<FirmRow> {
      return db.insertInto('firms').values(firm).returningAll().executeTakeFirstOrThrow();
    },

    update(id: string, values: Updateable<FirmsTable>): Promise<FirmRow | undefined> {
      return db
        .updateTable('firms')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('firms').where('id', '=', id).execute();
    },
  };
}

export type FirmsStore = ReturnType<typeof createFirmsStore>;
