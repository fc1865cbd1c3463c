import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The dashboard's own query: none of its tables, only whether the database answers. */
export function createAdminStore(db: Kysely<DB>) {
  return {
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
