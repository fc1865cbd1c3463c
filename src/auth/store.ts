import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Sessions in the database: the embedded mode's session store (Redis holds them otherwise). */
export function createSessionsStore(db: Kysely<DB>) {
  return {
    async get(sid: string): Promise<unknown | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('data')
        .where('sid', '=', sid)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.data;
    },

    async set(sid: string, data: unknown, userId: string | null, expiresAt: Date): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ sid, data: JSON.stringify(data), user_id: userId, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('sid')
            .doUpdateSet({ data: JSON.stringify(data), user_id: userId, expires_at: expiresAt }),
        )
        .execute();
    },

    async touch(sid: string, expiresAt: Date): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute();
    },

    async destroy(sid: string): Promise<void> {
      await db.deleteFrom('sessions').where('sid', '=', sid).execute();
    },

    async destroyByUsers(userIds: string[]): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
    },

    /** The ended sessions of some users still stored (pruning removes them every few minutes too). */
    async countExpiredOf(userIds: string[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const row = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', 'in', userIds)
        .where('expires_at', '<=', new Date())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteExpiredOf(userIds: string[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', 'in', userIds)
        .where('expires_at', '<=', new Date())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
