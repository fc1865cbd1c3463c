import { createCanvas } from '@napi-rs/canvas';
import { PDFDict, PDFDocument, PDFName, PDFStream, StandardFonts } from '@cantoo/pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  buildEvidencePackage,
  type Exhibit,
  exhibitLetter,
  jpegOrientation,
} from '../../src/documents/evidence';

const CASE = {
  firmName: 'Demo Immigration Law',
  caseNumber: 'RI-2026-0042',
  clientName: 'Nguyễn Thị Lan',
  formType: 'I-130',
  preparedOn: '11/23/2026',
  createdAt: new Date('2026-11-23T15:00:00Z'),
};

/** A PDF with a text layer, one page per entry. */
async function textPdf(pages: string[], options: { userPassword?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 16, font });
  if (options.userPassword !== undefined)
    doc.encrypt({ userPassword: options.userPassword, ownerPassword: 'owner-secret' });
  return doc.save();
}

/** An image with rendered text, as a phone or scanner gives one. */
async function image(
  format: 'png' | 'jpeg',
  width: number,
  height: number,
  text: string,
): Promise<Uint8Array> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = '48px sans-serif';
  context.fillText(text, 40, 120);
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 80);
}

/** The JPEG with an EXIF block saying how the camera was held (orientation 1–8). */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const exif = Buffer.from([
    0xff, 0xe1, 0x00, 0x22, // APP1, 34 bytes
    ...Buffer.from('Exif\0\0', 'latin1'),
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian TIFF header, first IFD at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]); // prettier-ignore
  return Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
}

/** Each page's text as pdf.js reads it. */
async function pagesText(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: false });
  return text;
}

/** Reads the package back strictly: an object pdf-lib cannot parse fails the test. */
const load = (pdf: Uint8Array) =>
  PDFDocument.load(pdf, { throwOnInvalidObject: true, updateMetadata: false });

const LETTER_TEXT = [
  'Dear Officer,',
  '',
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `${i + 1}. The petitioner and the beneficiary have shared a home in Queens since 2023, as the enclosed lease and bank statements show.`,
  ),
  '',
  'Respectfully submitted,',
  'Jordan Rivera',
].join('\n');

describe('evidence package', () => {
  let pdf: Uint8Array;
  let pages: string[];

  beforeAll(async () => {
    const exhibits: Exhibit[] = [
      {
        title: 'Certificate of marriage registration of Nguyễn Thị Lan and Piotr Wiśniewski',
        kind: 'pdf',
        bytes: await textPdf(['Certificate of Marriage Registration', 'Page two of the certificate']),
      },
      {
        title: 'Form I-94 arrival record',
        kind: 'png',
        bytes: await image('png', 1200, 800, 'Most Recent I-94'),
      },
      {
        title: 'Cover letter to USCIS',
        kind: 'docx',
        bytes: new Uint8Array([0x50, 0x4b, 3, 4]),
        text: LETTER_TEXT,
      },
      {
        title: 'Bank statement, March 2026',
        kind: 'pdf',
        bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF'),
      },
    ];
    pdf = await buildEvidencePackage({ ...CASE, exhibits });
    pages = await pagesText(pdf);
  });

  it('is an index, then each exhibit behind its tab page, every page there', async () => {
    const doc = await load(pdf);
    // Index 1; A: tab + 2 pages; B: tab + the image; C: tab + the letter's text (2 pages); D: tab + why not.
    expect(doc.getPageCount()).toBe(1 + 3 + 2 + 3 + 2);
    expect(pages).toHaveLength(11);
    expect(doc.getTitle()).toBe('Index of Exhibits, RI-2026-0042, Nguyễn Thị Lan');
  });

  it('lists every exhibit on the index with its description and its pages in the package', () => {
    const index = pages[0];
    expect(index).toContain('Index of Exhibits');
    expect(index).toContain('Case number: RI-2026-0042');
    expect(index).toContain('Client: Nguyễn Thị Lan');
    expect(index).toContain('Form: I-130, Petition for Alien Relative');
    expect(index).toContain('Prepared on: 11/23/2026');
    const rows = index.replace(/\s+/g, ' ');
    expect(rows).toContain('Exhibit Description Pages');
    expect(rows).toContain(
      'A Certificate of marriage registration of Nguyễn Thị Lan and Piotr Wiśniewski 3–4',
    );
    expect(rows).toContain('B Form I-94 arrival record 6');
    expect(rows).toContain('C Cover letter to USCIS 8–9');
    expect(rows).toContain('D Bank statement, March 2026 Not included: see its page. 11');
  });

  it('puts a tab page before each exhibit, its letter large and its title under it', () => {
    expect(pages[1]).toContain('EXHIBIT A');
    expect(pages[1]).toContain('Certificate of marriage registration of Nguyễn Thị Lan');
    expect(pages[4]).toContain('EXHIBIT B');
    expect(pages[4]).toContain('Form I-94 arrival record');
    expect(pages[6]).toContain('EXHIBIT C');
    expect(pages[9]).toContain('EXHIBIT D');
  });

  it("keeps a PDF's pages as they are", () => {
    expect(pages[2]).toContain('Certificate of Marriage Registration');
    expect(pages[3]).toContain('Page two of the certificate');
  });

  it('places an image on a Letter page of its own orientation, within the margins', async () => {
    const doc = await load(pdf);
    const page = doc.getPage(5);
    expect([page.getWidth(), page.getHeight()]).toEqual([792, 612]);
    const objects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const kinds = objects
      .values()
      .map((ref) => String(doc.context.lookup(ref, PDFStream).dict.get(PDFName.of('Subtype'))));
    expect(kinds).toEqual(['/Image']);
    expect(pages[5]).toContain('Exhibit B — Form I-94 arrival record');
  });

  it("flows a Word document's text over Letter pages, saying that it is the file's text", () => {
    expect(pages[7]).toContain('This exhibit is the text of a Word document (DOCX)');
    expect(pages[7]).toContain('Dear Officer,');
    expect(pages[7]).toContain('1. The petitioner and the beneficiary have shared a home');
    expect(pages[8]).toContain('40. The petitioner and the beneficiary');
    expect(pages[8]).toContain('Respectfully submitted,');
    // Wrapped, not cut: every numbered sentence is there.
    const text = `${pages[7]}\n${pages[8]}`.replace(/\s+/g, ' ');
    for (let i = 1; i <= 40; i++)
      expect(text).toContain(`${i}. The petitioner and the beneficiary have shared`);
  });

  it('says on its page why a broken PDF could not be included, and goes on', () => {
    expect(pages[10]).toContain('Exhibit D could not be included');
    expect(pages[10]).toContain('The file is damaged or is not a readable PDF');
  });

  it('numbers every page in the footer with the case number', () => {
    pages.forEach((text, i) => expect(text).toContain(`Case RI-2026-0042 · Page ${i + 1} of 11`));
  });

  it('gives the same bytes for the same exhibits and date', async () => {
    const exhibits: Exhibit[] = [
      { title: 'Passport', kind: 'pdf', bytes: await textPdf(['Passport of Nguyen Thi Lan']) },
      { title: 'Photo', kind: 'jpeg', bytes: await image('jpeg', 600, 800, 'Photo') },
    ];
    const first = await buildEvidencePackage({ ...CASE, exhibits });
    const second = await buildEvidencePackage({ ...CASE, exhibits });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });
});

describe('evidence package: files that cannot be placed as they are', () => {
  it('includes a PDF encrypted only against editing, and explains one that needs a password to open', async () => {
    const pdf = await buildEvidencePackage({
      ...CASE,
      exhibits: [
        {
          title: 'Bank statement',
          kind: 'pdf',
          bytes: await textPdf(['Statement page'], { userPassword: '' }),
        },
        {
          title: 'Tax transcript',
          kind: 'pdf',
          bytes: await textPdf(['Transcript'], { userPassword: 'secret' }),
        },
        { title: 'Broken photo', kind: 'png', bytes: (await image('png', 300, 200, 'x')).subarray(0, 60) },
        { title: 'Empty letter', kind: 'docx', bytes: new Uint8Array([0x50, 0x4b, 3, 4]), text: '  \n ' },
      ],
    });
    const pages = await pagesText(pdf);
    expect(pages).toHaveLength(1 + 2 * 4);
    expect(pages[2]).toContain('Statement page');
    expect(pages[4]).toContain('Exhibit B could not be included');
    expect(pages[4]).toContain('The PDF is protected by a password');
    expect(pages[6]).toContain('Exhibit C could not be included');
    expect(pages[6]).toContain('The PNG image could not be read');
    expect(pages[8]).toContain('No text could be read from this Word document (DOCX)');
    const rows = pages[0].replace(/\s+/g, ' ');
    expect(rows).toContain('A Bank statement 3');
    expect(rows).toContain('B Tax transcript Not included: see its page. 5');
  });

  it('turns a photo taken on its side upright (EXIF orientation)', async () => {
    const sideways = withOrientation(await image('jpeg', 1200, 800, 'Birth certificate'), 6);
    expect(jpegOrientation(sideways)).toBe(6);
    expect(jpegOrientation(await image('jpeg', 100, 100, 'x'))).toBe(1);
    const pdf = await buildEvidencePackage({
      ...CASE,
      exhibits: [{ title: 'Birth certificate', kind: 'jpeg', bytes: sideways }],
    });
    const page = (await load(pdf)).getPage(2);
    // Stored 1200 × 800, shown 800 × 1200: a portrait page.
    expect([page.getWidth(), page.getHeight()]).toEqual([612, 792]);
  });
});

describe('exhibit letters', () => {
  it('run A to Z, then AA, AB, … as filings letter them', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(exhibitLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('carry on over a second index page when the list is long', async () => {
    const photo = await image('png', 200, 260, 'x');
    const exhibits = Array.from({ length: 30 }, (_, i) => ({
      title: `Photograph ${i + 1} of the couple`,
      kind: 'png' as const,
      bytes: photo,
    }));
    const pages = await pagesText(await buildEvidencePackage({ ...CASE, exhibits }));
    expect(pages).toHaveLength(2 + 30 * 2);
    expect(pages[1]).toContain('Index of Exhibits (continued)');
    const index = `${pages[0]}\n${pages[1]}`.replace(/\s+/g, ' ');
    expect(index).toContain('A Photograph 1 of the couple 4');
    expect(index).toContain('Z Photograph 26 of the couple 54');
    expect(index).toContain('AD Photograph 30 of the couple 62');
    expect(pages[60]).toContain('EXHIBIT AD');
    expect(pages[61]).toContain('Page 62 of 62');
  });
});
