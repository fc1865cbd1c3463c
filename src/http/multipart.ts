import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors';

/** The one file of a multipart form; `tooLarge` when it passed the limit (its bytes are then dropped). */
export type UploadedFile = { field: string; filename: string; bytes: Buffer; tooLarge: boolean };

/**
 * The same, written to a temporary file (deleted when the response ends, unless the route moved it away)
 * instead of held in memory, with its SHA-256 taken on the way.
 */
export type StoredFile = {
  field: string;
  filename: string;
  path: string;
  size: number;
  sha256: string;
  tooLarge: boolean;
};

declare module 'express-serve-static-core' {
  interface Request {
    upload?: UploadedFile;
    storedUpload?: StoredFile;
  }
}

type Options = {
  field: string;
  maxBytes: number;
  tooLarge: string;
  /** multipartToDisk's folder for the file (default: the system's temporary folder). */
  dir?: string;
};

/** Takes in the file part's bytes; answers the file once they are all in (undefined: an empty file input). */
type Take<F> = (stream: Readable, info: busboy.FileInfo, res: Response) => Promise<F | undefined>;

/** Room for the form's text fields (the CSRF token) and the part headers beside the file. */
const FIELDS_ALLOWANCE = 16 * 1024;
const INCOMPLETE = 'The form could not be read: the upload was incomplete.';
/** A body declared this many times over the limit is refused without reading it. */
const HOPELESS_FACTOR = 8;

/**
 * Reads a signed-in person's multipart/form-data body (a no-JS upload form or an API call): its text
 * fields into req.body, so the CSRF check that follows finds the form's token, and its one file through
 * `take`, up to `maxBytes`. A larger file is drained, not kept: busboy stops delivering at its limit, and
 * the stream must still be read to its end or the request never finishes. The route then refuses it with
 * the form. Anything but multipart passes by untouched.
 */
function readMultipart<F>(
  options: Options,
  take: Take<F>,
  keep: (req: Request, file?: F) => void,
): RequestHandler {
  return (req, res, next) => {
    if (!req.session?.user || !req.is('multipart/form-data')) return next();
    const declared = Number(req.get('content-length'));
    if (declared > options.maxBytes * HOPELESS_FACTOR + FIELDS_ALLOWANCE)
      return next(new HttpError(413, options.tooLarge));

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy signals its limit on reaching it: one byte more tells a file of exactly maxBytes apart.
        limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      return next(new HttpError(400, 'The form could not be read: its multipart boundary is missing.'));
    }
    const fields: Record<string, string> = {};
    let file: Promise<F | undefined> | undefined;
    let settled = false;
    const finish = async (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (error) return next(error);
      try {
        req.body = fields;
        keep(req, await file);
        next();
      } catch (failure) {
        next(failure);
      }
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || file) return void stream.resume();
      file = take(stream, info, res);
      // A failure is the request's, reported once the form is read; until then it must not go unhandled.
      file.catch(() => undefined);
    });
    parser.on('close', () => void finish());
    parser.on('error', () => finish(new HttpError(400, INCOMPLETE)));
    // The client went away mid-body (its connection reset): a refusal of its request, not a fault of ours.
    req.on('error', () => finish(new HttpError(400, INCOMPLETE)));
    req.pipe(parser);
  };
}

/** The file in memory: for small files (a logo) that the route reads whole anyway. */
export function multipartUpload(options: Options): RequestHandler {
  const take: Take<UploadedFile> = (stream, info) =>
    new Promise((resolve) => {
      const file = {
        field: options.field,
        filename: info.filename ?? '',
        bytes: Buffer.alloc(0),
        tooLarge: false,
      };
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!file.tooLarge) chunks.push(chunk);
      });
      stream.on('limit', () => {
        file.tooLarge = true;
        chunks.length = 0;
      });
      stream.on('end', () => {
        file.bytes = Buffer.concat(chunks);
        // A file input left empty still sends a part: no name and no bytes.
        resolve(file.filename || file.bytes.length || file.tooLarge ? file : undefined);
      });
    });
  return readMultipart(options, take, (req, file) => void (req.upload = file));
}

/**
 * The file in a temporary file (under `dir`, else the system's temporary folder), for files too large to
 * hold in memory (a CSV of cases, a document). It is deleted when the response ends, whatever happened,
 * unless the route moved it; a file past the limit is removed as soon as it passes it.
 */
export function multipartToDisk(options: Options): RequestHandler {
  const dir = options.dir ?? os.tmpdir();
  const take: Take<StoredFile> = (stream, info, res) =>
    new Promise((resolve, reject) => {
      const file = {
        field: options.field,
        filename: info.filename ?? '',
        path: path.join(dir, `reti-upload-${crypto.randomUUID()}`),
        size: 0,
        sha256: '',
        tooLarge: false,
      };
      const hash = crypto.createHash('sha256');
      const out = fs.createWriteStream(file.path, { flags: 'wx', mode: 0o600 });
      const remove = () => void fs.rm(file.path, { force: true }, () => undefined);
      // The response ended (answered, or the client went away mid-upload): the file goes, but only once its
      // stream has closed, or a file still being opened would be created after its removal.
      let ended = false;
      res.once('close', () => {
        ended = true;
        if (out.closed) remove();
        else out.destroy();
      });
      // Once the file has closed its digest is taken; a client that went away mid-upload can leave parsed
      // bytes still arriving after that, and updating a finished hash throws (an uncaught error: the process
      // would exit).
      let closed = false;
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        if (!file.tooLarge && !closed) hash.update(chunk);
      });
      stream.on('limit', () => {
        file.tooLarge = true;
        stream.unpipe(out);
        stream.resume();
        out.end();
      });
      stream.on('error', (error) => out.destroy(error));
      out.on('error', (error) => {
        stream.resume();
        reject(error);
      });
      out.on('close', () => {
        closed = true;
        if (!file.tooLarge) file.sha256 = hash.digest('hex');
        if (ended || file.tooLarge || !(file.filename || file.size)) remove();
        resolve(file.tooLarge || file.filename || file.size ? file : undefined);
      });
      stream.pipe(out);
    });
  return readMultipart(options, take, (req, file) => void (req.storedUpload = file));
}
