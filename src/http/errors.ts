import type { ErrorRequestHandler, Request, Response } from 'express';
import { isDatabaseUnavailable } from '../db/failures';
import { ServiceError } from '../shared/errors';
import { afterBody } from './body';

/** A refusal of the HTTP layer itself (a malformed request, no such route, too many requests). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a refused form, for clients that show them beside the fields. */
    readonly fields?: Record<string, string | undefined>,
  ) {
    super(message);
  }
}

/** API paths match case-insensitively, as Express routes do. */
export const wantsJson = (req: Request, apiPath: string) =>
  req.path.toLowerCase().startsWith(`${apiPath.toLowerCase()}/`) ||
  req.path.toLowerCase().startsWith('/node/') ||
  req.accepts(['html', 'json']) === 'json';

const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'The request body is too large.'],
  'encoding.unsupported': [415, 'The request body encoding is not supported.'],
  'charset.unsupported': [415, 'The request body character set is not supported.'],
};

/** Maps any error to a status and a message fit to show; unexpected errors never leak details. */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError || error instanceof ServiceError)
    return { status: error.status, message: error.message };
  const e = error as { type?: string; code?: string; status?: number };
  if (e?.type && BODY_ERRORS[e.type]) {
    const [status, message] = BODY_ERRORS[e.type];
    return { status, message };
  }
  if (e?.code === 'EBADCSRFTOKEN' || (e?.status === 403 && /csrf/i.test(String((error as Error).message)))) {
    return {
      status: 403,
      message: 'Your security token is missing or out of date. Reload the page and try again.',
    };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: 'The database is not answering. Please try again in a moment.' };
  }
  // Other client errors from Express's own parts (a missing static file, a bad header): keep the status.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, message: e.status === 404 ? 'Not found.' : 'The request was not accepted.' };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

export function errorHandler(
  apiPath: string,
  renderErrorPage: (req: Request, res: Response, status: number, message: string) => void,
): ErrorRequestHandler {
  return async (error, req, res, _next) => {
    const { status, message } = describeError(error);
    // Refused before its body was read (an upload the matrix denies): let it arrive, then answer.
    await afterBody(req);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ status, reason: message }, 'request refused');
    if (res.headersSent) return res.end();
    res.status(status);
    const fields = error instanceof HttpError || error instanceof ServiceError ? error.fields : undefined;
    const details = error instanceof ServiceError ? error.details : undefined;
    if (wantsJson(req, apiPath))
      res.json({ error: message, ...(fields ? { fields } : {}), ...details, requestId: req.id });
    else renderErrorPage(req, res, status, message);
  };
}
