import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { pack as tarPack } from 'tar-stream';

export type ArchiveEntry = { name: string; data: Buffer | string };

/**
 * Writes a .tar.gz of the entries to `file` and answers its size and SHA-256. It is written beside the
 * file first and renamed into place, so a crash never leaves a partial archive under the final name.
 * tar-stream writes each entry as a stream, so a later issue can add the firm's document files without
 * holding them in memory.
 */
export async function writeArchive(
  file: string,
  entries: ArchiveEntry[],
  mtime: Date,
): Promise<{ sizeBytes: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = partialFileOf(file);
  const pack = tarPack();
  for (const entry of entries) pack.entry({ name: entry.name, mtime, mode: 0o644 }, entry.data);
  pack.finalize();
  const hash = crypto.createHash('sha256');
  let sizeBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(pack, zlib.createGzip(), measure, fs.createWriteStream(partial, { mode: 0o600 }));
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return { sizeBytes, sha256: hash.digest('hex') };
}

/** Where an archive is written before it is complete. */
export const partialFileOf = (file: string) => `${file}.part`;
