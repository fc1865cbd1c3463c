import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
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
  /** The platform staff member asking for it: it then waits for an administrator's approval. */
  requestedBy?: string;
};

/** A search of a firm's users: words in a name, an email or a login ID, and the role and status. */
export type UserQuery = {
  firmId: string;
  q: string;
  role?: Role;
  status?: UserStatus;
  offset: number;
  limit: number;
};

/** Text inside a LIKE pattern, lower case, its own %, _ and backslash taken literally. */
const literal = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export function createUsersStore(db: Kysely<DB>) {
  /** A firm's own people: its clients' portal sign-ins are no users of User Management. */
  const staffOf = (firmId: string) =>
    db.selectFrom('users').where('firm_id', '=', firmId).where('role', '<>', 'client');

  /** A firm's users matching the search (the total counts the same rows). */
  function matching(query: UserQuery) {
    let found = staffOf(query.firmId);
    if (query.role) found = found.where('role', '=', query.role);
    if (query.status) found = found.where('status', '=', query.status);
    if (query.q) {
      const pattern = `%${literal(query.q)}%`;
      found = found.where((eb) =>
        eb.or([
          eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
          eb(sql`lower(email)`, 'like', pattern),
          eb(sql`lower(login_id)`, 'like', pattern),
        ]),
      );
    }
    return found;
  }

  const activeAdmins = (firmId: string) =>
    db
      .selectFrom('users')
      .select('id')
      .where('firm_id', '=', firmId)
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .orderBy('id');

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
      return staffOf(firmId).selectAll().orderBy('last_name').orderBy('first_name').execute();
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
          requested_by: user.requestedBy ?? null,
          requested_at: user.requestedBy ? sql<Date>`now()` : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A staff request approved: the account no longer waits (who asked for it is kept). */
    approveRequest(id: string): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ requested_at: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('requested_at', 'is not', null)
        .returningAll()
        .executeTakeFirst();
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

    /** An invited user's first password, the account still pending (its firm approves new users first). */
    setPendingPassword(
      id: string,
      passwordHash: string,
      noPasswordYet: string,
    ): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          failed_login_count: 0,
          locked_until: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('password_hash', '=', noPasswordYet)
        .returningAll()
        .executeTakeFirst();
    },

    /** One page of a firm's users by name, with the total that match; a page past the end counts apart. */
    async page(query: UserQuery): Promise<{ rows: UserRow[]; total: number }> {
      const found = await matching(query)
        .selectAll()
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .orderBy(sql`lower(last_name)`)
        .orderBy(sql`lower(first_name)`)
        .orderBy('id')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      if (found.length === 0) {
        if (query.offset === 0) return { rows: [], total: 0 };
        const count = await matching(query)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { rows: [], total: Number(count.n) };
      }
      return { rows: found.map(({ total: _total, ...row }) => row), total: Number(found[0].total) };
    },

    async countByStatus(firmId: string): Promise<Record<UserStatus, number>> {
      const rows = await staffOf(firmId)
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const counts: Record<UserStatus, number> = { active: 0, pending: 0, suspended: 0 };
      for (const r of rows) counts[r.status] = Number(r.n);
      return counts;
    },

    /** The IDs of the firm's active administrators. */
    activeAdminIds: async (firmId: string): Promise<string[]> =>
      (await activeAdmins(firmId).execute()).map((r) => r.id),

    /**
     * The same, locked until the transaction ends: two changes that could each leave the firm without an
     * active administrator then happen one after the other.
     */
    lockActiveAdmins: async (firmId: string): Promise<string[]> =>
      (await activeAdmins(firmId).forUpdate().execute()).map((r) => r.id),

    /** One of the firm's users, locked until the transaction ends. */
    lockInFirm(firmId: string, id: string): Promise<UserRow | undefined> {
      return staffOf(firmId).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The firm's account with this email, compared without case, if there is one. */
    findInFirmByEmail(firmId: string, email: string): Promise<UserRow | undefined> {
      return staffOf(firmId)
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findInFirm(firmId: string, id: string): Promise<UserRow | undefined> {
      return staffOf(firmId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The login IDs (lower case) that start with `prefix`, to pick a free one beside them. */
    async loginIdsStartingWith(prefix: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('users')
        .select(sql<string>`lower(login_id)`.as('login_id'))
        .where(sql`lower(login_id)`, 'like', `${literal(prefix)}%`)
        .execute();
      return new Set(rows.map((r) => r.login_id));
    },

    update(id: string, values: Updateable<UsersTable>): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
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
