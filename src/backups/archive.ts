import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { openStream, SealError, sealStream } from './seal';

/** A stream that passes bytes on and counts them and takes their SHA-256 on the way. */
export function measuring() {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sizeBytes: bytes, sha256: hash.digest('hex') }) };
}

export type ArchiveWriter = {
  /** Adds a file of bytes held in memory (a page of rows, the manifest); waits while the disk catches up. */
  add(name: string, data: Buffer | string): Promise<void>;
  /** Adds a file streamed from `source` (`size` bytes); answers its SHA-256. */
  addStream(name: string, size: number, source: Readable): Promise<string>;
  /** Finishes the archive and puts it in place: its size and SHA-256 (of the sealed file). */
  close(): Promise<{ sizeBytes: number; sha256: string }>;
  /** Gives up: nothing is left on disk. */
  abort(error: Error): Promise<void>;
};

/**
 * Writes a sealed .tar.gz to `file`, one entry at a time, never holding more than one entry's page of rows:
 * tar → gzip → seal → disk. It is written beside the file first and renamed into place, so a crash never
 * leaves a partial archive under the final name.
 */
export async function openArchiveWriter(
  file: string,
  settingsKey: Buffer,
  mtime: Date,
): Promise<ArchiveWriter> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = partialFileOf(file);
  const pack = tarPack();
  const measure = measuring();
  const written = pipeline(
    pack,
    zlib.createGzip(),
    sealStream(settingsKey),
    measure.stream,
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  // Rejects when the writing fails (a full disk), never settles otherwise: what add() waits for beside its entry.
  const broken = written.then(() => new Promise<never>(() => undefined));
  // A failure is reported by add() or close(); until then it must not go unhandled.
  broken.catch(() => undefined);
  const header = (name: string, size?: number) => ({ name, size, mtime, mode: 0o600 });

  return {
    add: (name, data) =>
      Promise.race([
        broken,
        new Promise<void>((resolve, reject) =>
          pack.entry(header(name), typeof data === 'string' ? Buffer.from(data) : data, (error) =>
            error ? reject(error) : resolve(),
          ),
        ),
      ]),

    async addStream(name, size, source) {
      const hash = measuring();
      const done = new Promise<void>((resolve, reject) => {
        const sink = pack.entry(header(name, size), (error) => (error ? reject(error) : resolve()));
        pipeline(source, hash.stream, sink).catch(reject);
      });
      await Promise.race([broken, done]);
      return hash.result().sha256;
    },

    async close() {
      pack.finalize();
      try {
        await written;
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return measure.result();
    },

    async abort(error) {
      pack.destroy(error);
      await written.catch(() => undefined);
      await fs.promises.rm(partial, { force: true });
    },
  };
}

/** Where an archive is written before it is complete. */
export const partialFileOf = (file: string) => `${file}.part`;

/**
 * Reads a sealed archive from `source`, entry by entry, as it arrives: each entry's name and stream go to
 * `onEntry`, which reads it (or leaves it: it is skipped). A fault of the seal (another key, a byte
 * changed, an archive cut short) rejects with its SealError, whatever else failed because of it.
 */
export async function readArchive(
  source: Readable,
  settingsKey: Buffer,
  onEntry: (name: string, stream: Readable) => Promise<void>,
): Promise<void> {
  const reader = tarExtract();
  let sealError: SealError | undefined;
  const opened = openStream(settingsKey).on('error', (error) => {
    if (error instanceof SealError) sealError = error;
  });
  const read = pipeline(source, opened, zlib.createGunzip(), reader);
  read.catch(() => undefined);
  const consume = (async () => {
    for await (const entry of reader) {
      await onEntry(entry.header.name, entry as unknown as Readable);
      entry.resume();
    }
  })();
  try {
    await Promise.all([read, consume]);
  } catch (error) {
    reader.destroy();
    source.destroy();
    await Promise.allSettled([read, consume]);
    throw sealError ?? error;
  }
}
