import type { Request, Response } from 'express';
import { MESSAGES } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';

const unavailable = () => new ServiceError('unavailable', MESSAGES.signInUnavailable);

/** Starts a fresh session for `user`: a new ID (no fixation), stored before the answer goes out. */
export async function startSession(req: Request, user: SessionUser): Promise<void> {
  if (!req.session || req.sessionUnavailable) throw unavailable();
  const ok = await new Promise<boolean>((resolve) => req.session.regenerate((error) => resolve(!error)));
  if (!ok) throw unavailable();
  req.session.user = user;
  req.session.startedAt = Date.now();
  req.session.lastSeenAt = req.session.startedAt;
  const saved = await new Promise<boolean>((resolve) => req.session.save((error) => resolve(!error)));
  if (!saved) throw unavailable();
}

/** Ends the session; the browser is signed out even when the store cannot be reached. */
export async function endSession(req: Request, res: Response, cookieName: string): Promise<void> {
  if (req.session) {
    await new Promise<void>((resolve) =>
      req.session.destroy((error) => {
        if (error)
          req.log.warn({ err: (error as Error).message }, 'session store refused logout; cookie cleared');
        resolve();
      }),
    );
  }
  res.clearCookie(cookieName, { path: '/' });
}
