/**
 * Real files of every kind the documents feature accepts (and some it must refuse), made by the tests
 * themselves: no downloaded fixtures. Text is drawn large and clear so OCR reads it back.
 */
import path from 'node:path';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { Document, Packer, Paragraph } from 'docx';
import fs from 'node:fs';
import zlib from 'node:zlib';

const FONTS = path.join(__dirname, '..', '..', 'src', 'pdf', 'fonts');
const FONT_FAMILY = 'DejaVu Sans';
GlobalFonts.registerFromPath(path.join(FONTS, 'DejaVuSans.ttf'), FONT_FAMILY);

/** US Letter in PDF points. */
const PAGE = { width: 612, height: 792, margin: 54, fontSize: 11, leading: 15 };

async function embedFont(pdf: PDFDocument): Promise<PDFFont> {
  pdf.registerFontkit(fontkit);
  return pdf.embedFont(fs.readFileSync(path.join(FONTS, 'DejaVuSans.ttf')), { subset: true });
}

/**
 * A PDF with a real text layer. `lines` is one page's lines, or one array of lines per page; a page's
 * lines that do not fit flow onto the next page.
 */
export async function textPdf(lines: string[] | string[][]): Promise<Buffer> {
  const pages = lines.length > 0 && Array.isArray(lines[0]) ? (lines as string[][]) : [lines as string[]];
  const pdf = await PDFDocument.create();
  const font = await embedFont(pdf);
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin) / PAGE.leading);
  for (const pageLines of pages) {
    for (let start = 0; start === 0 || start < pageLines.length; start += perPage) {
      const page = pdf.addPage([PAGE.width, PAGE.height]);
      pageLines.slice(start, start + perPage).forEach((line, i) => {
        page.drawText(line, {
          x: PAGE.margin,
          y: PAGE.height - PAGE.margin - (i + 1) * PAGE.leading,
          size: PAGE.fontSize,
          font,
        });
      });
    }
  }
  return Buffer.from(await pdf.save());
}

/** A text PDF that opens only with a password (AES-256), as banks send statements. */
export async function passwordPdf(lines: string[], password = 'secret'): Promise<Buffer> {
  const pdf = await PDFDocument.load(await textPdf(lines));
  pdf.encrypt({ userPassword: password, ownerPassword: `${password}-owner` });
  return Buffer.from(await pdf.save());
}

export type TextImageOptions = {
  /** Pixels; default 1700 (a letter page's width at 200 dpi). */
  width?: number;
  /** Pixels; default 34. */
  fontSize?: number;
  /** A poor scan: small grey text under speckles, which OCR reads with low confidence. */
  poor?: boolean;
};

function drawText(lines: string[], options: TextImageOptions = {}) {
  const width = options.width ?? 1700;
  const fontSize = options.fontSize ?? (options.poor ? 13 : 34);
  const leading = Math.round(fontSize * 1.6);
  const margin = Math.round(fontSize * 2);
  const height = Math.max(2 * margin + lines.length * leading, Math.round(width * 0.5));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = options.poor ? '#9a9a9a' : '#111111';
  context.font = `${fontSize}px "${FONT_FAMILY}"`;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, margin, margin + i * leading));
  if (options.poor) {
    // Deterministic speckles (a fixed linear congruential sequence), like a dirty photocopy.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    context.fillStyle = '#505050';
    for (let i = 0; i < (width * height) / 60; i++) context.fillRect(next() * width, next() * height, 2, 2);
  }
  return canvas;
}

/** A PNG of the lines drawn in black on white, as a scanner or a phone would give it. */
export async function textPng(lines: string[], options?: TextImageOptions): Promise<Buffer> {
  return drawText(lines, options).toBuffer('image/png');
}

/** A JPEG of the lines drawn in black on white. */
export async function textJpeg(lines: string[], options?: TextImageOptions): Promise<Buffer> {
  return drawText(lines, options).toBuffer('image/jpeg', 90);
}

/** A PDF whose one page is a picture of the lines: no text layer, as a scanned page is. */
export async function imageOnlyPdf(lines: string[], options?: TextImageOptions): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(await textPng(lines, options));
  const scale = PAGE.width / image.width;
  const page = pdf.addPage([PAGE.width, Math.max(PAGE.height, image.height * scale)]);
  page.drawImage(image, {
    x: 0,
    y: page.getHeight() - image.height * scale,
    width: image.width * scale,
    height: image.height * scale,
  });
  return Buffer.from(await pdf.save());
}

/** A Word document (.docx) with one paragraph per string. */
export async function docx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return Packer.toBuffer(document);
}

/** A ZIP that calls itself a .docx but holds no word/document.xml: not an Office document. */
export async function fakeDocx(): Promise<Buffer> {
  return storedZip([{ name: 'readme.txt', data: Buffer.from('This is not a Word document.\n') }]);
}

/** A ZIP archive of uncompressed entries (PKWARE APPNOTE: local headers, central directory, end record). */
export const storedZip = (entries: { name: string; data: Buffer }[]): Buffer => zipArchive(entries, 'store');

/** A ZIP archive of its entries stored as they are, or deflated (method 8). */
export function zipArchive(entries: { name: string; data: Buffer }[], method: 'store' | 'deflate'): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const packed = method === 'deflate' ? zlib.deflateRawSync(data, { level: 9 }) : data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(method === 'deflate' ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method === 'deflate' ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An executable (ELF header and a few bytes) that a user has renamed to .pdf. */
export function renamedExecutable(): { name: string; data: Buffer } {
  const elf = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(elf, 0);
  elf.writeUInt16LE(2, 16); // ET_EXEC
  elf.writeUInt16LE(0x3e, 18); // x86-64
  return { name: 'statement.pdf', data: elf };
}

/**
 * A legacy Word 97-2003 document (.doc): an OLE2 compound file ([MS-CFB] version 3) holding a
 * WordDocument stream (a Word 97 FIB, nFib 0xC1, and the text in UTF-16) and a 1Table stream (the piece
 * table). It is the minimum [MS-DOC] needs to locate the text, which is what text extractors read; it
 * has no style sheet or section table, so Word itself may refuse to open it.
 */
export function legacyDoc(paragraphs: string[]): Buffer {
  const text = paragraphs.map((p) => `${p}\r`).join('');
  const TEXT_AT = 0x800;
  // A stream under 4,096 bytes would live in the mini stream: padding keeps both in ordinary sectors.
  const word = Buffer.alloc(Math.max(4096, TEXT_AT + text.length * 2));
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0409, 0x06); // lid: English (United States)
  word.writeUInt16LE(0x1200, 0x0a); // fWhichTblStm (the table is 1Table) and fExtChar
  word.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt16LE(0x000e, 0x20); // csw
  word.writeUInt16LE(0x0016, 0x3e); // cslw
  word.writeUInt32LE(word.length, 0x40); // cbMac
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.writeUInt16LE(0x005d, 0x98); // cbRgFcLcb
  word.write(text, TEXT_AT, 'utf16le');
  // The piece table (Clx): one piece, the whole text, in UTF-16 at TEXT_AT.
  const table = Buffer.alloc(4096);
  table.writeUInt8(0x02, 0); // clxtPlcPcd
  table.writeUInt32LE(16, 1); // two CPs and one 8-byte PCD
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt32LE(TEXT_AT, 15); // the PCD's fc, after its 2 bytes of flags
  word.writeUInt32LE(0, 0x1a2); // fcClx
  word.writeUInt32LE(21, 0x1a6); // lcbClx
  return compoundFile([
    { name: 'WordDocument', data: word },
    { name: '1Table', data: table },
  ]);
}

/** An OLE2 compound file ([MS-CFB] v3, 512-byte sectors) of streams of 4,096 bytes or more. */
function compoundFile(streams: { name: string; data: Buffer }[]): Buffer {
  const SECTOR = 512;
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const FAT_SECTOR = 0xfffffffd;
  const sectorsOf = (b: Buffer) => Math.ceil(b.length / SECTOR);
  // Sector 0: the allocation table; sector 1: the directory; then each stream in turn.
  const starts: number[] = [];
  let next = 2;
  for (const s of streams) {
    starts.push(next);
    next += sectorsOf(s.data);
  }
  if (next > SECTOR / 4) throw new Error('compoundFile: one allocation sector holds 128 sectors');
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END, 4);
  streams.forEach((s, i) => {
    const count = sectorsOf(s.data);
    for (let k = 0; k < count; k++)
      fat.writeUInt32LE(k === count - 1 ? END : starts[i] + k + 1, (starts[i] + k) * 4);
  });
  const directory = Buffer.alloc(SECTOR);
  const entry = (
    index: number,
    name: string,
    type: number,
    links: { left?: number; right?: number; child?: number },
    start: number,
    size: number,
  ) => {
    const at = index * 128;
    directory.write(name, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory.writeUInt8(type, at + 66);
    directory.writeUInt8(1, at + 67); // black
    directory.writeUInt32LE(links.left ?? FREE, at + 68);
    directory.writeUInt32LE(links.right ?? FREE, at + 72);
    directory.writeUInt32LE(links.child ?? FREE, at + 76);
    directory.writeUInt32LE(start, at + 116);
    directory.writeUInt32LE(size, at + 120);
  };
  // Siblings form a tree ordered by name length, then name: each shorter name hangs to the left.
  const order = streams.map((s, i) => ({ s, i })).sort((a, b) => b.s.name.length - a.s.name.length);
  entry(0, 'Root Entry', 5, { child: order[0].i + 1 }, END, 0);
  order.forEach(({ s, i }, k) => {
    const left = order[k + 1] ? order[k + 1].i + 1 : undefined;
    entry(i + 1, s.name, 2, { left }, starts[i], s.data.length);
  });
  for (let i = streams.length + 1; i < 4; i++) {
    directory.writeUInt32LE(FREE, i * 128 + 68);
    directory.writeUInt32LE(FREE, i * 128 + 72);
    directory.writeUInt32LE(FREE, i * 128 + 76);
  }
  const header = Buffer.alloc(SECTOR);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one allocation-table sector
  header.writeUInt32LE(1, 48); // the directory starts at sector 1
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END, 60); // no mini allocation table
  header.writeUInt32LE(0, 64);
  header.writeUInt32LE(END, 68); // no extra allocation-table index sectors
  header.writeUInt32LE(0, 72);
  header.fill(0xff, 76);
  header.writeUInt32LE(0, 76); // the allocation table is sector 0
  const padded = (b: Buffer) => Buffer.concat([b, Buffer.alloc(sectorsOf(b) * SECTOR - b.length)]);
  return Buffer.concat([header, fat, directory, ...streams.map((s) => padded(s.data))]);
}

/** ICAO 9303 check digit: weights 7, 3, 1; digits as themselves, A-Z as 10-35, the filler < as 0. */
export function mrzCheckDigit(value: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    const n = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += n * weights[i % 3];
  }
  return String(sum % 10);
}

export type PassportMrz = {
  surname: string;
  givenNames: string;
  documentNumber: string;
  /** ICAO codes, e.g. MEX. */
  nationality: string;
  issuingState?: string;
  /** ISO dates. */
  birthDate: string;
  expirationDate: string;
  sex?: 'M' | 'F' | '<';
  personalNumber?: string;
};

/** The two 44-character lines of a passport's machine-readable zone (TD3), with correct check digits. */
export function passportMrzLines(p: PassportMrz): [string, string] {
  // ICAO 9303 writes names without accents, and any other character as the filler.
  const field = (value: string, length: number) =>
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .replace(/[^A-Z0-9<]/g, '<')
      .padEnd(length, '<')
      .slice(0, length);
  const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
  const names = `${field(p.surname, 39).replace(/<+$/, '')}<<${field(p.givenNames, 39).replace(/<+$/, '')}`;
  const line1 = `P<${field(p.issuingState ?? p.nationality, 3)}${field(names, 39)}`;
  const number = field(p.documentNumber, 9);
  const birth = yymmdd(p.birthDate);
  const expiry = yymmdd(p.expirationDate);
  const personal = field(p.personalNumber ?? '', 14);
  const personalCheck = p.personalNumber ? mrzCheckDigit(personal) : '<';
  const composite =
    number +
    mrzCheckDigit(number) +
    birth +
    mrzCheckDigit(birth) +
    expiry +
    mrzCheckDigit(expiry) +
    personal +
    personalCheck;
  const line2 =
    number +
    mrzCheckDigit(number) +
    field(p.nationality, 3) +
    birth +
    mrzCheckDigit(birth) +
    (p.sex ?? '<') +
    expiry +
    mrzCheckDigit(expiry) +
    personal +
    personalCheck +
    mrzCheckDigit(composite);
  return [line1, line2];
}
