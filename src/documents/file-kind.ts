import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { FILE_KINDS, type FileKind, UPLOAD_REFUSALS } from '../shared/documents';
import { ServiceError } from '../shared/errors';

/** The PDF header may follow a little junk (PDF 1.7, 7.5.2: readers look within the first 1,024 bytes). */
const HEAD_BYTES = 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A Word 97-2003 file is an OLE2 container holding a stream of this name (UTF-16LE in its directory). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

const refused = () =>
  new ServiceError('unsupported', UPLOAD_REFUSALS.badType, { file: UPLOAD_REFUSALS.badType });

async function headOf(filePath: string): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the file holds `needle` anywhere, read as a stream (an OLE2 directory can sit anywhere). */
function contains(filePath: string, needle: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let tail = Buffer.alloc(0);
    const stream = fs.createReadStream(filePath, { highWaterMark: 1 << 20 });
    stream.on('data', (chunk) => {
      const window = Buffer.concat([tail, Buffer.from(chunk)]);
      if (window.includes(needle)) {
        stream.destroy();
        resolve(true);
      }
      tail = window.subarray(Math.max(0, window.length - needle.length + 1));
    });
    stream.on('end', () => resolve(false));
    stream.on('error', reject);
  });
}

/** A real Office Open XML word-processing document: a ZIP whose directory lists its main part. */
export function isWordPackage(filePath: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return resolve(false);
      let types = false;
      let body = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === '[Content_Types].xml') types = true;
        if (entry.fileName === 'word/document.xml') body = true;
        if (types && body) {
          zip.close();
          resolve(true);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(types && body));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}

/** The kind the bytes say, or undefined when they are none we accept. */
export async function sniffKind(filePath: string): Promise<FileKind | undefined> {
  const head = await headOf(filePath);
  if (head.includes(Buffer.from('%PDF-'))) return 'pdf';
  if (head.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  if (head.subarray(0, OLE2.length).equals(OLE2))
    return (await contains(filePath, WORD_STREAM)) ? 'doc' : undefined;
  if (head.subarray(0, ZIP.length).equals(ZIP)) return (await isWordPackage(filePath)) ? 'docx' : undefined;
  return undefined;
}

/**
 * The file's kind, decided by its content, which its name's extension must agree with: a renamed program,
 * a spreadsheet named .doc or a photo named .pdf is refused (415), saying what is accepted.
 */
export async function kindOf(filePath: string, filename: string): Promise<FileKind> {
  const kind = await sniffKind(filePath);
  const extension = path.extname(filename).toLowerCase();
  if (!kind || !(FILE_KINDS[kind].extensions as readonly string[]).includes(extension)) throw refused();
  return kind;
}

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const MAX_NAME = 200;

/**
 * The name shown for a file: its last path part, without control or direction-changing characters (which
 * can disguise "gpj.exe" as "exe.jpg"), at most 200 characters with its extension kept. It is only ever
 * shown and sent back as the download's name, never used as a path.
 */
export function displayName(filename: string, kind: FileKind): string {
  const base = filename.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
  const extension = path.extname(clean);
  const stem = clean.slice(0, clean.length - extension.length).slice(0, MAX_NAME - extension.length);
  return stem ? `${stem}${extension}` : `document${FILE_KINDS[kind].extensions[0]}`;
}
