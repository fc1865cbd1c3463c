import type { Request } from 'express';

export type Flash = { kind: 'success' | 'error'; message: string };

declare module 'express-session' {
  interface SessionData {
    flash: Flash;
  }
}

/** A message for the page a form redirects to (post/redirect/get); shown once, on that page. */
export function setFlash(req: Request, kind: Flash['kind'], message: string): void {
  if (req.session) req.session.flash = { kind, message };
}

/** The waiting message, removed from the session as it is shown. */
export function takeFlash(req: Request): Flash | undefined {
  const flash = req.session?.flash;
  if (flash) delete req.session.flash;
  return flash;
}
