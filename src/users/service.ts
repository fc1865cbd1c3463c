import type { Kysely } from 'kysely';
import { hashPassword } from './password';
import type { DB } from '../db/schema';
import { ServiceError } from '../shared/errors';
import type { FirmUser } from '../shared/firms';
import { LOGIN_ID_RULE } from '../shared/login-id';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, passwordProblem } from '../shared/password-policy';
import type { Role, SessionUser } from '../shared/session';
import { createUsersStore, type NewUser, type UserRow } from './store';

export type { UserRow } from './store';

export type CreateUserInput = {
  firmId: string | null;
  loginId: string;
  firstName: string;
  lastName?: string;
  email: string;
  role: Role;
  password: string;
};

/** No password can ever match this hash: the account waits for its invitation to be accepted. */
export const NO_PASSWORD_YET = '!invited';

/** A users row as the session carries it. */
export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  loginId: row.login_id,
  firstName: row.first_name,
  role: row.role,
  firmId: row.firm_id,
});

/** A firm's user as the API lists it (its JSON names are the API's contract). */
export const toFirmUser = (row: UserRow): FirmUser => ({
  id: row.id,
  userId: row.login_id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role as FirmUser['role'],
  status: row.status,
  lastLogin: row.last_login_at ? row.last_login_at.toISOString() : null,
});

/** Accounts: the only way into the users table for every other feature. */
export function createUsersService(db: Kysely<DB>) {
  const store = createUsersStore(db);
  return {
    findByLoginId: store.findByLoginId,
    findById: store.findById,
    listByFirm: store.listByFirm,
    /** The firm's active users: the administrator's dashboard counts them. */
    countActive: store.countActive,
    /** Full names ("Ana Lopez") of some of the firm's users, by ID. */
    async namesOf(firmId: string, ids: string[]): Promise<Map<string, string>> {
      const rows = await store.namesOf(firmId, ids);
      return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
    },
    recordFailedLogin: store.recordFailedLogin,
    recordSuccessfulLogin: store.recordSuccessfulLogin,
    activatePending: store.activatePending,
    setPassword: store.setPassword,
    // Two-factor sign-in (the mfa feature's use of the totp_* columns).
    enableTotp: store.enableTotp,
    disableTotp: store.disableTotp,
    advanceTotpStep: store.advanceTotpStep,

    /** An invited account: pending, with no password until its invitation is accepted. */
    insertInvited: (user: Omit<NewUser, 'status' | 'passwordHash'>) =>
      store.insert({ ...user, status: 'pending', passwordHash: NO_PASSWORD_YET }),

    /** An active account whose password was chosen already (hashed by the caller). */
    insertActive: (user: Omit<NewUser, 'status'>) => store.insert({ ...user, status: 'active' }),

    /** Creates an active account whose password meets `policy`. */
    async create(input: CreateUserInput, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): Promise<UserRow> {
      const problem = passwordProblem(input.password, policy);
      if (problem) throw new ServiceError('invalid', problem, { password: problem });
      if (!LOGIN_ID_RULE.pattern.test(input.loginId))
        throw new ServiceError('invalid', LOGIN_ID_RULE.message, { loginId: LOGIN_ID_RULE.message });
      if (await store.findByLoginId(input.loginId))
        throw new ServiceError('conflict', `User ID ${input.loginId} is taken`);
      return store.insert({
        firmId: input.firmId,
        loginId: input.loginId,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        email: input.email,
        role: input.role,
        status: 'active',
        passwordHash: await hashPassword(input.password),
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
