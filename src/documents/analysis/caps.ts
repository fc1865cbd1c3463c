/**
 * The caps a file must meet before its analysis (or an evidence package) does any heavy work with it, each
 * far above what a real immigration file holds: a 300-dpi letter scan is 2550 × 3300 pixels (8.4 MP), a
 * phone photo at most 48 MP, an evidence PDF a few hundred pages of letter or legal paper, a Word brief a
 * few MB unpacked. Past a cap the file is refused with the reason in words (never retried): a 150 KB
 * DOCX unpacking to 50 MB of XML, a PNG declaring 16000 × 16000 pixels, a PDF of 20,000 pages or with a
 * 5000-point page would otherwise take gigabytes or minutes.
 */
import fs from 'node:fs';
import yauzl from 'yauzl';

export const CAPS = {
  /** Pages of one PDF read (text) or placed (evidence package). */
  pdfPages: 2_000,
  /** A PDF page's side, in points (1/72 inch): 62.5 inches, above a 12 MP photo placed at 72 dpi (4032). */
  pdfPagePoints: 4_500,
  /** Pixels of a picture: an uploaded PNG or JPEG, or one drawn on a scanned PDF page that is read. */
  pictureMegapixels: 64,
  /** A DOCX's XML (its text, styles and relationships), counted as it is really unpacked. */
  docxXmlBytes: 10 * 1024 * 1024,
  /** How many times its own size a DOCX may unpack to (Word's own files: 2 to 10). */
  docxRatio: 100,
  /** A legacy Word 97-2003 file, read whole by word-extractor. */
  docBytes: 25 * 1024 * 1024,
} as const;

/** The file is beyond a cap, or cannot be read at all: trying again will not help. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${count(Math.ceil(bytes / 1024))} KB` : megabytes(bytes);
const wholeMegabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const pixels = (width: number, height: number) =>
  `${count(width)} × ${count(height)} pixels (${count(Math.round((width * height) / 1e6))} megapixels)`;

export const REFUSALS = {
  pdfPages: (pages: number) =>
    `This PDF has ${count(pages)} pages; at most ${count(CAPS.pdfPages)} are read. Split it into files of up to ${count(CAPS.pdfPages)} pages and upload those.`,
  pdfPageSize: (page: number, width: number, height: number) =>
    `Page ${count(page)} of this PDF is ${count(Math.round(width))} × ${count(Math.round(height))} points (${(width / 72).toFixed(1)} × ${(height / 72).toFixed(1)} inches); pages up to ${count(CAPS.pdfPagePoints)} points (${CAPS.pdfPagePoints / 72} inches) on a side are read. Save it at a paper size and upload that.`,
  pdfPicture: (width: number, height: number) =>
    `This PDF holds a picture of ${pixels(width, height)}; pictures of up to ${CAPS.pictureMegapixels} megapixels are read. Scan it again at 300 dpi and upload that.`,
  picture: (width: number, height: number) =>
    `This picture is ${pixels(width, height)}; pictures of up to ${CAPS.pictureMegapixels} megapixels are read. Scale it down or scan it again at 300 dpi, and upload that.`,
  docxXml: () =>
    `This .docx file unpacks to more than ${wholeMegabytes(CAPS.docxXmlBytes)} of text and markup; Word documents of up to ${wholeMegabytes(CAPS.docxXmlBytes)} are read. Save it as a PDF and upload that.`,
  docxRatio: (fileBytes: number) =>
    `This .docx file (${fileSize(fileBytes)}) unpacks to more than ${CAPS.docxRatio} times its size, which no Word document does: it is not read.`,
  docxSizes: () => 'This .docx file is damaged: a part does not unpack to its stated size.',
  doc: (bytes: number) =>
    `This .doc file is ${megabytes(bytes)}; Word 97-2003 documents of up to ${wholeMegabytes(CAPS.docBytes)} are read. Save it as .docx or PDF and upload that.`,
};

/** A picture's size read from its header (PNG IHDR, JPEG SOFn), without decoding the picture. */
export function imageSize(data: Uint8Array): { width: number; height: number } | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (
    bytes.length >= 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  )
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length < 4 || bytes.readUInt16BE(0) !== 0xffd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Start of frame (SOF0-SOF15, except DHT C4, JPG C8 and DAC CC) holds the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    // Markers without a length: TEM and RST0-RST7.
    at += marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) ? 2 : 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/** Whether a picture of this size is over the cap. */
export const tooManyPixels = (size: { width: number; height: number }) =>
  size.width * size.height > CAPS.pictureMegapixels * 1e6;

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);
/** The ratio is judged once this much is unpacked: small parts compress unevenly. */
const RATIO_FROM_BYTES = 1024 * 1024;

/**
 * Unpacks every part of a DOCX as a stream, counting what really comes out (a ZIP's stated sizes can
 * lie), and stops at the first cap passed: its XML over CAPS.docxXmlBytes, or the whole over CAPS.docxRatio
 * times the file. Nothing unpacked is kept. Throws UnreadableDocumentError with the reason.
 */
export async function checkWordPackage(filePath: string): Promise<void> {
  const fileBytes = (await fs.promises.stat(filePath)).size;
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error || !opened ? reject(unreadable(error)) : resolve(opened),
    ),
  );
  const totals = { xml: 0, all: 0 };
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(unreadable(error)));
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        unpackCounting(zip, entry, isXmlPart(entry.fileName), totals, fileBytes).then(
          () => zip.readEntry(),
          reject,
        );
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

function unpackCounting(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  xml: boolean,
  totals: { xml: number; all: number },
  fileBytes: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(unreadable(error));
      const stop = (reason: string) => {
        stream.destroy();
        reject(new UnreadableDocumentError(reason));
      };
      stream.on('data', (chunk: Buffer) => {
        totals.all += chunk.length;
        if (xml) totals.xml += chunk.length;
        if (totals.xml > CAPS.docxXmlBytes) stop(REFUSALS.docxXml());
        else if (totals.all > RATIO_FROM_BYTES && totals.all > CAPS.docxRatio * fileBytes)
          stop(REFUSALS.docxRatio(fileBytes));
      });
      stream.on('error', (failure: Error) =>
        // yauzl checks each part against its stated size while it unpacks ("too many bytes in the stream").
        reject(
          /bytes in the stream/.test(failure.message)
            ? new UnreadableDocumentError(REFUSALS.docxSizes())
            : unreadable(failure),
        ),
      );
      stream.on('end', resolve);
    });
  });
}

const unreadable = (error: unknown) =>
  new UnreadableDocumentError(
    `This .docx file could not be read: ${(error instanceof Error ? error.message : String(error)).replace(/\.?$/, '.')}`,
  );
