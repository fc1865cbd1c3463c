import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Redis } from '../db/redis';
import { HttpError } from './errors';

export type RateLimitOptions = {
  name: string;
  windowMinutes: number;
  limit: number;
  message: string;
  /** Count only refused attempts (a failed sign-in, not a successful one). */
  failuresOnly?: boolean;
  redis?: Redis;
  redisPrefix: string;
};

/**
 * rate-limit-redis loads its counting script once, when the app starts: had Redis not answered then,
 * every count would fail until a restart. This store loads it again on the next count instead.
 */
class ReloadingRedisStore extends RedisStore {
  override increment(key: string) {
    this.incrementScriptSha = this.incrementScriptSha.catch(() => this.loadIncrementScript());
    return super.increment(key);
  }
}

/**
 * A limit counted per key (by default the client's address), in Redis when there is Redis so that every
 * app process shares it (in memory otherwise: the embedded mode runs one process). While Redis is down
 * requests pass: the session store refuses sign-in anyway, and contact requests are stored in the
 * database. A request `keyOf` gives no key for is not counted here.
 */
function limitBy(options: RateLimitOptions, keyOf?: (req: Request) => string | undefined): RequestHandler {
  return rateLimit({
    windowMs: options.windowMinutes * 60_000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    passOnStoreError: true,
    ...(keyOf && { keyGenerator: (req: Request) => keyOf(req)!, skip: (req: Request) => !keyOf(req) }),
    store: options.redis
      ? new ReloadingRedisStore({
          prefix: `${options.redisPrefix}rl:${options.name}:`,
          sendCommand: (...args: string[]) => options.redis!.sendCommand(args),
        })
      : undefined,
    handler: (_req, _res, next) => next(new HttpError(429, options.message)),
  });
}

/** A limit per client address. */
export const ipRateLimit = (options: RateLimitOptions): RequestHandler => limitBy(options);

/**
 * A limit per account, by the user ID as typed (trimmed, without case) in the posted `user_id`: its
 * budget is its own, so one person's wrong passwords spend neither the address's nor anyone else's.
 */
export const accountRateLimit = (options: RateLimitOptions): RequestHandler =>
  limitBy(options, (req) => {
    const typed = (req.body as { user_id?: unknown } | undefined)?.user_id;
    return typeof typed === 'string' && typed.trim() ? typed.trim().toLowerCase() : undefined;
  });
