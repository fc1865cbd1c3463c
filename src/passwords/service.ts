import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createOutbox, FIRST_TRY_HOLD_SECONDS, type MailSender } from '../mail/sender';
import { PRODUCT_NAME } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import type { Firm } from '../shared/firms';
import { pages } from '../shared/paths';
import { hashPassword } from '../users/password';
import { type PasswordPolicy, passwordProblem } from '../shared/password-policy';
import type { SecuritySettings } from '../shared/settings';
import { createUsersService, type UserRow } from '../users/service';
import { TOKEN_PATTERN } from './schema';
import { createPasswordResetsStore, type FoundReset } from './store';

/** A reset link works once, for this long. */
export const RESET_LINK_MINUTES = 60;
/** At most this many open links per account and hour from "Forgot password?": no mailbox flooding. */
const MAX_RECENT_LINKS = 3;
/**
 * "Forgot password?" answers no sooner than this after the request came: whether the account exists
 * (and gets a link) or not, the answer then takes the same time.
 */
const ANSWER_FLOOR_MS = 250;

/** The one answer to "Forgot password?", whether or not an account matches. */
export const RESET_REQUESTED =
  'If an account matches, we have emailed a link to reset its password. It works once, for 1 hour.';
export const PASSWORD_RESET = 'Your password is set. Log in with your new password.';

export type ResetState = 'unknown' | 'used' | 'expired' | 'closed' | 'valid';
type GoneState = Exclude<ResetState, 'valid'>;

/** A link that cannot be used: what happened, and what to do about it. */
export const GONE: Record<GoneState, { status: number; title: string; message: string }> = {
  unknown: {
    status: 404,
    title: 'This password reset link is not valid',
    message:
      'The link may be incomplete or mistyped. Open it again from the email, or ask for a new link with "Forgot password?".',
  },
  used: {
    status: 410,
    title: 'This password reset link has already been used',
    message:
      'Each link works once. Log in with your new password, or ask for a new link with "Forgot password?".',
  },
  expired: {
    status: 410,
    title: 'This password reset link has expired',
    message: 'Reset links work for 1 hour. Ask for a new one with "Forgot password?".',
  },
  closed: {
    status: 410,
    title: 'This password reset link no longer works',
    message: "The account it was sent for cannot sign in right now. Ask your firm's administrator.",
  },
};

const gone = (state: GoneState) =>
  new ServiceError(
    state === 'unknown' ? 'not-found' : 'gone',
    `${GONE[state].title}. ${GONE[state].message}`,
  );

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Why a link was sent: asked for with "Forgot password?", the account was just locked, or it was restored
 * from a backup (which keeps no passwords).
 */
type Reason =
  { kind: 'forgot' } | { kind: 'locked'; attempts: number; minutes: number } | { kind: 'restored' };

const RESTORED_INTRO = {
  subject: `Your firm was restored: choose your ${PRODUCT_NAME} password`,
  lines: (loginId: string) => [
    `Your firm's data was restored from a backup. Backups keep no passwords, so your account (user ID ${loginId}) needs a new one.`,
    '',
    'Choose it here:',
  ],
  outro:
    'Once the link has expired, ask for a new one with "Forgot password?" on the login page, with your user ID.',
};

function resetEmail(user: UserRow, link: string, reason: Reason) {
  const intro =
    reason.kind === 'restored'
      ? { ...RESTORED_INTRO, lines: RESTORED_INTRO.lines(user.login_id) }
      : reason.kind === 'locked'
        ? {
            subject: `Your ${PRODUCT_NAME} account is locked for ${reason.minutes} minutes`,
            lines: [
              `Your account (user ID ${user.login_id}) was locked for ${reason.minutes} minutes after ${reason.attempts} failed sign-ins.`,
              '',
              `You can try again once the ${reason.minutes} minutes have passed, or choose a new password now:`,
            ],
            outro:
              'If those sign-ins were not yours, someone may be guessing your password: choosing a new one keeps them out.',
          }
        : {
            subject: `Reset your ${PRODUCT_NAME} password`,
            lines: [
              `We were asked to reset the password of your account (user ID ${user.login_id}).`,
              '',
              'Choose a new password here:',
            ],
            outro: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
          };
  return {
    subject: intro.subject,
    text: [
      `Hello ${user.first_name},`,
      '',
      ...intro.lines,
      link,
      '',
      'The link works once, for 1 hour. Choosing a new password signs you out everywhere.',
      intro.outro,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Password resets: a single-use link, valid for 1 hour, emailed through the outbox when the owner asks
 * ("Forgot password?") or when their account is locked. Only the SHA-256 of a token is stored.
 */
export function createPasswordsService(deps: {
  db: Kysely<DB>;
  mail: MailSender;
  publicUrl: string;
  /** Ends every session of the given users (the composition root's session revoker). */
  endSessions: (userIds: string[]) => Promise<void>;
  /** A firm by its ID: a firm's members get links only while it is not inactive. */
  firmOf: (firmId: string) => Promise<Firm | undefined>;
  /** The security settings an account lives under: its firm's password policy holds for a new password. */
  securityOf: (firmId: string | null) => Promise<SecuritySettings>;
}) {
  const { db, mail } = deps;

  /** The password policy of the account a reset is for. */
  async function policyOf(found: FoundReset | undefined): Promise<PasswordPolicy> {
    const user = found && (await createUsersService(db).findById(found.user_id));
    return (await deps.securityOf(user?.firm_id ?? null)).passwordPolicy;
  }
  /** Deliveries started for a request that does not wait for them; stop() waits for them. */
  const sending = new Set<Promise<unknown>>();

  /** Tries the email at once without holding up the answer: the outbox retries it if this fails. */
  function deliverSoon(outboxId: string): void {
    const delivery: Promise<unknown> = mail.deliver(outboxId).finally(() => sending.delete(delivery));
    sending.add(delivery);
  }

  /** Who may get a link: an active account, and a firm's member only while the firm is not inactive. */
  async function mayReset(row: UserRow | undefined): Promise<boolean> {
    if (!row || row.status !== 'active') return false;
    if (!row.firm_id) return true;
    return (await deps.firmOf(row.firm_id))?.status !== 'inactive';
  }

  /** Stores a link and queues its email, in one transaction; answers the email's ID. */
  async function issue(user: UserRow, reason: Reason): Promise<string> {
    return inTransaction(db, async (trx) => {
      const token = crypto.randomBytes(32).toString('base64url');
      const reset = await createPasswordResetsStore(trx).insert(
        user.id,
        hashToken(token),
        RESET_LINK_MINUTES,
      );
      const link = `${deps.publicUrl}${pages.passwordReset(token)}`;
      const outboxId = await createOutbox(trx).enqueue(
        { to: user.email, ...resetEmail(user, link, reason), firmId: user.firm_id },
        FIRST_TRY_HOLD_SECONDS,
      );
      await createAuditService(trx).record({
        actorUserId: null,
        action: 'password_reset.sent',
        entity: 'user',
        entityId: user.id,
        after: { reason: reason.kind, resetId: reset.id, expiresAt: reset.expires_at },
      });
      return outboxId;
    });
  }

  async function find(trx: Kysely<DB>, token: string): Promise<FoundReset | undefined> {
    return TOKEN_PATTERN.test(token)
      ? createPasswordResetsStore(trx).findByTokenHash(hashToken(token))
      : undefined;
  }

  async function stateOf(found: FoundReset | undefined): Promise<ResetState> {
    if (!found) return 'unknown';
    if (found.used_at) return 'used';
    if (found.expired) return 'expired';
    return (await mayReset(await createUsersService(db).findById(found.user_id))) ? 'valid' : 'closed';
  }

  return {
    /**
     * "Forgot password?": emails a link when the user ID names an account that may sign in. The answer is
     * the same, and takes as long, whether or not it does: both ways look the account and its recent links
     * up, and the answer waits for a floor of time that covers the rest.
     */
    async requestReset(loginId: string): Promise<{ message: string }> {
      const started = performance.now();
      try {
        const row = await createUsersService(db).findByLoginId(loginId);
        const eligible = await mayReset(row);
        // Done for a missing account too (with an ID no row has), so both ways cost the same queries.
        const recent = await createPasswordResetsStore(db).countRecentOpen(
          eligible ? row!.id : crypto.randomUUID(),
          RESET_LINK_MINUTES,
        );
        if (eligible && recent < MAX_RECENT_LINKS) deliverSoon(await issue(row!, { kind: 'forgot' }));
      } finally {
        await sleep(ANSWER_FLOOR_MS - (performance.now() - started));
      }
      return { message: RESET_REQUESTED };
    },

    /** The account was just locked: its owner is told, with a link to choose a new password. */
    async lockedOut(row: UserRow, lock: { attempts: number; minutes: number }): Promise<void> {
      if (!(await mayReset(row))) return;
      deliverSoon(await issue(row, { kind: 'locked', ...lock }));
    },

    /** A restored account (restores keep no password): its owner gets a link to choose one. */
    async restored(userId: string): Promise<void> {
      const row = await createUsersService(db).findById(userId);
      if (!row || !(await mayReset(row))) return;
      deliverSoon(await issue(row, { kind: 'restored' }));
    },

    /** What the reset page shows for this token: whether it works, and the policy the password must meet. */
    async view(token: string): Promise<{ state: ResetState; policy: PasswordPolicy }> {
      const found = await find(db, token);
      return { state: await stateOf(found), policy: await policyOf(found) };
    },

    /**
     * Sets the new password once: the link is spent with the user's other links, the lockout is cleared,
     * and every session of the user ends (whoever held the old password is signed out).
     */
    async reset(token: string, password: string): Promise<{ message: string }> {
      const before = await find(db, token);
      const state = await stateOf(before);
      if (state !== 'valid') throw gone(state);
      const problem = passwordProblem(password, await policyOf(before));
      if (problem) throw new ServiceError('invalid', problem, { password: problem });
      // Hashing is slow: done before the transaction, so it holds its connection only briefly.
      const passwordHash = await hashPassword(password);
      const userId = await inTransaction(db, async (trx) => {
        const resets = createPasswordResetsStore(trx);
        const found = await find(trx, token);
        if (!found || !(await resets.markUsed(found.id))) {
          // Used or expired since the first look (another tab, the same link).
          throw gone(!found ? 'unknown' : found.expired ? 'expired' : 'used');
        }
        await resets.voidOpen(found.user_id);
        await createUsersService(trx).setPassword(found.user_id, passwordHash);
        await createAuditService(trx).record({
          actorUserId: found.user_id,
          action: 'user.password_reset',
          entity: 'user',
          entityId: found.user_id,
          after: { resetId: found.id, failed_login_count: 0, locked_until: null },
        });
        return found.user_id;
      });
      await deps.endSessions([userId]);
      return { message: PASSWORD_RESET };
    },

    /** Waits for the deliveries still under way. */
    async stop(): Promise<void> {
      await Promise.all(sending);
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
