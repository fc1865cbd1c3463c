import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { stringify } from 'csv-stringify';
import type { Request, Response } from 'express';
import { acceptedEncodings } from './compression';
import { HttpError } from './errors';

/** A file as an action answers it: the kit sends it with the headers every download needs. */
export type FileBody =
  /** Bytes made in memory (a PDF, a brief, a calendar). */
  | { bytes: Uint8Array }
  /** A stored file, opened when the answer is sent; one missing from storage answers 410. */
  | { stream: () => Readable; size?: number; missing: string }
  /** Rows of a spreadsheet, streamed through csv-stringify, every cell neutralized against formulas. */
  | { csv: AsyncIterable<string[]> | Iterable<string[]> };

export class FileAnswer {
  constructor(
    readonly name: string,
    readonly type: string,
    readonly body: FileBody,
    /** 'inline' for what the browser itself shows (a calendar feed); everything else downloads. */
    readonly disposition: 'attachment' | 'inline' = 'attachment',
    /**
     * Whether a name that needs no quotes (receipt-notice.pdf) is quoted anyway: a stored document's name
     * is sent as Express's res.attachment always sent it, unquoted (RFC 6266 allows both).
     */
    readonly quoteName: 'always' | 'when-needed' = 'always',
  ) {}
}

/** A file to answer: see FileAnswer. */
export const fileAnswer = (
  name: string,
  type: string,
  body: FileBody,
  disposition: 'attachment' | 'inline' = 'attachment',
) => new FileAnswer(name, type, body, disposition);

/**
 * A spreadsheet runs a cell that begins with =, +, -, @ (or a tab or carriage return before one) as a
 * formula: such a cell gets an apostrophe first, which shows as text and runs nothing (OWASP CSV injection).
 */
export const neutralized = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function* safe(rows: AsyncIterable<string[]> | Iterable<string[]>) {
  for await (const row of rows) yield row.map(neutralized);
}

/** RFC 6266: the name as it is; one beyond ASCII gets an ASCII fallback, and itself (UTF-8) in filename*. */
function dispositionOf(answer: FileAnswer): string {
  const ascii = answer.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const token = answer.quoteName === 'when-needed' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(ascii);
  const plain = `${answer.disposition}; filename=${token ? ascii : `"${ascii}"`}`;
  return ascii === answer.name ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(answer.name)}`;
}

/**
 * Sends a file an action answered: under its own name, never sniffed into something else, kept by no
 * cache but the person's browser (a firm's files are privileged), and sandboxed should a browser show it.
 */
export async function sendFileAnswer(req: Request, res: Response, answer: FileAnswer): Promise<void> {
  const { body } = answer;
  let source: Readable | undefined;
  if ('stream' in body) {
    source = body.stream();
    try {
      // Opened before the headers go, so a file gone missing is still a clean refusal.
      await Promise.race([once(source, 'readable'), once(source, 'end')]);
    } catch {
      source.destroy();
      throw new HttpError(410, body.missing);
    }
  }
  res.set({
    'Content-Type': answer.type,
    'Content-Disposition': dispositionOf(answer),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  if ('bytes' in body) {
    res.set('Content-Length', String(body.bytes.length));
    return void res.end(Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.length));
  }
  if ('stream' in body) {
    if (body.size !== undefined) res.set('Content-Length', String(body.size));
    return pipeline(source!, res);
  }
  res.vary('Accept-Encoding');
  // Excel reads a file without a byte order mark in the computer's legacy code page, and garbles "José".
  const csv = Readable.from(safe(body.csv)).pipe(stringify({ bom: true }));
  if (acceptedEncodings(req)[0] === 'identity') return pipeline(csv, res);
  res.set('Content-Encoding', 'gzip');
  return pipeline(csv, zlib.createGzip(), res);
}
