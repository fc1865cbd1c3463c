import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * What every request of a firm's signed-in member needs of their firm, read once per request: its name,
 * the time zone its pages and figures use, its idle timeout, and its look.
 */
export type FirmContext = {
  id: string;
  name: string;
  timeZone: string;
  sessionTimeoutMinutes: number;
  /** Whether the firm has its own mail server set, and how many days its backups are kept. */
  settings: { ownSmtp: boolean; backupRetentionDays: number };
  /** The firm's stylesheet and logo, at URLs that change with the settings (so they are cached for good). */
  branding: { themeHref: string; logoHref?: string; firmName: string };
};

/** The request's own facts, built once and handed to every action and page it runs. */
export type RequestContext = {
  /** The signed-in person's firm; none for staff, clients of no firm and visitors. */
  firm?: FirmContext;
  /**
   * A value read at most once per request (a firm's user names, the case being shown): the first read's
   * promise is kept and shared by every later ask with the same key.
   */
  memo<T>(key: string, read: () => Promise<T>): Promise<T>;
};

declare module 'express-serve-static-core' {
  interface Request {
    context: RequestContext;
  }
}

function memoizer(): RequestContext['memo'] {
  const kept = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    let value = kept.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      kept.set(key, value);
      // A failed read is not kept: the next ask tries again.
      value.catch(() => kept.delete(key));
    }
    return value;
  };
}

/**
 * The context of the request being answered, for the services a request runs through other features'
 * services (the AI tools' case facts read cases, clients and documents): what they look up by firm (its
 * time zone, its users' names, the case being shown) is then read once per request, not once per service.
 * Work outside a request (jobs, timers) has none and reads as before.
 */
const current = new AsyncLocalStorage<RequestContext>();

/** A value read at most once in the current request (see RequestContext.memo); outside one, just read. */
export const oncePerRequest = <T>(key: string, read: () => Promise<T>): Promise<T> =>
  current.getStore()?.memo(key, read) ?? read();

/** The current request's firm, when it is `firmId` (its settings already read for this request). */
export const requestFirm = (firmId: string): FirmContext | undefined => {
  const firm = current.getStore()?.firm;
  return firm?.id === firmId ? firm : undefined;
};

/** Builds req.context after the session: the signed-in firm member's firm, read once. */
export function requestContext(firmOf: (firmId: string) => Promise<FirmContext>): RequestHandler {
  return async (req, _res, next) => {
    const firmId = req.session?.user?.firmId;
    req.context = { firm: firmId ? await firmOf(firmId) : undefined, memo: memoizer() };
    current.run(req.context, next);
  };
}
