import type { AuditStore } from '../audit/store';
import { DEMO_ACCOUNTS, DEMO_FIRM, DEMO_ROLE } from '../demo/accounts';
import { HttpError } from '../http/errors';
import type { UserRow, UserWithFirmRow } from '../users/store';
import type { UsersService } from '../users/service';
import { DEFAULT_LOGIN_ATTEMPTS, LOCKOUT_MINUTES } from '../shared/constants';
import { spendVerifyTime, verifyPassword } from './password';
import type { SessionUser } from './session';

export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  user_id: row.login_id,
  first_name: row.first_name,
  role_name: row.role,
  firm_id: row.firm_id,
});

/** Who may hold a session: an active account, and a firm's member only while the firm is not inactive. */
const maySignIn = (row: UserWithFirmRow) => row.status === 'active' && row.firm_status !== 'inactive';

const isLocked = (row: UserRow) => row.locked_until !== null && row.locked_until > new Date();

const DEMO_MESSAGES = {
  roleRefused: `The demo signs in only as a user of the demo firm (role "${DEMO_ROLE}"); sign in with a password for any other role.`,
  unavailable: 'The demo account is not available: it is suspended, locked or no longer in the demo firm.',
} as const;

/** The demo firm's own user, and only while that account could sign in with its password. */
const isDemoAccount = (row: UserWithFirmRow) =>
  row.role === DEMO_ROLE && row.firm_name === DEMO_FIRM.name && maySignIn(row) && !isLocked(row);

export function createAuthService(deps: { users: UsersService; audit: AuditStore }) {
  const { users, audit } = deps;

  return {
    /**
     * The user when the login ID and password match an active, unlocked account of platform staff or of
     * a firm that is not inactive; otherwise null, for every reason alike, so a caller can never tell
     * which part was wrong.
     */
    async authenticate(loginId: string, password: string): Promise<SessionUser | null> {
      const row = await users.findWithFirmByLoginId(loginId);
      if (!row) {
        await spendVerifyTime(password);
        return null;
      }
      const locked = isLocked(row);
      const matches = await verifyPassword(row.password_hash, password);
      if (locked) return null;
      if (!matches) {
        const after = await users.recordFailedLogin(row.id, DEFAULT_LOGIN_ATTEMPTS, LOCKOUT_MINUTES);
        if (after.locked_until && after.locked_until > new Date()) {
          await audit.record({
            actorUserId: null,
            action: 'user.locked',
            entity: 'user',
            entityId: row.id,
            before: { locked_until: row.locked_until },
            after: { locked_until: after.locked_until, failed_login_count: after.failed_login_count },
          });
        }
        return null;
      }
      return maySignIn(row) ? toSessionUser(row) : null;
    },

    /** Clears the failure count once the session is safely stored. */
    recordLogin: (user: SessionUser) => users.recordSuccessfulLogin(user.id),

    async userById(id: string): Promise<SessionUser | null> {
      const row = await users.findWithFirmById(id);
      return row && maySignIn(row) ? toSessionUser(row) : null;
    },

    /** The demo sign-in: the demo firm's user, refused for any other role and whenever the account is. */
    async demoUser(role: string): Promise<SessionUser> {
      if (role !== DEMO_ROLE) throw new HttpError(403, DEMO_MESSAGES.roleRefused);
      const row = await users.findWithFirmByLoginId(DEMO_ACCOUNTS[DEMO_ROLE].loginId);
      if (!row || !isDemoAccount(row)) throw new HttpError(403, DEMO_MESSAGES.unavailable);
      return toSessionUser(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
