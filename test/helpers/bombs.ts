/**
 * Hostile files, made by the tests and the bench themselves: small on disk, huge once read (the issue's
 * "analysis bombs"). Each is a valid file of its kind, so a reader without caps really does the work.
 */
import zlib from 'node:zlib';
import { zipArchive } from './files';

/** Deflates `count` copies of `chunk` without ever holding them all. */
async function deflateRepeated(chunk: Buffer, count: number, format: 'zlib' | 'raw'): Promise<Buffer> {
  const deflate = format === 'zlib' ? zlib.createDeflate({ level: 9 }) : zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let i = 0; i < count; i++)
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/** A DOCX whose word/document.xml unpacks to `megabytes` MB of paragraphs (50 MB: about 150 KB packed). */
export function docxBomb(megabytes = 50): Buffer {
  const paragraph = '<w:p><w:r><w:t>Employment verification letter, page after page.</w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length));
  const main = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
  return zipArchive(
    [
      {
        name: '[Content_Types].xml',
        data: Buffer.from(
          `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
        ),
      },
      {
        name: '_rels/.rels',
        data: Buffer.from(
          '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        ),
      },
      {
        name: 'word/document.xml',
        data: Buffer.from(
          `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
        ),
      },
    ],
    'deflate',
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A white grayscale PNG of `width` × `height` pixels, every row really compressed (16000²: 249 KB). */
export async function pngBomb(width: number, height = width): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  const row = Buffer.alloc(1 + width, 0xff);
  row[0] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', await deflateRepeated(row, height, 'zlib')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of numbered objects (the first is the catalog), with its cross-reference table. */
function pdfOf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    size += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(size),
    '%%EOF',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(`${xref}\n`)]);
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);

/** A PDF of `pages` letter pages sharing one line of text (20,000 pages: about 2.5 MB). */
export function manyPagesPdf(pages = 20_000): Buffer {
  const first = 5; // objects 1-4: catalog, page tree, font, content
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  const page =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream('', Buffer.from('BT /F1 12 Tf 72 720 Td (A page of a very long exhibit.) Tj ET')),
    ...Array.from({ length: pages }, () => page),
  ]);
}

/** A one-page PDF whose page is `points` on a side and holds a one-pixel picture (so it is rendered as a scan). */
export function bigPagePdf(points = 5000): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points} ${points}] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>`,
    stream('', Buffer.from(`q ${points} 0 0 ${points} 0 0 cm /Im1 Do Q`)),
    stream(
      '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.from([0x80]),
    ),
  ]);
}

/** A letter page covered by a white grayscale picture of `width` × `height` pixels, its rows compressed. */
export async function pictureBombPdf(width: number, height = width): Promise<Buffer> {
  const pixels = await deflateRepeated(Buffer.alloc(width, 0xff), height, 'zlib');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    stream('', Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      pixels,
    ),
  ]);
}

/**
 * A one-page PDF whose footer names a USCIS form ("Form G-1145 Edition 09/26/14") and whose AcroForm holds
 * `fields` text boxes (40,000: about 5 MB, seconds of parsing): an official edition has at most about 1,000.
 */
export function fieldBombPdf(footer: string, fields = 40_000): Buffer {
  const first = 5; // objects 1-4: catalog, page tree, page, content
  const content = `BT /F1 9 Tf 40 30 Td (${footer}) Tj ET`;
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${Array.from({ length: fields }, (_, i) => `${first + i} 0 R`).join(' ')}] >> >>`,
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    stream('', Buffer.from(content)),
    ...Array.from(
      { length: fields },
      (_, i) => `<< /FT /Tx /T (f${i}) /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /P 3 0 R >>`,
    ),
  ]);
}
