import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, FirmsTable } from '../db/schema';

export type FirmRow = Selectable<FirmsTable>;

export function createFirmsStore(db: Kysely<DB>) {
  return {
    findByName(name: string): Promise<FirmRow | undefined> {
      return db.selectFrom('firms').selectAll().where('name', '=', name).executeTakeFirst();
    },

    insert(firm: Insertable<FirmsTable>): Promise<FirmRow> {
      return db.insertInto('firms').values(firm).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type FirmsStore = ReturnType<typeof createFirmsStore>;
