import type { AuditStore } from '../audit/store';
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
      const locked = row.locked_until !== null && row.locked_until > new Date();
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

    async userByLoginId(loginId: string): Promise<SessionUser | null> {
      const row = await users.findWithFirmByLoginId(loginId);
      return row && maySignIn(row) ? toSessionUser(row) : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
