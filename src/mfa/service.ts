import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { SecondStep } from '../auth/session';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Sealer } from '../secrets';
import type { AccountStatus } from '../shared/account';
import { ServiceError } from '../shared/errors';
import { passwordProblem } from '../shared/password-policy';
import type { MfaStep, SessionUser } from '../shared/session';
import type { SecuritySettings } from '../shared/settings';
import { hashPassword, verifyPassword } from '../users/password';
import { createUsersService, type UserRow } from '../users/service';
import {
  acceptedStep,
  groupedSecret,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
} from './codes';
import { type QrDrawing, qrDrawing } from './qr';
import { createRecoveryCodesStore } from './store';

export const MFA_MESSAGES = {
  wrongCode:
    'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.',
  wrongSetupCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  noStep: 'Log in with your user ID and password first.',
  expired: 'The sign-in took longer than 10 minutes. Log in again.',
  tooMany: 'Too many wrong codes. Log in again.',
  closed: 'This sign-in cannot go on. Log in again.',
  notEnrolling:
    'Two-factor sign-in is already on for this account: enter a code from your authenticator app.',
  mustEnroll: 'Set up two-factor sign-in first: your firm requires it for administrators.',
  noSetup: 'Open the setup page first: it shows the QR code and key that the code must come from.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  requiredByFirm:
    'Your firm requires two-factor sign-in for administrators, so you cannot turn it off. An administrator can change that in Settings, Security.',
  wrongPassword: 'The current password is not right.',
  samePassword: 'The new password must be different from the current one.',
  locked: 'Too many wrong passwords: your account is locked for a while. Try again later.',
  signedOut: 'Your session has ended. Log in again.',
  noCodesShown: 'No new recovery codes to show: they are shown once, until you continue.',
} as const;

/** A sign-in's second step lasts this long; then the password has to be given again. */
export const STEP_MINUTES = 10;
/** Wrong codes one sign-in may try before it ends (each also counts toward the account's lockout). */
export const MAX_CODE_TRIES = 5;

/** What the setup page and GET {API}/auth/mfa/setup show: the QR code and the same secret as text. */
export type MfaSetup = { secret: string; groupedSecret: string; otpauthUri: string; qr: QrDrawing };

/** A code given to finish a sign-in: accepted (with the user), wrong, or the sign-in cannot go on. */
export type StepOutcome = { user: SessionUser } | { refused: 'wrong-code' | 'closed' };

const isLocked = (row: UserRow) => row.locked_until !== null && row.locked_until > new Date();
const passwordTagOf = (row: UserRow) =>
  crypto.createHash('sha256').update(row.password_hash).digest('base64url').slice(0, 22);
const lastStepOf = (row: UserRow) => (row.totp_last_step === null ? null : Number(row.totp_last_step));

/**
 * Two-factor sign-in (TOTP, RFC 6238, with single-use recovery codes) and the person's own account:
 * who must use it, enrolling, checking codes, turning it off, new recovery codes, changing the password.
 */
export function createMfaService(deps: {
  db: Kysely<DB>;
  sealer: Sealer;
  /** The security settings an account lives under (the settings service). */
  securityOf: (firmId: string | null) => Promise<SecuritySettings>;
  /** The account as a session holds it, while it may sign in (active, its firm not inactive). */
  sessionUserOf: (userId: string) => Promise<SessionUser | null>;
  /** Counts a wrong attempt toward the account's lockout, as a wrong password at sign-in does. */
  countFailedAttempt: (userId: string) => Promise<void>;
  /** Ends every session of the given users (the composition root's session revoker). */
  endSessions: (userIds: string[]) => Promise<void>;
}) {
  const { db, sealer } = deps;
  const users = createUsersService(db);
  const codes = createRecoveryCodesStore(db);

  /** 'required' for an account with two-factor on; 'enroll' for an administrator whose firm requires it. */
  async function requirementOf(row: UserRow): Promise<MfaStep | null> {
    if (row.totp_enabled_at) return 'required';
    return (await requiredByFirm(row)) ? 'enroll' : null;
  }

  /** Staff are never forced: the setting is the firm's, for the firm's administrators. */
  async function requiredByFirm(row: UserRow): Promise<boolean> {
    return (
      row.role === 'admin' && row.firm_id !== null && (await deps.securityOf(row.firm_id)).twoFactorAdmins
    );
  }

  async function rowOf(userId: string): Promise<UserRow> {
    const row = await users.findById(userId);
    if (!row) throw new ServiceError('unauthenticated', MFA_MESSAGES.signedOut);
    return row;
  }

  /** The account of a second step, while that step may still finish; undefined when it cannot. */
  async function stepRow(step: SecondStep): Promise<UserRow | undefined> {
    const row = await users.findById(step.userId);
    if (!row || isLocked(row) || passwordTagOf(row) !== step.passwordTag) return undefined;
    return row;
  }

  /** Checks a TOTP code or a recovery code of an enrolled account, and spends it: never accepted twice. */
  async function spendCode(row: UserRow, code: string): Promise<'totp' | 'recovery' | null> {
    if (!row.totp_secret_sealed || !row.totp_enabled_at) return null;
    if (looksLikeRecoveryCode(code)) {
      if (!(await codes.spend(row.id, hashRecoveryCode(code)))) return null;
      await createAuditService(db).record({
        actorUserId: row.id,
        action: 'user.mfa.recovery-code.used',
        entity: 'user',
        entityId: row.id,
        after: { recoveryCodesLeft: await codes.countUnused(row.id) },
      });
      return 'recovery';
    }
    const step = acceptedStep(sealer.open(row.totp_secret_sealed), code, { lastStep: lastStepOf(row) });
    return step !== null && (await users.advanceTotpStep(row.id, step)) ? 'totp' : null;
  }

  /** A signed-in person's code on the Account page: wrong is a refusal beside the field. */
  async function requireCode(row: UserRow, code: string): Promise<void> {
    if (!row.totp_enabled_at) throw new ServiceError('conflict', MFA_MESSAGES.notOn);
    if (!(await spendCode(row, code)))
      throw new ServiceError('invalid', MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  }

  /** Ten new recovery codes for the account (the old ones stop working), in the caller's transaction. */
  async function issueCodes(trx: Kysely<DB>, userId: string): Promise<string[]> {
    const fresh = newRecoveryCodes();
    await createRecoveryCodesStore(trx).replace(userId, fresh.map(hashRecoveryCode));
    return fresh;
  }

  /**
   * Turns two-factor sign-in on with the secret the person was shown, once a code from it proves the app
   * has it; answers the ten recovery codes, which are shown this once. Audited.
   */
  async function enable(actor: SessionUser, sealed: string, code: string): Promise<string[]> {
    const row = await rowOf(actor.id);
    if (row.totp_enabled_at) throw new ServiceError('conflict', MFA_MESSAGES.alreadyOn);
    const step = acceptedStep(sealer.open(sealed), code);
    if (step === null)
      throw new ServiceError('invalid', MFA_MESSAGES.wrongSetupCode, { code: MFA_MESSAGES.wrongSetupCode });
    return inTransaction(db, async (trx) => {
      await createUsersService(trx).enableTotp(row.id, sealed, step);
      const fresh = await issueCodes(trx, row.id);
      await createAuditService(trx).record({
        actorUserId: row.id,
        action: 'user.mfa.enabled',
        entity: 'user',
        entityId: row.id,
        before: { twoFactor: false },
        after: { twoFactor: true, recoveryCodes: fresh.length },
      });
      return fresh;
    });
  }

  const setupOf = (loginId: string, secret: string): MfaSetup => {
    const uri = otpauthUri(secret, loginId);
    return { secret, groupedSecret: groupedSecret(secret), otpauthUri: uri, qr: qrDrawing(uri) };
  };

  return {
    /**
     * The second step this sign-in needs, or null: after the right password, an account with two-factor
     * on gives a code, and an administrator whose firm requires it sets it up first.
     */
    async secondStepFor(user: SessionUser): Promise<SecondStep | null> {
      const row = await rowOf(user.id);
      const step = await requirementOf(row);
      return (
        step && { userId: row.id, step, startedAt: Date.now(), failures: 0, passwordTag: passwordTagOf(row) }
      );
    },

    /** The login ID a second step is for, while it may still finish. */
    async stepLoginId(step: SecondStep): Promise<string | undefined> {
      return (await stepRow(step))?.login_id;
    },

    /** A new secret to enroll, sealed for the session to keep until the confirming code. */
    newSetup(loginId: string): { sealed: string; setup: MfaSetup } {
      const secret = newTotpSecret();
      return { sealed: sealer.seal(secret), setup: setupOf(loginId, secret) };
    },

    /** The setup of the secret the session keeps (the page reloaded shows the same QR code). */
    setupOf: (loginId: string, sealed: string): MfaSetup => setupOf(loginId, sealer.open(sealed)),

    /** Whether the signed-in person can enroll now (two-factor is not on yet). */
    async mayEnroll(userId: string): Promise<void> {
      if ((await rowOf(userId)).totp_enabled_at) throw new ServiceError('conflict', MFA_MESSAGES.alreadyOn);
    },

    /** Finishes a sign-in with a code from the app or a recovery code. */
    async finishSignIn(step: SecondStep, code: string): Promise<StepOutcome> {
      const row = await stepRow(step);
      const user = row && (await deps.sessionUserOf(row.id));
      if (!row || !user) return { refused: 'closed' };
      if (await spendCode(row, code)) return { user };
      await deps.countFailedAttempt(row.id);
      return { refused: 'wrong-code' };
    },

    /** Finishes an enrolling sign-in: the code must come from the secret the session was shown. */
    async finishEnrollment(
      step: SecondStep,
      sealed: string,
      code: string,
    ): Promise<{ user: SessionUser; recoveryCodes: string[] } | { refused: 'wrong-code' | 'closed' }> {
      const row = await stepRow(step);
      const user = row && (await deps.sessionUserOf(row.id));
      if (!row || !user) return { refused: 'closed' };
      if (row.totp_enabled_at) throw new ServiceError('conflict', MFA_MESSAGES.notEnrolling);
      const recoveryCodes = await enable(user, sealed, code).catch(async (error: unknown) => {
        if (!(error instanceof ServiceError) || error.reason !== 'invalid') throw error;
        await deps.countFailedAttempt(row.id);
        return undefined;
      });
      return recoveryCodes ? { user, recoveryCodes } : { refused: 'wrong-code' };
    },

    enable,

    /** Turns it off with a current code, unless the firm requires it of this account. Audited. */
    async disable(actor: SessionUser, code: string): Promise<void> {
      const row = await rowOf(actor.id);
      if (!row.totp_enabled_at) throw new ServiceError('conflict', MFA_MESSAGES.notOn);
      if (await requiredByFirm(row)) throw new ServiceError('conflict', MFA_MESSAGES.requiredByFirm);
      await requireCode(row, code);
      await inTransaction(db, async (trx) => {
        await createUsersService(trx).disableTotp(row.id);
        await createRecoveryCodesStore(trx).replace(row.id, []);
        await createAuditService(trx).record({
          actorUserId: row.id,
          action: 'user.mfa.disabled',
          entity: 'user',
          entityId: row.id,
          before: { twoFactor: true, enabledAt: row.totp_enabled_at },
          after: { twoFactor: false },
        });
      });
    },

    /** Ten new recovery codes for a current code; the old ones stop working. Audited. */
    async regenerateCodes(actor: SessionUser, code: string): Promise<string[]> {
      const row = await rowOf(actor.id);
      await requireCode(row, code);
      return inTransaction(db, async (trx) => {
        const before = await createRecoveryCodesStore(trx).countUnused(row.id);
        const fresh = await issueCodes(trx, row.id);
        await createAuditService(trx).record({
          actorUserId: row.id,
          action: 'user.mfa.recovery-codes.regenerated',
          entity: 'user',
          entityId: row.id,
          before: { recoveryCodesLeft: before },
          after: { recoveryCodesLeft: fresh.length },
        });
        return fresh;
      });
    },

    async account(actor: SessionUser): Promise<AccountStatus> {
      const row = await rowOf(actor.id);
      const { passwordPolicy } = await deps.securityOf(row.firm_id);
      return {
        loginId: row.login_id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        role: row.role,
        twoFactor: {
          enabled: row.totp_enabled_at !== null,
          enabledAt: row.totp_enabled_at?.toISOString() ?? null,
          required: await requiredByFirm(row),
          recoveryCodesLeft: await codes.countUnused(row.id),
        },
        passwordPolicy,
        passwordRule: passwordProblem('', passwordPolicy) ?? '',
      };
    },

    /**
     * A new password under the firm's policy, given the current one; every session of the account ends
     * (the caller starts the person's own again). A wrong current password counts toward the lockout.
     */
    async changePassword(actor: SessionUser, input: { currentPassword: string; password: string }) {
      const row = await rowOf(actor.id);
      if (isLocked(row)) throw new ServiceError('forbidden', MFA_MESSAGES.locked);
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        await deps.countFailedAttempt(row.id);
        throw new ServiceError('invalid', MFA_MESSAGES.wrongPassword, {
          current_password: MFA_MESSAGES.wrongPassword,
        });
      }
      const problem = passwordProblem(input.password, (await deps.securityOf(row.firm_id)).passwordPolicy);
      if (problem) throw new ServiceError('invalid', problem, { password: problem });
      if (input.password === input.currentPassword)
        throw new ServiceError('invalid', MFA_MESSAGES.samePassword, { password: MFA_MESSAGES.samePassword });
      // Hashing is slow: done before the transaction, so it holds its connection only briefly.
      const passwordHash = await hashPassword(input.password);
      await inTransaction(db, async (trx) => {
        await createUsersService(trx).setPassword(row.id, passwordHash);
        await createAuditService(trx).record({
          actorUserId: row.id,
          action: 'user.password.changed',
          entity: 'user',
          entityId: row.id,
          after: { sessionsEnded: true },
        });
      });
      await deps.endSessions([row.id]);
    },

    /** Clears the failure count once the signed-in session is stored, as a one-step sign-in does. */
    recordLogin: (user: SessionUser) => users.recordSuccessfulLogin(user.id),

    /** Recovery codes kept sealed in the session until the page that shows them once. */
    sealCodes: (list: string[]) => sealer.seal(JSON.stringify(list)),
    openCodes: (sealed: string) => JSON.parse(sealer.open(sealed)) as string[],
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
