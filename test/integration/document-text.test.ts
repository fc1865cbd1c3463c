import { analyzeText } from '../../src/documents/analysis/analyze';
import { createOcr } from '../../src/documents/analysis/ocr';
import { extractText, UnreadableDocumentError } from '../../src/documents/analysis/text';
import * as files from '../helpers/files';
import { documentReader, LETTER_PAGE, NOTICE, timed } from '../helpers/papers';

/** Real files of every kind, read as the documents job reads them: one OCR worker for the whole file. */
const { ocr, save } = documentReader('document-text-');
const TODAY = '2026-11-20';

test('pdf.js can compile font information on Node 20 too (its ArrayBuffer transferToFixedLength)', () => {
  type Transferable = ArrayBuffer & { transferToFixedLength(length?: number): ArrayBuffer };
  const bytes = new Uint8Array([1, 2, 3, 4, 5]).buffer as Transferable;
  expect([...new Uint8Array(bytes.transferToFixedLength(3))]).toEqual([1, 2, 3]);
  expect((new Uint8Array([6, 7]).buffer as Transferable).transferToFixedLength().byteLength).toBe(2);
});

test('a blank page in a text PDF is not sent to OCR', async () => {
  const file = save('with-blank-page.pdf', await files.textPdf([NOTICE, []]));
  const text = await extractText(file, ocr);
  expect(text).toMatchObject({ method: 'pdf-text', pages: 2 });
});

test('a scanned PDF (a picture of the page, no text layer) is read by OCR', async () => {
  const file = save('scanned-notice.pdf', await files.imageOnlyPdf(NOTICE));
  const { result: text } = await timed(
    'scanned PDF, short notice, rendered and OCR read (worker start included)',
    () => extractText(file, ocr),
  );
  expect(text.method).toBe('ocr');
  expect(text.pages).toBe(1);
  expect(text.ocrConfidence).toBeGreaterThan(80);
  const analysis = analyzeText(text, { today: TODAY, clientName: 'María García' });
  expect(analysis.type).toBe('i797-receipt');
  expect(analysis.fields.receiptNumbers).toEqual(['IOE0912345678']);
  expect(analysis.fields.names).toEqual(['MARIA GARCIA LOPEZ']);
  expect(analysis.findings).toEqual([]);
  // With no page allowed for OCR, the scan yields no text (and says so through its method).
  expect(await extractText(file, ocr, { maxOcrPages: 0 })).toMatchObject({ method: 'pdf-text', text: '' });
}, 60_000);

test('a PNG and a JPEG are read by OCR', async () => {
  const png = save('notice.png', await files.textPng(NOTICE));
  const { result: fromPng } = await timed('PNG notice OCR', () => extractText(png, ocr));
  expect(fromPng).toMatchObject({ method: 'ocr', pages: 1 });
  expect(fromPng.text).toContain('IOE0912345678');
  expect(analyzeText(fromPng, { today: TODAY }).type).toBe('i797-receipt');

  const jpeg = save('letter.jpg', await files.textJpeg(LETTER_PAGE.slice(0, 12)));
  const { result: fromJpeg } = await timed('JPEG letter OCR', () => extractText(jpeg, ocr));
  expect(fromJpeg.method).toBe('ocr');
  expect(fromJpeg.ocrConfidence).toBeGreaterThan(80);
  expect(analyzeText(fromJpeg, { today: TODAY }).type).toBe('employment-letter');
}, 60_000);

test('a passport scan: OCR reads its machine-readable zone, whose check digits all agree', async () => {
  const zone = files.passportMrzLines({
    surname: 'García López',
    givenNames: 'María Elena',
    documentNumber: 'G12345678',
    nationality: 'MEX',
    birthDate: '1990-05-15',
    expirationDate: '2027-02-20',
    sex: 'F',
  });
  const scan = save(
    'passport.png',
    await files.textPng([
      'PASAPORTE / PASSPORT',
      'ESTADOS UNIDOS MEXICANOS',
      'Surname / Apellidos: GARCIA LOPEZ',
      'Given names / Nombres: MARIA ELENA',
      '',
      ...zone,
    ]),
  );
  const { result: text } = await timed('passport PNG OCR', () => extractText(scan, ocr));
  const analysis = analyzeText(text, { today: TODAY, clientName: 'Maria Garcia' });
  expect(analysis.type).toBe('passport');
  expect(analysis.fields.passportZone).toMatchObject({ documentNumber: 'G12345678', valid: true });
  expect(analysis.fields.expirationDate).toBe('2027-02-20');
  expect(analysis.findings.map((f) => f.ruleId)).toEqual(['passport-validity-6-months']);
}, 60_000);

test('large pictures are scaled down before OCR; a tiny one is flagged as a poor scan', async () => {
  const large = { width: 3400, fontSize: 68 };
  const png = save('large.png', await files.textPng(NOTICE.slice(0, 3), large));
  const { result: fromPng } = await timed('PNG 3400 px wide, scaled down, OCR', () => extractText(png, ocr));
  expect(fromPng.text).toContain('IOE0912345678');
  expect(fromPng.lowQuality).toBeUndefined();
  const jpeg = save('large.jpg', await files.textJpeg(NOTICE.slice(0, 3), large));
  const { result: fromJpeg } = await timed('JPEG 3400 px wide, scaled down, OCR', () =>
    extractText(jpeg, ocr),
  );
  expect(fromJpeg.text).toContain('IOE0912345678');

  const tiny = save('tiny.png', await files.textPng(NOTICE.slice(0, 3), { width: 480, fontSize: 12 }));
  const fromTiny = await extractText(tiny, ocr);
  expect(fromTiny.lowQuality).toBe(true);
  expect(analyzeText(fromTiny, { today: TODAY }).findings.map((f) => f.ruleId)).toContain('scan-quality');
}, 60_000);

test('a poor scan is read with low confidence and reported', async () => {
  const file = save('poor.png', await files.textPng(NOTICE, { poor: true }));
  const { result: text } = await timed('poor scan OCR', () => extractText(file, ocr));
  console.log(`poor scan OCR confidence: ${text.ocrConfidence}`);
  expect(text.ocrConfidence).toBeLessThan(60);
  const [finding] = analyzeText(text, { today: TODAY }).findings.filter((f) => f.ruleId === 'scan-quality');
  expect(finding.message).toContain(`OCR could read it with only ${text.ocrConfidence}% confidence`);
}, 60_000);

test('a Word document (.docx) is read with mammoth', async () => {
  const file = save(
    'acta.docx',
    await files.docx([
      'ACTA DE NACIMIENTO',
      'En la ciudad de Guadalajara, Jalisco, se registró el nacimiento de:',
      'Nombre: Juan Pérez García',
      'Fecha de nacimiento: 15 de enero de 1990',
      'Nombre del padre: José Pérez Ramírez',
      'El Oficial del Registro Civil certifica que los datos son correctos.',
    ]),
  );
  const { result: text } = await timed('DOCX', () => extractText(file, ocr));
  expect(text).toMatchObject({ method: 'docx', pages: 1 });
  const analysis = analyzeText(text, { today: TODAY });
  expect(analysis.type).toBe('birth-certificate');
  expect(analysis.findings.map((f) => f.citation)).toEqual(['8 CFR 103.2(b)(3)']);
});

test('a legacy Word document (.doc) is read with word-extractor', async () => {
  const file = save(
    'letter.doc',
    files.legacyDoc([
      'To Whom It May Concern:',
      'Employee Name: Nguyễn Văn An',
      'This letter confirms that Nguyễn Văn An has been employed by Acme Logistics Inc. since 05/02/2022.',
    ]),
  );
  const { result: text } = await timed('DOC', () => extractText(file, ocr));
  expect(text.method).toBe('doc');
  expect(text.text).toContain('Employee Name: Nguyễn Văn An');
  const analysis = analyzeText(text, { today: TODAY, clientName: 'An Nguyen' });
  expect(analysis.type).toBe('employment-letter');
  expect(analysis.fields.names).toEqual(['Nguyễn Văn An']);
  expect(analysis.findings).toEqual([]);
});

test('a .docx without word/document.xml is refused with a clear error', async () => {
  const file = save('fake.docx', await files.fakeDocx());
  await expect(extractText(file, ocr)).rejects.toThrow(
    'This .docx file is not a Word document: it has no word/document.xml part.',
  );
});

test('damaged and protected files are refused as unreadable, saying why', async () => {
  const damaged = save('damaged.pdf', Buffer.from('%PDF-1.7\nthis file was cut off in the middle of'));
  await expect(extractText(damaged, ocr)).rejects.toThrow(UnreadableDocumentError);
  await expect(extractText(damaged, ocr)).rejects.toThrow(/^This PDF could not be read: /);
  const locked = save('statement.pdf', await files.passwordPdf(['Account Statement']));
  await expect(extractText(locked, ocr)).rejects.toThrow(
    'This PDF is protected by a password: upload a copy without one.',
  );
  // Damaged pictures: a broken header, and broken data (which the canvas library's own decoder would
  // crash the process on: they never reach it).
  const headless = save('photo.png', Buffer.from('\x89PNG\r\n\x1a\nnot really a picture', 'latin1'));
  await expect(extractText(headless, ocr)).rejects.toThrow(
    'This image could not be read: its header is damaged.',
  );
  const broken = Buffer.from(await files.textPng(['Receipt Number IOE0912345678']));
  for (let i = 60; i < broken.length - 20; i += 7) broken[i] ^= 0x55;
  await expect(extractText(save('broken.png', broken), ocr)).rejects.toThrow(
    'This image could not be read: it is damaged or incomplete.',
  );
  // A large JPEG whose coded data (past its headers) is broken: scaled down by JavaScript, read as noise.
  const brokenLarge = Buffer.from(await files.textJpeg(['Receipt'], { width: 3000 }));
  const scanStart = brokenLarge.indexOf(Buffer.from([0xff, 0xda]));
  for (let i = scanStart + 100; i < brokenLarge.length - 20; i += 5) brokenLarge[i] ^= 0x55;
  await expect(extractText(save('broken-large.jpg', brokenLarge), ocr)).resolves.toMatchObject({
    method: 'ocr',
  });
  const notAWordFile = save(
    'old.doc',
    Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
  );
  await expect(extractText(notAWordFile, ocr)).rejects.toThrow(
    /^This .doc file could not be read as a Word document: /,
  );
}, 60_000);

describe('the OCR worker', () => {
  test('a recognition past its time limit is stopped with a clear error, and the next call works', async () => {
    const image = await files.textPng(['Notice Date: March 4, 2024']);
    await ocr.recognize(image); // a started worker: the limit then stops the recognition itself
    await expect(ocr.recognize(image, { timeoutMs: 1 })).rejects.toThrow(
      'OCR of the image took longer than 1 ms and was stopped.',
    );
    const { result: read } = await timed('OCR after a timeout (a fresh worker)', () => ocr.recognize(image));
    expect(read.text).toContain('March 4, 2024');
  }, 60_000);

  test('a start-up past its time limit is stopped too', async () => {
    const impatient = createOcr({ timeoutMs: 1 });
    await expect(impatient.recognize(await files.textPng(['Hello']))).rejects.toThrow(
      'Starting OCR took longer than 1 ms and was stopped.',
    );
    await impatient.close();
  });

  test('close() ends the worker at once, without waiting for the scans queued behind it, and refuses later calls', async () => {
    const closing = createOcr();
    const image = await files.textPng(['Notice Date March 4, 2024']);
    await closing.recognize(image); // a started worker
    const queued = [1, 2, 3].map(() => closing.recognize(image).catch((error: Error) => error.message));
    const began = Date.now();
    await closing.close();
    expect(Date.now() - began).toBeLessThan(1_000);
    await expect(closing.recognize(image)).rejects.toThrow('OCR has stopped: the app is stopping.');
    // Whatever had not started yet is refused the same way (a running one ended with its worker).
    await expect(queued[2]).resolves.toBe('OCR has stopped: the app is stopping.');
  }, 60_000);

  test('calls made together run one at a time, each getting its own text', async () => {
    const [first, second] = await Promise.all([
      ocr.recognize(await files.textPng(['Receipt Number EAC2190123456'])),
      ocr.recognize(await files.textPng(['Receipt Number WAC2190654321'])),
    ]);
    expect(first.text).toContain('EAC2190123456');
    expect(second.text).toContain('WAC2190654321');
  }, 60_000);
});
