import type { RequestHandler, Response } from 'express';

/**
 * The requests being answered now, so that long work on the embedded database waits for them
 * (src/db/pglite.ts). A heavy operation's request is long work itself: it holds no other back.
 */
export function createInFlight() {
  const answering = new Set<Response>();
  const track: RequestHandler = (_req, res, next) => {
    answering.add(res);
    res.once('close', () => answering.delete(res));
    next();
  };
  return {
    track,
    isLongWork: (res: Response) => void answering.delete(res),
    busy: () => answering.size > 0,
  };
}

export type InFlight = ReturnType<typeof createInFlight>;
