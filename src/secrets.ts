import crypto from 'node:crypto';

/**
 * Seals short secrets kept in the database (a firm's SMTP password, a TOTP secret) with AES-256-GCM
 * under SETTINGS_KEY: a stolen database dump alone does not give them away, and a sealed value that was
 * tampered with does not open.
 */
export function createSealer(key: Buffer) {
  if (key.length !== 32) throw new Error('SETTINGS_KEY must be 32 bytes');
  return {
    /** 'v1.<iv>.<tag>.<ciphertext>', each base64url. */
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },

    /** The sealed text; throws when it was sealed under another key or altered. */
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
