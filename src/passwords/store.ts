import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, PasswordResetsTable } from '../db/schema';

export type PasswordResetRow = Selectable<PasswordResetsTable>;
/** A reset link's row, and whether it is past its time by the database's clock. */
export type FoundReset = PasswordResetRow & { expired: boolean };

/** The password_resets table: this feature's alone. */
export function createPasswordResetsStore(db: Kysely<DB>) {
  return {
    insert(userId: string, tokenHash: string, minutes: number): Promise<PasswordResetRow> {
      return db
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findByTokenHash(tokenHash: string): Promise<FoundReset | undefined> {
      return db
        .selectFrom('password_resets')
        .selectAll()
        .select(sql<boolean>`expires_at <= now()`.as('expired'))
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** How many links of this user are still open and were made in the last `minutes`. */
    async countRecentOpen(userId: string, minutes: number): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Spends the link; false when it was used or expired meanwhile (two tabs, one link). */
    async markUsed(id: string): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Spends every other open link of the user: once the password is reset, older emails stop working. */
    async voidOpen(userId: string): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
