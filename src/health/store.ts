import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export function createHealthStore(db: Kysely<DB>) {
  return {
    /** A real round trip: the server's version and clock. */
    async greeting(): Promise<{ version: string; at: string }> {
      const { rows } = await sql<{ version: string; at: string }>`
        SELECT current_setting('server_version') AS version,
               to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at`.execute(db);
      return rows[0];
    },
  };
}

export type HealthStore = ReturnType<typeof createHealthStore>;
