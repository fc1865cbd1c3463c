import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * A backup archive's sealing: the archive (a .tar.gz) is encrypted in 64 KiB chunks with AES-256-GCM under
 * a key of its own, derived by HKDF-SHA256 from SETTINGS_KEY, a random salt and a label used for nothing
 * else (so it is never the key that seals settings). Each chunk's nonce is its number and whether it is the
 * last, and every chunk authenticates the header too: a chunk changed, moved, dropped or added, a header
 * edited, or an archive cut short does not open.
 *
 * Layout: one JSON line (the header: format, version, cipher, chunk size, salt, key check), then the
 * chunks, each its ciphertext and 16-byte tag; the last one is flagged and may be short (or empty).
 */

export const SEALED_FORMAT = 'reti-immigration-sealed-backup';
export const SEALED_VERSION = 1;
const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const HEADER_MAX_BYTES = 1024;
const KEY_LABEL = 'reti-immigration backup archive v1';
const CHECK_LABEL = 'reti-immigration backup key check v1';

export const SEAL_REFUSALS = {
  notArchive: 'This file is not a Reti Immigration backup.',
  newer:
    'This backup was made by a newer version of Reti Immigration: restore it with that version or later.',
  otherKey:
    'This backup was sealed under another SETTINGS_KEY: it opens only where SETTINGS_KEY is the one in force when it was made.',
  altered: 'This backup was altered or cut short: it cannot be restored.',
} as const;

/** An archive that cannot be opened: its message is one of SEAL_REFUSALS, fit to show as it is. */
export class SealError extends Error {
  override name = 'SealError';
}

type Header = {
  format: string;
  version: number;
  cipher: string;
  kdf: string;
  chunkBytes: number;
  salt: string;
  keyCheck: string;
};

const derive = (settingsKey: Buffer, salt: Buffer, label: string, bytes: number) =>
  Buffer.from(crypto.hkdfSync('sha256', settingsKey, salt, label, bytes));

/** Chunk n's nonce: its number (8 bytes), then 1 for the last chunk, 0 otherwise. */
function nonceOf(counter: bigint, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(counter);
  nonce[8] = last ? 1 : 0;
  return nonce;
}

/** Seals what is written to it: the header first, then the chunks. */
export function sealStream(settingsKey: Buffer): Transform {
  const salt = crypto.randomBytes(32);
  const key = derive(settingsKey, salt, KEY_LABEL, 32);
  const header: Header = {
    format: SEALED_FORMAT,
    version: SEALED_VERSION,
    cipher: 'AES-256-GCM',
    kdf: 'HKDF-SHA256',
    chunkBytes: CHUNK_BYTES,
    salt: salt.toString('base64url'),
    keyCheck: derive(settingsKey, salt, CHECK_LABEL, 16).toString('base64url'),
  };
  const headerBytes = Buffer.from(`${JSON.stringify(header)}\n`);
  let counter = 0n;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const chunk = (plain: Buffer, last: boolean) => {
    const cipher = crypto.createCipheriv('aes-256-gcm', key, nonceOf(counter++, last));
    cipher.setAAD(headerBytes);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };

  return new Transform({
    construct(done) {
      this.push(headerBytes);
      done();
    },
    transform(data: Buffer, _encoding, done: TransformCallback) {
      pending.push(data);
      pendingBytes += data.length;
      // Strictly more than a chunk: the last chunk is sealed in flush, flagged as the last.
      if (pendingBytes > CHUNK_BYTES) {
        let all = Buffer.concat(pending);
        while (all.length > CHUNK_BYTES) {
          this.push(chunk(all.subarray(0, CHUNK_BYTES), false));
          all = all.subarray(CHUNK_BYTES);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      this.push(chunk(Buffer.concat(pending), true));
      done();
    },
  });
}

/** The header's key check, against this SETTINGS_KEY: throws a SealError saying what is wrong. */
function keyFor(headerBytes: Buffer, settingsKey: Buffer): Buffer {
  let header: Header;
  try {
    header = JSON.parse(headerBytes.toString('utf8')) as Header;
  } catch {
    throw new SealError(SEAL_REFUSALS.notArchive);
  }
  if (header?.format !== SEALED_FORMAT || !Number.isInteger(header.version))
    throw new SealError(SEAL_REFUSALS.notArchive);
  if (header.version > SEALED_VERSION) throw new SealError(SEAL_REFUSALS.newer);
  if (
    header.chunkBytes !== CHUNK_BYTES ||
    typeof header.salt !== 'string' ||
    typeof header.keyCheck !== 'string'
  )
    throw new SealError(SEAL_REFUSALS.notArchive);
  const salt = Buffer.from(header.salt, 'base64url');
  const check = Buffer.from(header.keyCheck, 'base64url');
  const expected = derive(settingsKey, salt, CHECK_LABEL, 16);
  if (check.length !== expected.length || !crypto.timingSafeEqual(check, expected))
    throw new SealError(SEAL_REFUSALS.otherKey);
  return derive(settingsKey, salt, KEY_LABEL, 32);
}

/**
 * Checks a sealed file's header without reading further: its format, version and that it was sealed under
 * this SETTINGS_KEY. Throws a SealError; the chunks themselves are checked as they are opened.
 */
export async function checkSealedFile(file: string, settingsKey: Buffer): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_MAX_BYTES, 0);
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (end < 0) throw new SealError(SEAL_REFUSALS.notArchive);
    keyFor(buffer.subarray(0, end + 1), settingsKey);
  } finally {
    await handle.close();
  }
}

/** Opens what is written to it (a sealed archive), giving back the archive; a fault is a SealError. */
export function openStream(settingsKey: Buffer): Transform {
  let headerBytes: Buffer | undefined;
  let key: Buffer | undefined;
  let counter = 0n;
  let pending: Buffer = Buffer.alloc(0);

  const open = (sealed: Buffer, last: boolean) => {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key!, nonceOf(counter++, last));
    decipher.setAAD(headerBytes!);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new SealError(SEAL_REFUSALS.altered);
    }
  };

  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      try {
        pending = pending.length ? Buffer.concat([pending, data]) : data;
        if (!key) {
          const end = pending.subarray(0, HEADER_MAX_BYTES).indexOf(0x0a);
          if (end < 0) {
            if (pending.length >= HEADER_MAX_BYTES) throw new SealError(SEAL_REFUSALS.notArchive);
            return done();
          }
          headerBytes = Buffer.from(pending.subarray(0, end + 1));
          key = keyFor(headerBytes, settingsKey);
          pending = pending.subarray(end + 1);
        }
        // A whole chunk with more after it is not the last one.
        const whole = CHUNK_BYTES + TAG_BYTES;
        while (pending.length > whole) {
          this.push(open(pending.subarray(0, whole), false));
          pending = pending.subarray(whole);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!key) throw new SealError(SEAL_REFUSALS.notArchive);
        if (pending.length < TAG_BYTES) throw new SealError(SEAL_REFUSALS.altered);
        this.push(open(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
