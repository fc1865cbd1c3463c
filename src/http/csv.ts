/**
 * CSV downloads: rows streamed through csv-stringify as they come, every cell neutralized against formula
 * injection, gzipped when the client accepts it.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { stringify } from 'csv-stringify';
import type { Request, Response } from 'express';
import { acceptedEncodings } from './compression';

/**
 * A spreadsheet runs a cell that begins with =, +, -, @ (or a tab or carriage return before one) as a
 * formula: such a cell gets an apostrophe first, which shows as text and runs nothing (OWASP CSV injection).
 */
export const neutralized = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function* safe(rows: AsyncIterable<string[]> | Iterable<string[]>) {
  for await (const row of rows) yield row.map(neutralized);
}

/** Sends rows as a CSV attachment named `filename`. */
export function sendCsvRows(
  req: Request,
  res: Response,
  filename: string,
  rows: AsyncIterable<string[]> | Iterable<string[]>,
): Promise<void> {
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  res.vary('Accept-Encoding');
  // Excel reads a file without a byte order mark in the computer's legacy code page, and garbles "José".
  const csv = Readable.from(safe(rows)).pipe(stringify({ bom: true }));
  if (acceptedEncodings(req)[0] === 'identity') return pipeline(csv, res);
  res.set('Content-Encoding', 'gzip');
  return pipeline(csv, zlib.createGzip(), res);
}
