import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export function createHealthStore(db: Kysely<DB>) {
  return {
    /** A real round trip: the server's own name, version and clock. */
    async greeting(): Promise<string> {
      const { rows } = await sql<{ message: string }>`
        SELECT 'Hello from PostgreSQL ' || current_setting('server_version') || ' at ' ||
               to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC' AS message`.execute(db);
      return rows[0].message;
    },
  };
}

export type HealthStore = ReturnType<typeof createHealthStore>;
