import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData, Store } from 'express-session';
import type { Logger } from 'pino';
import type { Redis } from '../db/redis';
import { SAFE_METHODS } from '../http/origin';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../shared/constants';
import type { MfaStep, SessionUser } from '../shared/session';
import type { SessionsStore } from './store';
import { endWhenReachable } from './unreachable-ends';

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    startedAt: number;
    /** When the signed-in user was last seen (to the minute): the idle timeout counts from here. */
    lastSeenAt: number;
    /** A sign-in waiting for its second step (two-factor): no user yet, so it may do nothing else. */
    mfa: SecondStep;
  }
}

/** A sign-in whose password was right and that still needs a code (or to set two-factor sign-in up). */
export type SecondStep = {
  userId: string;
  /** 'required': a code from the app or a recovery code; 'enroll': set the app up first. */
  step: MfaStep;
  startedAt: number;
  /** Wrong codes so far in this sign-in. */
  failures: number;
  /** A digest of the password hash it began with: once the password changes, the step cannot finish. */
  passwordTag: string;
  /** A client's language: the step's page speaks it. */
  language?: 'en' | 'es';
};

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the session store could not be reached for this request. */
    sessionUnavailable?: boolean;
  }
}

const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** `__Host-` in production: the browser then only accepts it from HTTPS, for this host, on path /. */
export const sessionCookieName = (production: boolean) => (production ? '__Host-reti.sid' : 'reti.sid');

/** Where Redis keeps the IDs of one user's sessions. */
const userSessionsKey = (redisPrefix: string, userId: string) => `${redisPrefix}user-sessions:${userId}`;
/** Where Redis keeps one session (connect-redis's key). */
const sessionKey = (redisPrefix: string, sid: string) => `${redisPrefix}sess:${sid}`;

/**
 * connect-redis, plus a set per user of the IDs of their sessions, so that every session of a user can
 * be ended at once (their firm deleted, say). The set expires with the longest a session can live.
 */
class RedisSessionStore extends RedisStore {
  constructor(
    private readonly redis: Redis,
    private readonly redisPrefix: string,
  ) {
    super({ client: redis, prefix: sessionKey(redisPrefix, '') });
  }

  override async set(sid: string, data: SessionData, callback?: (err?: unknown) => void): Promise<void> {
    try {
      await super.set(sid, data);
      if (data.user) {
        const key = userSessionsKey(this.redisPrefix, data.user.id);
        await this.redis
          .multi()
          .sAdd(key, sid)
          .expire(key, ABSOLUTE_LIFETIME_MS / 1000)
          .exec();
        await this.forgetEnded(key);
      }
      callback?.();
    } catch (error) {
      if (!callback) throw error;
      callback(error);
    }
  }

  /** Drops the IDs of sessions that expired or ended: the set lives as long as its user stays active. */
  private async forgetEnded(key: string): Promise<void> {
    const sids = await this.redis.sMembers(key);
    const batch = this.redis.multi();
    for (const sid of sids) batch.exists(sessionKey(this.redisPrefix, sid));
    const exists = await batch.execAsPipeline();
    const ended = sids.filter((_, i) => Number(exists[i]) === 0);
    if (ended.length) await this.redis.sRem(key, ended);
  }
}

/**
 * Whether a new session could be stored right now. Sign-in asks before it looks at the password: a
 * store that is down must refuse every attempt alike, or the answer would tell a right password from a
 * wrong one (and, with the rate limit's store down too, invite guessing).
 */
export function sessionStoreCheck(options: Pick<SessionOptions, 'redis'>): () => Promise<boolean> {
  const { redis } = options;
  if (!redis) return async () => true;
  return () =>
    redis.isReady
      ? redis.ping().then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
}

/** Ends every session of the given users, wherever sessions are kept. */
export function sessionRevoker(options: Pick<SessionOptions, 'redis' | 'redisPrefix' | 'sessions'>) {
  return async (userIds: string[]): Promise<void> => {
    if (userIds.length === 0) return;
    const { redis, redisPrefix } = options;
    if (!redis) return options.sessions.destroyByUsers(userIds);
    for (const userId of userIds) {
      const key = userSessionsKey(redisPrefix, userId);
      const sids = await redis.sMembers(key);
      await redis.del([key, ...sids.map((sid) => sessionKey(redisPrefix, sid))]);
    }
  };
}

export type SessionRevoker = ReturnType<typeof sessionRevoker>;

/** The embedded mode's store: sessions live in the same database as everything else. */
class DatabaseSessionStore extends Store {
  constructor(private readonly sessions: SessionsStore) {
    super();
  }

  get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.sessions.get(sid).then((data) => callback(null, (data as SessionData) ?? null), callback);
  }

  set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.sessions.set(sid, data, data.user?.id ?? null, expiry(data)).then(
      () => callback?.(),
      (err) => callback?.(err),
    );
  }

  touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.sessions.touch(sid, expiry(data)).then(
      () => callback?.(),
      (err) => callback?.(err),
    );
  }

  destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.sessions.destroy(sid).then(
      () => callback?.(),
      (err) => callback?.(err),
    );
  }
}

const expiry = (data: SessionData) =>
  data.cookie.expires
    ? new Date(data.cookie.expires)
    : new Date(Date.now() + DEFAULT_SESSION_TIMEOUT_MINUTES * 60_000);

export type SessionOptions = {
  secret: string;
  production: boolean;
  redis?: Redis;
  redisPrefix: string;
  sessions: SessionsStore;
};

/**
 * express-session with the store of the mode we run in. A visitor who only reads public pages gets no
 * cookie (saveUninitialized: false), and a read without a session cookie skips the session altogether
 * (no store lookup, no session object), which keeps anonymous pages fast. When the store cannot be
 * reached the request goes on without a session and is marked, so public pages keep working and
 * sign-in answers 503. A session whose logout could not reach the store is never loaded again (see
 * endWhenReachable).
 */
export function sessionMiddleware(options: SessionOptions): RequestHandler[] {
  const store = endWhenReachable(
    options.redis
      ? new RedisSessionStore(options.redis, options.redisPrefix)
      : new DatabaseSessionStore(options.sessions),
  );
  const cookieName = sessionCookieName(options.production);
  const cookiePrefix = `${cookieName}=`;
  const needsSession = (req: Request) =>
    !SAFE_METHODS.has(req.method) || (req.headers.cookie?.includes(cookiePrefix) ?? false);
  const handler = session({
    name: cookieName,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
      path: '/',
      maxAge: DEFAULT_SESSION_TIMEOUT_MINUTES * 60_000,
    },
  });
  const tolerant: RequestHandler = (req, res, next) => {
    if (!needsSession(req)) return next();
    handler(req, res, (error?: unknown) => {
      if (error) {
        req.log.warn({ err: (error as Error).message }, 'session store unavailable');
        req.sessionUnavailable = true;
      }
      next();
    });
  };
  const absoluteLifetime: RequestHandler = (req, _res, next) => {
    const s = req.session;
    if (s?.user && Date.now() - (s.startedAt ?? 0) > ABSOLUTE_LIFETIME_MS) {
      return s.destroy(() => next());
    }
    next();
  };
  return [tolerant, absoluteLifetime];
}

/** Moving lastSeenAt costs a session write: once a minute is precise enough for a timeout in minutes. */
const SEEN_RESOLUTION_MS = 60_000;

/**
 * Ends a signed-in session idle for longer than its user's timeout (the firm's security setting, read on
 * every request so a change holds at once), and keeps the cookie and the store's expiry to that timeout.
 * The request then goes on signed out: a page sends the person to sign in again.
 */
export function idleTimeout(minutesOf: (req: Request, res: Response) => number | undefined): RequestHandler {
  return (req, res, next) => {
    const s = req.session;
    const minutes = s?.user && minutesOf(req, res);
    if (!s?.user || !minutes) return next();
    const now = Date.now();
    const limit = minutes * 60_000;
    if (now - (s.lastSeenAt ?? s.startedAt ?? now) > limit) return s.destroy(() => next());
    if (!s.lastSeenAt || now - s.lastSeenAt >= SEEN_RESOLUTION_MS) s.lastSeenAt = now;
    // express-session resets maxAge to originalMaxAge when it touches the session: set both.
    s.cookie.originalMaxAge = limit;
    s.cookie.maxAge = limit;
    next();
  };
}

/** How often the database's expired sessions are deleted. */
const PRUNE_EVERY_MS = 15 * 60_000;

/**
 * Deletes the expired sessions of the database store now, then every `everyMs`. Redis expires its own
 * keys, but rows may remain from a run without Redis, so this runs in both modes. Returns the stop.
 */
export function startSessionPruning(options: {
  sessions: SessionsStore;
  logger: Logger;
  everyMs?: number;
}): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;
  const prune = () => {
    pass = options.sessions
      .deleteExpired()
      .catch((error) => options.logger.warn({ err: error }, 'expired sessions not deleted; trying later'))
      .finally(() => {
        pass = undefined;
        if (!stopped) timer = setTimeout(prune, options.everyMs ?? PRUNE_EVERY_MS).unref();
      });
  };
  prune();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
  };
}
