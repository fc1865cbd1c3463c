import { PDFDocument } from '@cantoo/pdf-lib';
import { extractText as pdfText, getDocumentProxy } from 'unpdf';
import { extractText } from '../../src/documents/analysis/text';
import { buildEvidencePackage } from '../../src/documents/evidence';
import { docxBomb, manyPagesPdf } from '../helpers/bombs';
import { docx, legacyDoc, textPng } from '../helpers/files';
import { documentReader } from '../helpers/papers';

/**
 * The caps a file meets before any heavy work, as the sandbox worker applies them (the analysis there runs
 * this same extractText): each refusal says why in words, and a file within the caps is still read.
 */
const { ocr, save } = documentReader('reti-caps-');

/** A ZIP whose central directory understates the unpacked size of its part `name`. */
function understated(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let at = patched.indexOf(0x02014b50); at >= 0; at = patched.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = patched.readUInt16LE(at + 28);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) === name)
      patched.writeUInt32LE(size, at + 24);
  }
  return patched;
}

test('a DOCX that unpacks to over 100 times its size is refused, though its text is under the cap', async () => {
  const bomb = docxBomb(5);
  await expect(extractText(save('packed.docx', bomb), ocr)).rejects.toThrow(
    `This .docx file (${Math.ceil(bomb.length / 1024)} KB) unpacks to more than 100 times its size, which no Word document does: it is not read.`,
  );
});

test('a DOCX whose ZIP understates a part is refused as damaged once more comes out', async () => {
  const file = understated(docxBomb(0.05), 'word/document.xml', 1000);
  await expect(extractText(save('lying.docx', file), ocr)).rejects.toThrow(
    'This .docx file is damaged: a part does not unpack to its stated size.',
  );
  // A real Word document is read as before.
  await expect(extractText(save('real.docx', await docx(['Dear officer,'])), ocr)).resolves.toMatchObject({
    method: 'docx',
    text: 'Dear officer,',
  });
});

test('a .doc file over 25 MB is refused before it is parsed', async () => {
  const file = Buffer.concat([legacyDoc(['Dear officer,']), Buffer.alloc(26 * 1024 * 1024)]);
  await expect(extractText(save('large.doc', file), ocr)).rejects.toThrow(
    `This .doc file is ${(file.length / 1024 / 1024).toFixed(1)} MB; Word 97-2003 documents of up to 25 MB are read. Save it as .docx or PDF and upload that.`,
  );
});

test('a scanned page of 4,000 points, under the cap, is drawn smaller for OCR and read', async () => {
  const pdf = await PDFDocument.create();
  const picture = await pdf.embedPng(await textPng(['RECEIPT NOTICE', 'Notice of Action'], { fontSize: 48 }));
  const height = (4000 * picture.height) / picture.width;
  pdf.addPage([4000, 4000]).drawImage(picture, { x: 0, y: 4000 - height, width: 4000, height });
  const read = await extractText(save('poster.pdf', Buffer.from(await pdf.save())), ocr);
  expect(read).toMatchObject({ method: 'ocr', pages: 1 });
  expect(read.text).toContain('RECEIPT NOTICE');
});

test('an evidence package places no PDF over 2,000 pages: its exhibit says why', async () => {
  const pdf = await buildEvidencePackage({
    firmName: 'Demo Immigration Law',
    caseNumber: 'CASE-2026-0001',
    clientName: 'Maria Garcia',
    preparedOn: '03/09/2026',
    exhibits: [{ title: 'Bank statements', kind: 'pdf', bytes: new Uint8Array(manyPagesPdf(20_000)) }],
  });
  const { text } = await pdfText(await getDocumentProxy(pdf), { mergePages: true });
  expect(text.replace(/\s+/g, ' ')).toContain(
    'The PDF has 20,000 pages; a package places PDFs of up to 2,000 pages. Split it, upload the parts and build the package again.',
  );
});
