import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../shared/account';
import { PRODUCT_NAME } from '../shared/constants';

/** RFC 6238 as every authenticator app reads an otpauth:// URI by default: SHA-1, 6 digits, 30 seconds. */
export const TOTP_DIGITS = 6;
const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is accepted too: a phone's clock is rarely exact. */
const DRIFT_STEPS = 1;

export type TotpOptions = {
  /** The server's time, in milliseconds. */
  now?: number;
  /** The last time step accepted for this account: a code of that step or an earlier one is a replay. */
  lastStep?: number | null;
  /** The RFC's own test vectors use 8 digits; the product's codes have 6. */
  digits?: number;
};

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the product as issuer, the user ID as the account's label. */
export const otpauthUri = (secret: string, loginId: string) =>
  new TOTP({ issuer: PRODUCT_NAME, label: loginId, secret: Secret.fromBase32(secret) }).toString();

/**
 * The time step the code belongs to when it is right for now (±1 step) and newer than the last step
 * accepted; otherwise null. The caller stores the step, so the same code never works twice.
 */
export function acceptedStep(secret: string, code: string, options: TotpOptions = {}): number | null {
  const { now = Date.now(), lastStep = null, digits = TOTP_DIGITS } = options;
  const token = code.replace(/\s/g, '');
  if (token.length !== digits || !/^\d+$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The secret as a person types it from the screen: groups of four. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Recovery codes: 16 characters from 31 that cannot be mistaken for one another (no 0/o, 1/i/l), so
 * about 79 random bits each, shown as four groups of four.
 */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const RECOVERY_LENGTH = 16;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    )
      .join('')
      .replace(/(.{4})(?=.)/g, '$1-'),
  );
}

/** A typed recovery code as it was made: lower case, without the dashes and spaces people add or drop. */
export const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Whether a typed code could be a recovery code at all (and not a TOTP code). */
export const looksLikeRecoveryCode = (code: string) =>
  new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(normalRecoveryCode(code));

/**
 * SHA-256, not argon2: a recovery code is ~79 random bits, so no dictionary or brute force reaches it
 * from the hash, and a plain digest lets one UPDATE find and spend the code at once (single use, even
 * for two requests racing with the same code). Passwords, chosen by people, still get argon2.
 */
export const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
