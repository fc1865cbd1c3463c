import { analyzeText } from '../../src/documents/analysis/analyze';
import { extractText } from '../../src/documents/analysis/text';
import * as files from '../helpers/files';
import { documentReader, LETTER_PAGE, NOTICE, timed } from '../helpers/papers';

/**
 * The analysis goals of this machine (issue 11), timed as the documents job reads files: one OCR worker,
 * in this process. `npm test` runs this folder after the rest of the suite, alone, because two cores shared
 * with other test files (Chromium among them) are not the machine the goals are for.
 */
const { ocr, save } = documentReader('document-timing-');
const TODAY = '2026-11-20';

test('a text PDF of 20 pages is read from its text layer and analyzed within 2 seconds', async () => {
  const pages = Array.from({ length: 20 }, (_, p) =>
    p === 0 ? [...NOTICE, ...LETTER_PAGE] : LETTER_PAGE.map((line) => `${p + 1}.${line}`),
  );
  const file = save('notice-20-pages.pdf', await files.textPdf(pages));
  const { result, ms } = await timed('text PDF, 20 pages, read and analyzed', async () => {
    const text = await extractText(file, ocr);
    return { text, analysis: analyzeText(text, { today: TODAY }) };
  });
  expect(ms).toBeLessThanOrEqual(2000);
  expect(result.text).toMatchObject({ method: 'pdf-text', pages: 20 });
  expect(result.text.ocrConfidence).toBeUndefined();
  expect(result.analysis.type).toBe('i797-receipt');
  expect(result.analysis.fields.receiptNumbers).toEqual(['IOE0912345678']);
  expect(result.analysis.fields.noticeDate).toBe('2024-03-04');
  expect(result.analysis.fields.formNumber).toBe('I-130');
});

test('a one-page scan (a full letter page) is read by OCR within 5 seconds', async () => {
  const file = save('scanned-letter.pdf', await files.imageOnlyPdf(LETTER_PAGE));
  await ocr.recognize(await files.textPng(['Warm'])); // the worker's start-up is not the page's time
  const { result: text, ms } = await timed(
    `scanned PDF, full letter page (${LETTER_PAGE.length} lines), rendered and OCR read`,
    () => extractText(file, ocr),
  );
  expect(ms).toBeLessThanOrEqual(5000);
  expect(text.method).toBe('ocr');
  expect(text.ocrConfidence).toBeGreaterThan(80);
  expect(analyzeText(text, { today: TODAY }).type).toBe('employment-letter');
}, 60_000);
