/**
 * A stored file's text: the PDF text layer (unpdf), Word documents (mammoth for .docx, word-extractor for
 * legacy .doc), and OCR for pictures and scanned PDF pages, each file checked against the caps (./caps)
 * before the work. Everything runs offline; the app runs it in a sandbox worker (../sandbox).
 */
import fs from 'node:fs/promises';
import { ParseSpeeds, PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib';
import * as canvas from '@napi-rs/canvas';
import mammoth from 'mammoth';
import { getDocumentProxy, getResolvedPDFJS, renderPageAsImage } from 'unpdf';
import type { PDFDocumentProxy, PDFPageProxy } from 'unpdf/pdfjs';
import WordExtractor from 'word-extractor';
import type { FileKind, TextMethod } from '../../shared/documents';
import { isWordPackage } from '../file-kind';
import { CAPS, checkWordPackage, imageSize, REFUSALS, tooManyPixels, UnreadableDocumentError } from './caps';
import type { Ocr } from './ocr';

export { UnreadableDocumentError } from './caps';

// pdf.js 5 compiles a page's font information with ArrayBuffer.prototype.transferToFixedLength (Node 21+).
// On Node 20 the call throws, pdf.js drops the page's drawing operations, and a rendered page (for OCR)
// loses its text. A copy of the bytes is all pdf.js needs from it.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length: number = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

export type ExtractedText = {
  text: string;
  method: TextMethod;
  pages: number;
  /** OCR's mean confidence over the recognised pages, 0 to 100. */
  ocrConfidence?: number;
  /** The picture itself is too small to read reliably (the analysis reports it as a poor scan). */
  lowQuality?: boolean;
};

/** At most this many scanned pages of one PDF are read by OCR (each takes seconds). */
export const MAX_OCR_PAGES = 10;
/** A PDF page with fewer characters than this in its text layer, and a picture on it, is a scan. */
const SCANNED_PAGE_CHARS = 20;
/**
 * Scanned pages are drawn at 150 dpi for OCR: print of 10 points and up still reads at 90+ confidence,
 * and a full page takes about 4 s on two busy cores (at 200 dpi, 9 s: render and recognition grow with
 * the pixels).
 */
const RENDER_SCALE = 150 / 72;
/**
 * A page is drawn at most this many pixels on its long side (tabloid at 150 dpi is 2550): a large page,
 * such as a photo placed at 72 dpi, is drawn at a lower resolution rather than into hundreds of MB.
 */
const MAX_RENDER_SIDE = 3400;
/** Larger pictures are scaled down to this many pixels on their long side (a letter page at 150 dpi). */
const MAX_IMAGE_SIDE = 1700;
/** A picture shorter than this on its short side holds too few pixels per letter to read reliably. */
const MIN_IMAGE_SIDE = 600;

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\.?$/, '.');

/** Whitespace tidied: no trailing spaces, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function extractText(
  file: { path: string; kind: FileKind },
  ocr: Ocr,
  options: { maxOcrPages?: number } = {},
): Promise<ExtractedText> {
  switch (file.kind) {
    case 'pdf':
      return pdfText(file.path, ocr, options.maxOcrPages ?? MAX_OCR_PAGES);
    case 'docx':
      return docxText(file.path);
    case 'doc': {
      const { size } = await fs.stat(file.path);
      if (size > CAPS.docBytes) throw new UnreadableDocumentError(REFUSALS.doc(size));
      const document = await new WordExtractor().extract(file.path).catch((error: unknown) => {
        throw new UnreadableDocumentError(
          `This .doc file could not be read as a Word document: ${reason(error)}`,
        );
      });
      return { text: tidy(document.getBody()), method: 'doc', pages: 1 };
    }
    case 'jpeg':
    case 'png':
      return imageText(file.path, file.kind, ocr);
  }
}

async function openPdf(bytes: Uint8Array) {
  try {
    // A copy, as pdf.js may take the bytes over. A picture over the cap that checkPdf missed (drawn
    // inline in a page's content) is left undrawn.
    return await getDocumentProxy(bytes.slice(), {
      maxImageSize: CAPS.pictureMegapixels * 1e6,
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException')
      throw new UnreadableDocumentError('This PDF is protected by a password: upload a copy without one.');
    throw new UnreadableDocumentError(`This PDF could not be read: ${reason(error)}`);
  }
}

/** A page's width and height in points. */
function pageSize(page: PDFPageProxy): { width: number; height: number } {
  const [x1, y1, x2, y2] = page.view;
  return { width: Math.abs(x2 - x1) * page.userUnit, height: Math.abs(y2 - y1) * page.userUnit };
}

/**
 * Refuses a PDF over the caps before any page is read: its pages, their size, and the pictures it holds
 * (image objects' stated size, read by pdf-lib without decoding them; a file pdf-lib cannot parse is
 * left to pdf.js, which leaves a picture over the cap undrawn).
 */
async function checkPdf(pdf: PDFDocumentProxy, bytes: Uint8Array): Promise<void> {
  if (pdf.numPages > CAPS.pdfPages) throw new UnreadableDocumentError(REFUSALS.pdfPages(pdf.numPages));
  for (let number = 1; number <= pdf.numPages; number++) {
    const { width, height } = pageSize(await pdf.getPage(number));
    if (Math.max(width, height) > CAPS.pdfPagePoints)
      throw new UnreadableDocumentError(REFUSALS.pdfPageSize(number, width, height));
  }
  const pictures = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
    parseSpeed: ParseSpeeds.Fastest,
  }).then(pictureSizes, () => []);
  const tooLarge = pictures.find(tooManyPixels);
  if (tooLarge) throw new UnreadableDocumentError(REFUSALS.pdfPicture(tooLarge.width, tooLarge.height));
}

/** The stated size of every image object in the document. */
function pictureSizes(document: PDFDocument): Array<{ width: number; height: number }> {
  const sizes = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image'))
      continue;
    const number = (key: string) => {
      const value = object.dict.lookup(PDFName.of(key));
      return value instanceof PDFNumber ? value.asNumber() : 0;
    };
    sizes.push({ width: number('Width'), height: number('Height') });
  }
  return sizes;
}

async function pdfText(path: string, ocr: Ocr, maxOcrPages: number): Promise<ExtractedText> {
  const bytes = new Uint8Array(await fs.readFile(path));
  const pdf = await openPdf(bytes);
  try {
    await checkPdf(pdf, bytes);
    const { OPS } = await getResolvedPDFJS();
    const pictureOps = new Set([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
    ]);
    const texts: string[] = [];
    const confidences: number[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      // A page with (almost) no text layer but a picture is a scan: read the picture. A page with
      // neither is blank, and OCR would only spend seconds to find nothing.
      if (text.replace(/\s/g, '').length < SCANNED_PAGE_CHARS && confidences.length < maxOcrPages) {
        const operators = await page.getOperatorList();
        if (operators.fnArray.some((op) => pictureOps.has(op))) {
          const { width, height } = pageSize(page);
          const scale = Math.min(RENDER_SCALE, MAX_RENDER_SIDE / Math.max(width, height));
          const read = await ocr.recognize(await pagePicture(pdf, number, scale));
          text = read.text;
          confidences.push(read.confidence);
        }
      }
      page.cleanup();
      texts.push(tidy(text));
    }
    const text = texts.filter(Boolean).join('\n\n');
    if (!confidences.length) return { text, method: 'pdf-text', pages: pdf.numPages };
    return {
      text,
      method: 'ocr',
      pages: pdf.numPages,
      ocrConfidence: Math.round(confidences.reduce((a, b) => a + b, 0) / confidences.length),
    };
  } finally {
    await pdf.destroy();
  }
}

async function docxText(path: string): Promise<ExtractedText> {
  if (!(await isWordPackage(path)))
    throw new UnreadableDocumentError(
      'This .docx file is not a Word document: it has no word/document.xml part.',
    );
  await checkWordPackage(path);
  const { value } = await mammoth.extractRawText({ path }).catch((error: unknown) => {
    throw new UnreadableDocumentError(`This .docx file could not be read: ${reason(error)}`);
  });
  return { text: tidy(value), method: 'docx', pages: 1 };
}

/**
 * A PDF page drawn as a PNG. Encoded synchronously (as a data URL): @napi-rs/canvas's async encode,
 * which unpdf uses otherwise, is known to crash the process under GC pressure.
 */
async function pagePicture(pdf: Parameters<typeof renderPageAsImage>[0], page: number, scale: number) {
  const url = await renderPageAsImage(pdf, page, {
    canvasImport: async () => canvas,
    scale,
    toDataURL: true,
  });
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

/**
 * A picture scaled down to `width` x `height` pixels, as a PNG. Never decoded by the canvas library
 * itself (a damaged PNG or JPEG crashes its native decoder, and the process with it): the picture is
 * placed on a PDF page (pdf-lib) and drawn by pdf.js, whose decoders are JavaScript.
 */
async function scaledDown(
  image: Buffer,
  kind: 'png' | 'jpeg',
  width: number,
  height: number,
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const picture = kind === 'png' ? await document.embedPng(image) : await document.embedJpg(image);
  document.addPage([width, height]).drawImage(picture, { x: 0, y: 0, width, height });
  const pdf = await getDocumentProxy(await document.save());
  try {
    return await pagePicture(pdf, 1, 1);
  } finally {
    await pdf.destroy();
  }
}

async function imageText(path: string, kind: 'png' | 'jpeg', ocr: Ocr): Promise<ExtractedText> {
  const image = await fs.readFile(path);
  const size = imageSize(image);
  if (!size || !size.width || !size.height)
    throw new UnreadableDocumentError('This image could not be read: its header is damaged.');
  if (tooManyPixels(size)) throw new UnreadableDocumentError(REFUSALS.picture(size.width, size.height));
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(size.width, size.height));
  const input =
    scale < 1
      ? await scaledDown(image, kind, Math.round(size.width * scale), Math.round(size.height * scale)).catch(
          (error: unknown) => {
            throw new UnreadableDocumentError(`This image could not be read: ${reason(error)}`);
          },
        )
      : image;
  const read = await ocr.recognize(input).catch((error: unknown) => {
    // Tesseract decodes the picture itself (in WebAssembly, safely): a damaged one is refused there.
    if (/attempting to read image/i.test(reason(error)))
      throw new UnreadableDocumentError('This image could not be read: it is damaged or incomplete.');
    throw error;
  });
  return {
    text: tidy(read.text),
    method: 'ocr',
    pages: 1,
    ocrConfidence: read.confidence,
    ...(Math.min(size.width, size.height) < MIN_IMAGE_SIDE ? { lowQuality: true } : {}),
  };
}
