import { Secret, TOTP } from 'otpauth';
import {
  acceptedStep,
  groupedSecret,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
} from '../../src/mfa/codes';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII text "12345678901234567890". */
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;
const at = (seconds: number) => seconds * 1000;

describe('TOTP codes (RFC 6238) as the server checks them', () => {
  it('accepts the RFC vector: T = 59 s gives 94287082 (SHA-1, 8 digits), time step 1', () => {
    expect(acceptedStep(RFC_SECRET, '94287082', { now: at(59), digits: 8 })).toBe(1);
    expect(acceptedStep(RFC_SECRET, '94287081', { now: at(59), digits: 8 })).toBeNull();
    // The other SHA-1 vectors of the appendix, each at its own time.
    expect(acceptedStep(RFC_SECRET, '07081804', { now: at(1111111109), digits: 8 })).toBe(37037036);
    expect(acceptedStep(RFC_SECRET, '14050471', { now: at(1111111111), digits: 8 })).toBe(37037037);
    expect(acceptedStep(RFC_SECRET, '89005924', { now: at(1234567890), digits: 8 })).toBe(41152263);
  });

  it("accepts a code of the step before or after the server's (clock drift), not two steps away", () => {
    const secret = newTotpSecret();
    const now = at(1_800_000_015);
    const step = Math.floor(now / 30_000);
    const code = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(acceptedStep(secret, code(0), { now })).toBe(step);
    expect(acceptedStep(secret, code(-1), { now })).toBe(step - 1);
    expect(acceptedStep(secret, code(1), { now })).toBe(step + 1);
    expect(acceptedStep(secret, code(-2), { now })).toBeNull();
    expect(acceptedStep(secret, code(2), { now })).toBeNull();
  });

  it('refuses a replay: a code of the last accepted step or an earlier one', () => {
    const secret = newTotpSecret();
    const now = at(1_800_000_015);
    const step = Math.floor(now / 30_000);
    const code = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(acceptedStep(secret, code(0), { now, lastStep: step })).toBeNull();
    expect(acceptedStep(secret, code(-1), { now, lastStep: step })).toBeNull();
    expect(acceptedStep(secret, code(1), { now, lastStep: step })).toBe(step + 1);
    expect(acceptedStep(secret, code(0), { now, lastStep: step - 1 })).toBe(step);
    expect(acceptedStep(RFC_SECRET, '94287082', { now: at(59), digits: 8, lastStep: 1 })).toBeNull();
  });

  it('reads a code as people type it, and refuses what is no code', () => {
    const secret = newTotpSecret();
    const now = at(1_800_000_015);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now });
    expect(acceptedStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, { now })).not.toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`, ` ${code.slice(1)}x`])
      expect(acceptedStep(secret, bad, { now })).toBeNull();
  });

  it('makes 160-bit secrets in base32, shown in groups of four', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of four groups of four unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){3}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it('hash the same however they are typed, and differently from one another', () => {
    const [code, other] = newRecoveryCodes();
    const typed = code.replace(/-/g, ' ').toUpperCase();
    expect(normalRecoveryCode(typed)).toBe(code.replace(/-/g, ''));
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(other)).not.toBe(hashRecoveryCode(code));
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
