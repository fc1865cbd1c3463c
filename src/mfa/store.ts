import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The recovery_codes table: this feature's alone. Only each code's SHA-256 is stored. */
export function createRecoveryCodesStore(db: Kysely<DB>) {
  return {
    /** The user's codes become these: every earlier code, used or not, stops working. */
    async replace(userId: string, codeHashes: string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (codeHashes.length === 0) return;
      await db
        .insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
    },

    /** Spends the code in one statement: false when it is no unused code of this user (or was just spent). */
    async spend(userId: string, codeHash: string): Promise<boolean> {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async countUnused(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
