import type { AuditService } from '../audit/service';
import { LOCKOUT_MINUTES } from '../shared/constants';
import type { Firm } from '../shared/firms';
import type { SessionUser } from '../shared/session';
import type { SecuritySettings } from '../shared/settings';
import { spendVerifyTime, verifyPassword } from '../users/password';
import { toSessionUser, type UserRow, type UsersService } from '../users/service';
import type { Language } from '../shared/people';

const isLocked = (row: UserRow) => row.locked_until !== null && row.locked_until > new Date();

export function createAuthService(deps: {
  users: UsersService;
  audit: AuditService;
  /** A firm by its ID, whoever asks: a firm's members may sign in only while it is not inactive. */
  firmOf: (firmId: string) => Promise<Firm | undefined>;
  /** The security settings an account lives under (its firm's; the platform's for staff). */
  securityOf: (firmId: string | null) => Promise<SecuritySettings>;
  /** Called the moment an account becomes locked: its owner is emailed (the composition root wires it). */
  onLocked?: (row: UserRow, lock: { attempts: number; minutes: number }) => Promise<void>;
  /** A client's language (their person's): their session carries it, so every page speaks it from sign-in. */
  languageOf?: (userId: string) => Promise<Language | undefined>;
}) {
  const { users, audit } = deps;

  /** The session's user; a client's with their language. */
  async function sessionUser(row: UserRow): Promise<SessionUser> {
    const user = toSessionUser(row);
    if (row.role !== 'client' || !deps.languageOf) return user;
    const language = await deps.languageOf(row.id);
    return language ? { ...user, language } : user;
  }

  /** Who may hold a session: an active account, and a firm's member only while the firm is not inactive. */
  async function maySignIn(row: UserRow): Promise<boolean> {
    if (row.status !== 'active') return false;
    if (!row.firm_id) return true;
    return (await deps.firmOf(row.firm_id))?.status !== 'inactive';
  }

  /** Counts a failed sign-in (a wrong password or code); at the firm's limit the account locks and its owner is told. */
  async function countFailure(row: UserRow): Promise<void> {
    const { loginAttempts } = await deps.securityOf(row.firm_id);
    const after = await users.recordFailedLogin(row.id, loginAttempts, LOCKOUT_MINUTES);
    if (after.locked_until && after.locked_until > new Date() && !isLocked(row)) {
      await audit.record({
        actorUserId: null,
        action: 'user.locked',
        entity: 'user',
        entityId: row.id,
        before: { locked_until: row.locked_until },
        after: { locked_until: after.locked_until, failed_login_count: after.failed_login_count },
      });
      await deps.onLocked?.(after, { attempts: loginAttempts, minutes: LOCKOUT_MINUTES });
    }
  }

  return {
    /**
     * The user when the login ID and password match an active, unlocked account of platform staff or of
     * a firm that is not inactive; otherwise null, for every reason alike, so a caller can never tell
     * which part was wrong.
     */
    async authenticate(loginId: string, password: string): Promise<SessionUser | null> {
      const row = await users.findByLoginId(loginId);
      if (!row) {
        await spendVerifyTime(password);
        return null;
      }
      const locked = isLocked(row);
      const matches = await verifyPassword(row.password_hash, password);
      if (locked) return null;
      if (!matches) {
        await countFailure(row);
        return null;
      }
      return (await maySignIn(row)) ? sessionUser(row) : null;
    },

    /**
     * A wrong two-factor code (or a wrong current password on the Account page) counts like a wrong
     * password at sign-in: nobody can try without end, and the owner is emailed once the account locks.
     */
    async countFailedAttempt(userId: string): Promise<void> {
      const row = await users.findById(userId);
      if (row) await countFailure(row);
    },

    /** Clears the failure count once the session is safely stored. */
    recordLogin: (user: SessionUser) => users.recordSuccessfulLogin(user.id),

    async userById(id: string): Promise<SessionUser | null> {
      const row = await users.findById(id);
      return row && (await maySignIn(row)) ? sessionUser(row) : null;
    },

    /**
     * An account that may sign in right now without its password (the demo): only while its password
     * would let it in (active, not locked, its firm not inactive); with its firm, for the caller's checks.
     */
    async passwordlessSignIn(loginId: string): Promise<{ user: SessionUser; firm?: Firm } | null> {
      const row = await users.findByLoginId(loginId);
      if (!row || isLocked(row) || !(await maySignIn(row))) return null;
      return { user: toSessionUser(row), firm: row.firm_id ? await deps.firmOf(row.firm_id) : undefined };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
