/**
 * Evidence Package (SPEC §2 "Documents"): one PDF of a case's chosen documents as immigration filings are
 * assembled: an "Index of Exhibits" first, then each exhibit behind its tab page (EXHIBIT A, B, … Z, AA),
 * every page numbered in the footer with the case number. A file that cannot be placed never stops the
 * package: its exhibit is a page that says so and why, and the index says so too.
 */
import { degrees, EncryptedPDFError, PDFDocument, type PDFImage, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { embedFonts, type Fonts } from '../pdf/fonts';
import { cleanText, INK, LETTER, MUTED, TextFlow, wrapText } from '../pdf/layout';
import { type FileKind, FILE_KINDS } from '../shared/documents';
import { FORM_TYPES } from '../shared/cases';
import { CAPS, imageSize, tooManyPixels } from './analysis/caps';

export type Exhibit = {
  title: string;
  kind: FileKind;
  bytes: Uint8Array;
  /** Extracted text, for DOC/DOCX which cannot be placed as pages. */
  text?: string | null;
};

export type EvidencePackageInput = {
  firmName: string;
  caseNumber: string;
  clientName: string;
  formType?: string;
  /** MM/DD/YYYY */
  preparedOn: string;
  exhibits: Exhibit[];
  /** The PDF's creation and modification date; now unless given (tests compare packages byte for byte). */
  createdAt?: Date;
};

/** A, B, … Z, then AA, AB, … as exhibit lists run on. */
export function exhibitLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const MARGIN = 54;
const NAVY = rgb(0.11, 0.23, 0.42);
const HAIRLINE = rgb(0.8, 0.82, 0.86);

/** An exhibit made ready to place, or the reason it cannot be. */
type Prepared =
  | { as: 'pdf'; pages: PDFPage[] }
  | { as: 'image'; image: PDFImage; orientation: number }
  | { as: 'text'; text: string }
  | { as: 'missing'; reason: string; detail?: string };

const PASSWORD =
  'The PDF is protected by a password, so its pages cannot be copied. Open it with its password, save or print it as a new PDF, upload that and build the package again.';
const DAMAGED =
  'The file is damaged or is not a readable PDF. Open it to check it, save it again as a PDF, upload that and build the package again.';
const count = (n: number) => n.toLocaleString('en-US');
const TOO_MANY_PAGES = (pages: number) =>
  `The PDF has ${count(pages)} pages; a package places PDFs of up to ${count(CAPS.pdfPages)} pages. Split it, upload the parts and build the package again.`;
const TOO_MANY_PIXELS = (width: number, height: number) =>
  `The picture is ${count(width)} × ${count(height)} pixels (${Math.round((width * height) / 1e6)} megapixels); a package places pictures of up to ${CAPS.pictureMegapixels} megapixels. Scale it down, upload that and build the package again.`;

async function preparePdf(doc: PDFDocument, bytes: Uint8Array): Promise<Prepared> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (!(error instanceof EncryptedPDFError)) return damaged(error);
    // Many PDFs are encrypted only to restrict printing or editing: they open with an empty password.
    try {
      source = await PDFDocument.load(bytes, { updateMetadata: false, password: '' });
    } catch {
      return { as: 'missing', reason: PASSWORD };
    }
  }
  try {
    if (source.getPageCount() === 0)
      return { as: 'missing', reason: DAMAGED, detail: 'The PDF has no pages.' };
    if (source.getPageCount() > CAPS.pdfPages)
      return { as: 'missing', reason: TOO_MANY_PAGES(source.getPageCount()) };
    try {
      // Filled form fields would lose their values once the pages leave their document: print them on the page.
      source.getForm().flatten();
    } catch {
      // A form pdf-lib cannot flatten still shows its last saved appearance.
    }
    // Copied now, placed later: a page that cannot be copied is known before the index is written.
    return { as: 'pdf', pages: await doc.copyPages(source, source.getPageIndices()) };
  } catch (error) {
    return damaged(error);
  }
}

/** pdf-lib's own parse errors say where the file breaks; a TypeError from inside it says nothing useful. */
const damaged = (error: unknown): Prepared => ({
  as: 'missing',
  reason: DAMAGED,
  detail:
    error instanceof TypeError
      ? 'Its pages could not be found in the file.'
      : String((error as Error)?.message ?? error).slice(0, 240),
});

/** EXIF orientation of a JPEG (1: as stored; 3, 6, 8: turned 180°, 90° clockwise, 90° anticlockwise). */
export function jpegOrientation(bytes: Uint8Array): number {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; at += 2 + view.getUint16(at + 2)) {
      const marker = bytes[at + 1];
      if (marker === 0xda) break; // the image data starts: no EXIF before it
      if (marker !== 0xe1 || view.getUint32(at + 4) !== 0x45786966) continue; // "Exif"
      const tiff = at + 10;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      for (let i = 0; i < view.getUint16(ifd, little); i++) {
        const entry = ifd + 2 + i * 12;
        if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
      }
      break;
    }
  } catch {
    // A truncated header reads as "as stored".
  }
  return 1;
}

async function prepare(doc: PDFDocument, exhibit: Exhibit): Promise<Prepared> {
  switch (exhibit.kind) {
    case 'pdf':
      return preparePdf(doc, exhibit.bytes);
    case 'jpeg':
    case 'png': {
      // Its size is read from its header before pdf-lib decodes a PNG's every pixel.
      const size = imageSize(exhibit.bytes);
      if (size && tooManyPixels(size))
        return { as: 'missing', reason: TOO_MANY_PIXELS(size.width, size.height) };
      try {
        const image =
          exhibit.kind === 'png' ? await doc.embedPng(exhibit.bytes) : await doc.embedJpg(exhibit.bytes);
        return {
          as: 'image',
          image,
          orientation: exhibit.kind === 'jpeg' ? jpegOrientation(exhibit.bytes) : 1,
        };
      } catch (error) {
        return {
          as: 'missing',
          reason: `The ${FILE_KINDS[exhibit.kind].label} image could not be read: the file is damaged or is not an image of that kind.`,
          detail: String((error as Error)?.message ?? error).slice(0, 240),
        };
      }
    }
    case 'doc':
    case 'docx': {
      const text = cleanText(exhibit.text ?? '').trim();
      return text
        ? { as: 'text', text }
        : {
            as: 'missing',
            reason: `No text could be read from this Word document (${FILE_KINDS[exhibit.kind].label}). Save it as a PDF, upload that and build the package again.`,
          };
    }
  }
}

/** The short note the index gives an exhibit that could not be included. */
const missingNote = 'Not included: see its page.';

type IndexRow = { letter: string; lines: string[]; note: boolean; first: number; last: number };

const TABLE = { letter: 64, pages: 72, gap: 12, size: 10.5, leading: 14, pad: 8 } as const;
const DESCRIPTION_WIDTH = LETTER[0] - 2 * MARGIN - TABLE.letter - TABLE.pages - 2 * TABLE.gap;
const TOP = LETTER[1] - MARGIN;
/** Where the table starts on the index's first page (below the case details) and on the pages after. */
const TABLE_TOP_FIRST = TOP - 150;
const TABLE_TOP_NEXT = TOP - 36;
const TABLE_HEAD = 24;
const rowHeight = (row: IndexRow) => (row.lines.length + (row.note ? 1 : 0)) * TABLE.leading + TABLE.pad;

/** The index's rows shared out over as many pages as they need. */
function planIndex(rows: IndexRow[]): IndexRow[][] {
  const pages: IndexRow[][] = [[]];
  let room = TABLE_TOP_FIRST - TABLE_HEAD - MARGIN;
  for (const row of rows) {
    if (rowHeight(row) > room && pages[pages.length - 1].length > 0) {
      pages.push([]);
      room = TABLE_TOP_NEXT - TABLE_HEAD - MARGIN;
    }
    pages[pages.length - 1].push(row);
    room -= rowHeight(row);
  }
  return pages;
}

const pageRange = (row: IndexRow) => (row.first === row.last ? `${row.first}` : `${row.first}–${row.last}`);

function drawIndexPage(
  page: PDFPage,
  rows: IndexRow[],
  first: boolean,
  input: EvidencePackageInput,
  fonts: Fonts,
) {
  const text = (value: string, x: number, y: number, size: number, bold = false, color = INK) =>
    page.drawText(value, { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
  let top: number;
  if (first) {
    text(input.firmName, MARGIN, TOP - 10, 10, false, MUTED);
    text('Index of Exhibits', MARGIN, TOP - 44, 22, true, NAVY);
    const form = input.formType
      ? input.formType in FORM_TYPES
        ? `${input.formType}, ${FORM_TYPES[input.formType as keyof typeof FORM_TYPES]}`
        : input.formType
      : null;
    const details: Array<[string, string | null]> = [
      ['Case number', input.caseNumber],
      ['Client', input.clientName],
      ['Form', form],
      ['Prepared on', input.preparedOn],
    ];
    let y = TOP - 72;
    for (const [label, value] of details) {
      if (value === null) continue;
      text(`${label}:`, MARGIN, y, 11, true);
      for (const line of wrapText(value, fonts.regular, 11, LETTER[0] - 2 * MARGIN - 100).slice(0, 1))
        text(line, MARGIN + 100, y, 11);
      y -= 16;
    }
    top = TABLE_TOP_FIRST;
  } else {
    text('Index of Exhibits (continued)', MARGIN, TOP - 14, 14, true, NAVY);
    top = TABLE_TOP_NEXT;
  }
  const descriptionX = MARGIN + TABLE.letter + TABLE.gap;
  const pagesRight = LETTER[0] - MARGIN;
  const right = (value: string, y: number, bold = false) =>
    text(
      value,
      pagesRight - (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(value, TABLE.size),
      y,
      TABLE.size,
      bold,
    );
  text('Exhibit', MARGIN, top - 14, TABLE.size, true);
  text('Description', descriptionX, top - 14, TABLE.size, true);
  right('Pages', top - 14, true);
  page.drawLine({
    start: { x: MARGIN, y: top - 20 },
    end: { x: pagesRight, y: top - 20 },
    thickness: 1,
    color: INK,
  });
  let y = top - TABLE_HEAD;
  for (const row of rows) {
    const baseline = y - TABLE.leading + 3;
    text(row.letter, MARGIN, baseline, TABLE.size, true);
    row.lines.forEach((line, i) => text(line, descriptionX, baseline - i * TABLE.leading, TABLE.size));
    if (row.note)
      text(missingNote, descriptionX, baseline - row.lines.length * TABLE.leading, 9.5, false, MUTED);
    right(pageRange(row), baseline);
    y -= rowHeight(row);
    page.drawLine({
      start: { x: MARGIN, y: y + 2 },
      end: { x: pagesRight, y: y + 2 },
      thickness: 0.5,
      color: HAIRLINE,
    });
  }
}

/** The separator before an exhibit: its letter large, its title under it, and a tab on the edge. */
function drawTabPage(doc: PDFDocument, index: number, title: string, fonts: Fonts) {
  const [width, height] = LETTER;
  const page = doc.addPage(LETTER);
  const letter = exhibitLetter(index);
  // Tabs step down the edge, as paper tabs do, so a printed package can be thumbed through.
  const tabY = height - 120 - (index % 8) * 78;
  page.drawRectangle({ x: width - 40, y: tabY, width: 40, height: 66, color: NAVY });
  const tabSize = letter.length > 2 ? 11 : 16;
  page.drawText(letter, {
    x: width - 20 - fonts.bold.widthOfTextAtSize(letter, tabSize) / 2,
    y: tabY + 33 - tabSize * 0.35,
    size: tabSize,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  const heading = `EXHIBIT ${letter}`;
  const centered = (line: string, y: number, size: number, bold: boolean, color = INK) => {
    const font = bold ? fonts.bold : fonts.regular;
    page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
  };
  centered(heading, height * 0.58, 48, true, NAVY);
  wrapText(title, fonts.regular, 16, width - 2 * MARGIN - 60)
    .slice(0, 6)
    .forEach((line, i) => centered(line, height * 0.58 - 44 - i * 22, 16, false));
}

/** The small caption above the pages this package draws itself (images, text, missing files). */
function caption(page: PDFPage, letter: string, title: string, fonts: Fonts) {
  const [line] = wrapText(`Exhibit ${letter} — ${title}`, fonts.regular, 9, page.getWidth() - 2 * MARGIN);
  page.drawText(line, { x: MARGIN, y: page.getHeight() - 36, size: 9, font: fonts.regular, color: MUTED });
}

function drawImage(doc: PDFDocument, image: PDFImage, orientation: number) {
  const turned = orientation === 6 || orientation === 8;
  const shown = turned
    ? { width: image.height, height: image.width }
    : { width: image.width, height: image.height };
  const page = doc.addPage(shown.width > shown.height ? [LETTER[1], LETTER[0]] : LETTER);
  const room = { width: page.getWidth() - 2 * MARGIN, height: page.getHeight() - 2 * MARGIN - 12 };
  const scale = Math.min(room.width / shown.width, room.height / shown.height);
  const box = { width: shown.width * scale, height: shown.height * scale };
  const x = (page.getWidth() - box.width) / 2;
  const y = MARGIN + (room.height - box.height) / 2;
  // pdf-lib turns an image anticlockwise about its lower left corner: place that corner so the turned
  // image fills the box.
  if (orientation === 6)
    page.drawImage(image, {
      x,
      y: y + box.height,
      width: box.height,
      height: box.width,
      rotate: degrees(-90),
    });
  else if (orientation === 8)
    page.drawImage(image, { x: x + box.width, y, width: box.height, height: box.width, rotate: degrees(90) });
  else if (orientation === 3)
    page.drawImage(image, { x: x + box.width, y: y + box.height, ...box, rotate: degrees(180) });
  else page.drawImage(image, { x, y, ...box });
  // A scan's white paper would otherwise melt into the page.
  page.drawRectangle({ x, y, ...box, borderColor: HAIRLINE, borderWidth: 0.5 });
  return page;
}

function drawText(
  doc: PDFDocument,
  kind: FileKind,
  text: string,
  letter: string,
  title: string,
  fonts: Fonts,
) {
  const flow = new TextFlow(doc, fonts, {
    margin: MARGIN,
    onPage: (f) => {
      caption(f.page, letter, title, fonts);
      f.space(6);
    },
  });
  flow.write(
    `This exhibit is the text of a Word document (${FILE_KINDS[kind].label}) as read from the file. Its layout, images and signatures are not reproduced here.`,
    { size: 9.5, color: MUTED },
  );
  flow.space(4);
  flow.rule(0.5, HAIRLINE);
  flow.space(6);
  flow.write(text, { size: 10.5, leading: 1.4 });
}

function drawMissing(
  doc: PDFDocument,
  letter: string,
  title: string,
  reason: string,
  detail: string | undefined,
  fonts: Fonts,
) {
  const flow = new TextFlow(doc, fonts, {
    margin: MARGIN,
    onPage: (f) => caption(f.page, letter, title, fonts),
  });
  flow.newPage();
  flow.space(60);
  flow.write(`Exhibit ${letter} could not be included`, { size: 18, bold: true, color: rgb(0.6, 0.1, 0.1) });
  flow.space(8);
  flow.write(`“${title}”`, { size: 12, bold: true });
  flow.space(8);
  flow.write(reason, { size: 11.5 });
  if (detail) {
    flow.space(8);
    flow.write(`Details: ${detail}`, { size: 9, color: MUTED });
  }
}

/**
 * The footer of every page: the case number and "Page n of N", centred on the page's visible bottom edge,
 * upright however the page is turned (a copied page may carry /Rotate).
 */
function footer(page: PDFPage, label: string, fonts: Fonts) {
  const size = 9;
  const textWidth = fonts.regular.widthOfTextAtSize(label, size);
  const box = page.getCropBox();
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const inset = 20;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const at = {
    0: { x: cx - textWidth / 2, y: box.y + inset },
    90: { x: box.x + box.width - inset, y: cy - textWidth / 2 },
    180: { x: cx + textWidth / 2, y: box.y + box.height - inset },
    270: { x: box.x + inset, y: cy + textWidth / 2 },
  }[angle as 0 | 90 | 180 | 270];
  page.drawText(label, { ...at, size, font: fonts.regular, color: MUTED, rotate: degrees(angle) });
}

export async function buildEvidencePackage(input: EvidencePackageInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const prepared: Prepared[] = [];
  for (const exhibit of input.exhibits) prepared.push(await prepare(doc, exhibit));

  const rows: IndexRow[] = input.exhibits.map((exhibit, i) => ({
    letter: exhibitLetter(i),
    lines: wrapText(exhibit.title.trim() || 'Untitled', fonts.regular, TABLE.size, DESCRIPTION_WIDTH),
    note: prepared[i].as === 'missing',
    first: 0,
    last: 0,
  }));
  const indexPages = planIndex(rows).map((pageRows) => ({ page: doc.addPage(LETTER), rows: pageRows }));

  for (const [i, exhibit] of input.exhibits.entries()) {
    const letter = rows[i].letter;
    const title = exhibit.title.trim() || 'Untitled';
    drawTabPage(doc, i, title, fonts);
    rows[i].first = doc.getPageCount() + 1;
    const item = prepared[i];
    if (item.as === 'pdf') {
      for (const page of item.pages) doc.addPage(page);
    } else if (item.as === 'image') {
      caption(drawImage(doc, item.image, item.orientation), letter, title, fonts);
    } else if (item.as === 'text') {
      drawText(doc, exhibit.kind, item.text, letter, title, fonts);
    } else {
      drawMissing(doc, letter, title, item.reason, item.detail, fonts);
    }
    rows[i].last = doc.getPageCount();
  }

  indexPages.forEach(({ page, rows: pageRows }, i) => drawIndexPage(page, pageRows, i === 0, input, fonts));
  const total = doc.getPageCount();
  doc
    .getPages()
    .forEach((page, i) => footer(page, `Case ${input.caseNumber} · Page ${i + 1} of ${total}`, fonts));

  const when = input.createdAt ?? new Date();
  doc.setTitle(`Index of Exhibits, ${input.caseNumber}, ${input.clientName}`);
  doc.setAuthor(input.firmName);
  doc.setSubject(`Evidence package prepared on ${input.preparedOn}`);
  doc.setCreator('Reti Immigration');
  doc.setProducer('Reti Immigration');
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  return doc.save();
}
