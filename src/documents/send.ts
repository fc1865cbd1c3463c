import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { HttpError } from '../http/errors';
import { type DocumentRecord, FILE_KINDS } from '../shared/documents';

/**
 * Headers for a file a firm's user downloads: always an attachment under its own name, never sniffed into
 * something else, never cached by anyone but the person's browser, and sandboxed should a browser still
 * show it.
 */
function attachmentHeaders(res: Response, filename: string, type: string, length: number) {
  res.attachment(filename);
  res.set({
    'Content-Type': type,
    'Content-Length': String(length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}

/** A stored document's bytes, streamed; a file missing from storage answers 410 rather than half a file. */
export async function sendDocument(res: Response, record: DocumentRecord, stream: Readable): Promise<void> {
  try {
    await Promise.race([once(stream, 'readable'), once(stream, 'end')]);
  } catch {
    stream.destroy();
    throw new HttpError(410, "This document's file is missing from storage. Upload it again.");
  }
  attachmentHeaders(res, record.name, FILE_KINDS[record.kind].mime, record.size);
  await pipeline(stream, res);
}

/** A file the product made (a brief, as PDF or DOCX). */
export function sendFile(res: Response, filename: string, type: string, bytes: Uint8Array): void {
  attachmentHeaders(res, filename, type, bytes.length);
  res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
}

/** A PDF the product made (an evidence package). */
export const sendPdf = (res: Response, filename: string, bytes: Uint8Array): void =>
  sendFile(res, filename, 'application/pdf', bytes);
