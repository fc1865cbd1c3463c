import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { HttpError } from './errors';

/**
 * The one file of a multipart form, written to a temporary file (deleted when the response ends, unless
 * the route moved it away) with its SHA-256 taken on the way. `tooLarge` when it passed the limit: its
 * bytes were then dropped.
 */
export type ReceivedFile = {
  field: string;
  filename: string;
  path: string;
  size: number;
  sha256: string;
  tooLarge: boolean;
};

/** What an action that takes a file declares: its field, its limit and the refusal past it. */
export type UploadSpec = {
  field: string;
  maxBytes: number;
  tooLarge: string;
};

/** A multipart body's text fields, and its file if one was sent. */
export type Received = { fields: Record<string, string>; file?: ReceivedFile };

/** Room for the form's text fields (the CSRF token) and the part headers beside the file. */
const FIELDS_ALLOWANCE = 16 * 1024;
const INCOMPLETE = 'The form could not be read: the upload was incomplete.';
/** A body declared this many times over the limit is refused without reading it. */
const HOPELESS_FACTOR = 8;

type Options = UploadSpec & {
  /** The file's folder (default: the system's temporary folder); the route may move the file from there. */
  dir?: string;
  /**
   * Whether the request carries the session's CSRF token, given the text fields read so far: asked as the
   * file part begins (a no-JS form sends its token field first), and at the end when no file came.
   */
  tokenValid(fields: Record<string, string>): boolean;
  /** The refusal of a missing or wrong token. */
  badToken(): Error;
};

/**
 * Reads a multipart/form-data body: its text fields, and its one file streamed to a temporary file up to
 * `maxBytes`. Nothing of the file is written before the CSRF token is found valid (in a header, or in a
 * field that precedes the file); a wrong token drains the body and refuses it. A larger file is drained,
 * not kept: busboy stops delivering at its limit, and the stream must still be read to its end or the
 * request never finishes. Every stream's error is handled: a cut-off body is a 400, never a crash.
 */
export function receiveMultipart(req: Request, res: Response, options: Options): Promise<Received> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.get('content-length'));
    if (declared > options.maxBytes * HOPELESS_FACTOR + FIELDS_ALLOWANCE)
      return reject(new HttpError(413, options.tooLarge));

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy signals its limit on reaching it: one byte more tells a file of exactly maxBytes apart.
        limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      return reject(new HttpError(400, 'The form could not be read: its multipart boundary is missing.'));
    }

    const fields: Record<string, string> = {};
    let file: Promise<ReceivedFile | undefined> | undefined;
    let tokenChecked = false;
    let refused: Error | undefined;
    let settled = false;

    const checkToken = () => {
      if (tokenChecked) return !refused;
      tokenChecked = true;
      if (!options.tokenValid(fields)) refused = options.badToken();
      return !refused;
    };
    const finish = async (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Whatever is still arriving is read and dropped, so the answer reaches a client still sending.
      req.resume();
      // A refused token is the answer even when the refused body was also cut off.
      if (refused) return reject(refused);
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      try {
        if (!checkToken()) return reject(refused);
        resolve({ fields, file: await file });
      } catch (failure) {
        reject(failure instanceof Error ? failure : new Error(String(failure)));
      }
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // A file part after a refused token, a second file or another field's: read and dropped.
      stream.on('error', () => undefined);
      if (name !== options.field || file || !checkToken()) return void stream.resume();
      file = toDisk(stream, info, res, options);
      // A failure is the request's, reported once the form is read; until then it must not go unhandled.
      file.catch(() => undefined);
    });
    parser.on('close', () => void finish());
    parser.on('error', () => void finish(new HttpError(400, INCOMPLETE)));
    // The client went away mid-body (its connection reset): a refusal of its request, not a fault of ours.
    req.on('error', () => void finish(new HttpError(400, INCOMPLETE)));
    req.on('aborted', () => void finish(new HttpError(400, INCOMPLETE)));
    req.pipe(parser);
  });
}

/**
 * The file part into a temporary file under `dir`, with its SHA-256. It is deleted when the response ends,
 * whatever happened, unless the route moved it; a file past the limit is removed as soon as it passes it.
 */
function toDisk(
  stream: Readable,
  info: busboy.FileInfo,
  res: Response,
  options: Options,
): Promise<ReceivedFile | undefined> {
  return new Promise((resolve, reject) => {
    const file: ReceivedFile = {
      field: options.field,
      filename: info.filename ?? '',
      path: path.join(options.dir ?? os.tmpdir(), `reti-upload-${crypto.randomUUID()}`),
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
    // bytes still arriving after that, and updating a finished hash throws.
    let closed = false;
    let failed = false;
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
    // busboy ends a cut-off part with an error ("Unexpected end of form"): the file is incomplete.
    stream.on('error', (error) => {
      failed = true;
      out.destroy(error);
    });
    out.on('error', (error) => {
      failed = true;
      stream.resume();
      reject(error.message.startsWith('Unexpected end') ? new HttpError(400, INCOMPLETE) : error);
    });
    out.on('close', () => {
      closed = true;
      if (!file.tooLarge) file.sha256 = hash.digest('hex');
      if (failed || ended || file.tooLarge || !(file.filename || file.size)) remove();
      if (failed) return reject(new HttpError(400, INCOMPLETE));
      // A file input left empty still sends a part: no name and no bytes.
      resolve(file.tooLarge || file.filename || file.size ? file : undefined);
    });
    stream.pipe(out);
  });
}
