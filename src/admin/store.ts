import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { StatKey } from '../shared/admin';

/**
 * The dashboard's own queries: whether the database answers, and the stat cards' counts in one statement
 * (each the same count as its feature's own: active users, cases, documents and AI tool uses of the firm).
 */
export function createAdminStore(db: Kysely<DB>) {
  return {
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },

    async figures(firmId: string): Promise<Record<StatKey, number>> {
      const row = await db
        .selectNoFrom((eb) => {
          const count = (table: 'cases' | 'documents' | 'ai_usage') =>
            eb.selectFrom(table).select(eb.fn.countAll<number>().as('n')).where('firm_id', '=', firmId);
          return [
            eb
              .selectFrom('users')
              .select(eb.fn.countAll<number>().as('n'))
              .where('firm_id', '=', firmId)
              .where('role', '<>', 'client')
              .where('status', '=', 'active')
              .as('activeUsers'),
            count('cases').as('cases'),
            count('documents').as('documents'),
            count('ai_usage').as('aiTools'),
          ];
        })
        .executeTakeFirstOrThrow();
      return {
        activeUsers: Number(row.activeUsers),
        cases: Number(row.cases),
        documents: Number(row.documents),
        aiTools: Number(row.aiTools),
      };
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
