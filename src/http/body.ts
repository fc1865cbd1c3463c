import type { Request } from 'express';
/** A refused body declared up to this size is read and dropped before the answer; a larger one is cut off. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Waits until a refused request's unread body has arrived (and is dropped), so that the client, still
 * sending, gets the answer instead of a reset connection; nothing of it is kept. A body larger than
 * DRAIN_MAX_BYTES, or of unknown length, is not waited for: the connection is closed after the answer.
 */
export function afterBody(req: Request): Promise<void> {
  if (req.complete || req.readableFlowing !== null) return Promise.resolve();
  const declared = Number(req.get('content-length'));
  if (!(declared <= DRAIN_MAX_BYTES)) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve).once('error', resolve).once('close', resolve);
    req.resume();
  });
}
