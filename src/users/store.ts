import type { Kysely, Selectable } from 'kysely';
import type { DB, FirmStatus, Role, UsersTable, UserStatus } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

/** A user with their firm's name and status (null for platform staff): what sign-in decides on. */
export type UserWithFirmRow = UserRow & { firm_name: string | null; firm_status: FirmStatus | null };

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
  const withFirm = () =>
    db
      .selectFrom('users')
      .leftJoin('firms', 'firms.id', 'users.firm_id')
      .selectAll('users')
      .select(['firms.name as firm_name', 'firms.status as firm_status']);

  return {
    findByLoginId(loginId: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['login_id']), '=', loginId.toLowerCase()))
        .executeTakeFirst();
    },

    findWithFirmByLoginId(loginId: string): Promise<UserWithFirmRow | undefined> {
      return withFirm()
        .where((eb) => eb(eb.fn('lower', ['users.login_id']), '=', loginId.toLowerCase()))
        .executeTakeFirst();
    },

    findWithFirmById(id: string): Promise<UserWithFirmRow | undefined> {
      return withFirm().where('users.id', '=', id).executeTakeFirst();
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
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
