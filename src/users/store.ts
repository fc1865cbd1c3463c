import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable, UserStatus } from '../db/schema';
import type { Role } from '../shared/session';

export type UserRow = Selectable<UsersTable>;

export type NewUser = {
  firmId: string | null;
  loginId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  status: UserStatus;
  passwordHash: string;
};

export function createUsersStore(db: Kysely<DB>) {
  return {
    findByLoginId(loginId: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['login_id']), '=', loginId.toLowerCase()))
        .executeTakeFirst();
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listByFirm(firmId: string): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('firm_id', '=', firmId)
        .orderBy('last_name')
        .orderBy('first_name')
        .execute();
    },

    async countActive(firmId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The names of some users of a firm, by ID (a user removed since is simply not there). */
    namesOf(
      firmId: string,
      ids: string[],
    ): Promise<Array<{ id: string; first_name: string; last_name: string }>> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('firm_id', '=', firmId)
        .where('id', 'in', ids)
        .execute();
    },

    async insert(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          firm_id: user.firmId,
          login_id: user.loginId,
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          role: user.role,
          status: user.status,
          password_hash: user.passwordHash,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Counts a failed sign-in and locks the account once `maxAttempts` is reached; returns the new row. */
    async recordFailedLogin(id: string, maxAttempts: number, lockMinutes: number): Promise<UserRow> {
      return db
        .updateTable('users')
        .set((eb) => ({
          failed_login_count: eb('failed_login_count', '+', 1),
          locked_until: eb
            .case()
            .when('failed_login_count', '>=', maxAttempts - 1)
            .then(new Date(Date.now() + lockMinutes * 60_000))
            .else(eb.ref('locked_until'))
            .end(),
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async recordSuccessfulLogin(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ failed_login_count: 0, locked_until: null, last_login_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** An invited (pending) user's first password, which activates the account; undefined if not pending. */
    activatePending(id: string, passwordHash: string): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          status: 'active',
          failed_login_count: 0,
          locked_until: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          failed_login_count: 0,
          locked_until: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    // Two-factor sign-in (the totp_* columns), for the mfa feature through the service.

    /** Turns two-factor sign-in on with its sealed secret and the step of the code that confirmed it. */
    async enableTotp(id: string, secretSealed: string, step: number): Promise<void> {
      await db
        .updateTable('users')
        .set({
          totp_secret_sealed: secretSealed,
          totp_enabled_at: new Date(),
          totp_last_step: step,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async disableTotp(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          totp_secret_sealed: null,
          totp_enabled_at: null,
          totp_last_step: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Records `step` as the last accepted one, only if it is newer than the one stored: false means the
     * code was used already (also by a request racing with this one).
     */
    async advanceTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where('totp_enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
