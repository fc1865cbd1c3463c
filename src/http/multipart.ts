import busboy from 'busboy';
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** The one file of a multipart form; `tooLarge` when it passed the limit (its bytes are then dropped). */
export type UploadedFile = { field: string; filename: string; bytes: Buffer; tooLarge: boolean };

declare module 'express-serve-static-core' {
  interface Request {
    upload?: UploadedFile;
  }
}

/** Room for the form's text fields (the CSRF token) and the part headers beside the file. */
const FIELDS_ALLOWANCE = 16 * 1024;
/** A body declared this many times over the limit is refused without reading it. */
const HOPELESS_FACTOR = 8;

/**
 * Reads a signed-in person's multipart/form-data body (a no-JS upload form or an API call): its text
 * fields into req.body, so the CSRF check that follows finds the form's token, and its one file into
 * req.upload, held in memory up to `maxBytes`. A larger file is drained, not kept: busboy stops
 * delivering at its limit, and the stream must still be read to its end or the request never finishes.
 * The route then refuses it with the form. Anything but multipart passes by untouched.
 */
export function multipartUpload(options: {
  field: string;
  maxBytes: number;
  tooLarge: string;
}): RequestHandler {
  return (req, _res, next) => {
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
    let upload: UploadedFile | undefined;
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (error) return next(error);
      req.body = fields;
      req.upload = upload;
      next();
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || upload) return void stream.resume();
      const file: UploadedFile = {
        field: name,
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
        if (file.filename || file.bytes.length || file.tooLarge) upload = file;
      });
    });
    parser.on('close', () => finish());
    parser.on('error', () =>
      finish(new HttpError(400, 'The form could not be read: the upload was incomplete.')),
    );
    req.on('error', (error) => finish(error));
    req.pipe(parser);
  };
}
