import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentRecord } from '../../src/shared/documents';
import type { SignedIn, TestApp } from './app';
import { waitFor } from './poll';

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * POST {API}/documents/upload as the upload form sends it: its fields first, then the file (bytes, or a
 * path streamed from disk).
 */
export function upload(
  as: SignedIn,
  file: Buffer | string,
  filename: string,
  fields: { caseId?: string; category?: string } = {},
) {
  const req = as.agent.post('/api/documents/upload').set('X-CSRF-Token', as.token);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) req.field(name, value);
  return req.attach('file', file, { filename, contentType: 'application/octet-stream' });
}

/** The document once its analysis has finished, done or failed (OCR on a loaded machine takes seconds). */
export async function analysed(as: SignedIn, id: string, ms = 60_000): Promise<DocumentRecord> {
  let record: DocumentRecord | undefined;
  await waitFor(async () => {
    const res = await as.agent.get(`/api/documents/${id}`);
    if (res.status !== 200) throw new Error(`GET /api/documents/${id} answered ${res.status}: ${res.text}`);
    record = res.body;
    return record!.status === 'done' || record!.status === 'failed';
  }, ms);
  return record!;
}

/** Where the local storage keeps the app's documents: one folder per firm, and uploads in progress. */
export const documentsDir = (t: TestApp) => path.join(t.config.dataDir, 'documents');
export const storedFile = (t: TestApp, firmId: string, id: string) => path.join(documentsDir(t), firmId, id);
export const incomingDir = (t: TestApp) => path.join(documentsDir(t), '.incoming');
export const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/**
 * A file of exactly `bytes` bytes that starts like a PDF, written to disk in 1 MB pieces (never held
 * whole): the upload limit's test file. The rest is a repeating text comment, so the file is no PDF.
 */
export function pdfLikeFile(file: string, bytes: number): string {
  const header = Buffer.from('%PDF-1.7\n');
  const block = Buffer.alloc(1 << 20, '% filler line of an oversized upload\n');
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, header);
    for (let written = header.length; written < bytes;) {
      const n = Math.min(block.length, bytes - written);
      written += fs.writeSync(fd, block, 0, n);
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** A file's SHA-256, read as a stream. */
export function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
