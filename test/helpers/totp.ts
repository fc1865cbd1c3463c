import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for `secret` (base32, spaces allowed, as the setup page groups it),
 * `steps` time steps of 30 seconds from now: what a person types, computed as their phone would.
 */
export const totpCode = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + steps * 30_000,
  });

/** A 6-digit code that is none of the codes of `secret` the server would accept now (±1 step). */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((s) => totpCode(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(123456 + n * 7919).slice(-6);
    if (!valid.has(code)) return code;
  }
}
