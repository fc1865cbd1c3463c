import type { AuditService } from '../audit/service';
import { DEFAULT_LOGIN_ATTEMPTS, LOCKOUT_MINUTES } from '../shared/constants';
import type { SessionUser } from '../shared/session';
import { spendVerifyTime, verifyPassword } from '../users/password';
import { toSessionUser, type UsersService } from '../users/service';

export function createAuthService(deps: { users: UsersService; audit: AuditService }) {
  const { users, audit } = deps;

  return {
    /**
     * The user when the login ID and password match an active, unlocked account; otherwise null, for
     * every reason alike, so a caller can never tell which part was wrong.
     */
    async authenticate(loginId: string, password: string): Promise<SessionUser | null> {
      const row = await users.findByLoginId(loginId);
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
      if (row.status !== 'active') return null;
      return toSessionUser(row);
    },

    /** Clears the failure count once the session is safely stored. */
    recordLogin: (user: SessionUser) => users.recordSuccessfulLogin(user.id),

    async userById(id: string): Promise<SessionUser | null> {
      const row = await users.findById(id);
      return row && row.status === 'active' ? toSessionUser(row) : null;
    },

    async userByLoginId(loginId: string): Promise<SessionUser | null> {
      const row = await users.findByLoginId(loginId);
      return row && row.status === 'active' ? toSessionUser(row) : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
