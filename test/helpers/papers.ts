/** The papers the document-text tests draw, scan and read back, and the reader they use. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOcr } from '../../src/documents/analysis/ocr';
import type { FileKind } from '../../src/shared/documents';

const KINDS = { '.pdf': 'pdf', '.png': 'png', '.jpg': 'jpeg', '.docx': 'docx', '.doc': 'doc' } as const;

/**
 * What a test file needs to read files as the documents job does: one OCR worker and a temporary folder,
 * both gone after the file's tests. `save` writes a file there, its kind taken from its name.
 */
export function documentReader(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const ocr = createOcr();
  afterAll(async () => {
    await ocr.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  function save(name: string, data: Buffer): { path: string; kind: FileKind } {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return { path: file, kind: KINDS[path.extname(name) as keyof typeof KINDS] };
  }
  return { ocr, save };
}

/** How long `work` takes, in whole milliseconds, printed with `label`. */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  const ms = Math.round(performance.now() - started);
  console.log(`${label}: ${ms} ms`);
  return { result, ms };
}

/** A USCIS receipt notice's lines. */
export const NOTICE = [
  'U.S. Department of Homeland Security',
  'I-797C, Notice of Action',
  'Receipt Number IOE0912345678',
  'Case Type I-130 Petition for Alien Relative',
  'Notice Date: March 4, 2024',
  'Beneficiary: MARIA GARCIA LOPEZ',
  'Notice Type: Receipt Notice',
];

/** A full page of a letter: what a one-page scan holds. */
export const LETTER_PAGE = [
  'ACME LOGISTICS INC. - 400 Harbor Drive, Long Beach, CA 90802',
  'EMPLOYMENT VERIFICATION LETTER',
  'November 2, 2026',
  'To Whom It May Concern:',
  ...Array.from(
    { length: 26 },
    (_, i) =>
      [
        'This letter confirms that Maria Garcia Lopez has been employed by',
        'Acme Logistics Inc. since March 1, 2021, in the position of Senior',
        'Analyst. She works full-time, forty hours a week, and is paid an',
        'annual salary of $85,000. Her duties include freight planning and',
        'reporting to the Director of Operations in our Long Beach office.',
      ][i % 5],
  ),
  'Sincerely, Human Resources',
];
