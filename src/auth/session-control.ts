import type { Request, Response } from 'express';
import { MESSAGES } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import type { SecondStep } from './session';

const unavailable = () => new ServiceError('unavailable', MESSAGES.signInUnavailable);

/** A fresh session (a new ID, so no fixation) holding what `fill` puts in, stored before the answer goes out. */
async function freshSession(req: Request, fill: (session: Request['session']) => void): Promise<void> {
  if (!req.session || req.sessionUnavailable) throw unavailable();
  const ok = await new Promise<boolean>((resolve) => req.session.regenerate((error) => resolve(!error)));
  if (!ok) throw unavailable();
  fill(req.session);
  const saved = await new Promise<boolean>((resolve) => req.session.save((error) => resolve(!error)));
  if (!saved) throw unavailable();
}

/** Starts a signed-in session for `user`. */
export const startSession = (req: Request, user: SessionUser) =>
  freshSession(req, (session) => {
    session.user = user;
    session.startedAt = Date.now();
    session.lastSeenAt = session.startedAt;
  });

/**
 * Starts a session that holds only a sign-in's second step and no user, so it may do nothing else; the
 * two-factor feature turns it into a signed-in one with startSession.
 */
export const startSecondStep = (req: Request, step: SecondStep) =>
  freshSession(req, (session) => {
    session.mfa = step;
  });

/**
 * Ends the session. The browser is signed out in any case (its cookie cleared); when the store cannot be
 * reached the session is remembered as ended, so that it can never be used again, and the caller is told
 * (503) that the logout is not confirmed.
 */
export async function endSession(req: Request, res: Response, cookieName: string): Promise<void> {
  const sid = req.sessionID;
  const store = req.sessionStore;
  const ended = await new Promise<boolean>((resolve) => {
    if (req.session) req.session.destroy((error) => resolve(!error));
    // The session could not even be read: its ID (from the signed cookie) is ended in the store.
    else if (req.sessionUnavailable && sid && store) store.destroy(sid, (error) => resolve(!error));
    else resolve(true);
  });
  res.clearCookie(cookieName, { path: '/' });
  if (!ended) {
    req.log.warn('session store refused logout; the session is kept as ended until it answers');
    throw new ServiceError('unavailable', MESSAGES.logoutUnconfirmed);
  }
}
