import type { RequestHandler } from 'express';
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
 * A per-IP limit, counted in Redis when there is Redis so that every app process shares it (in memory
 * otherwise: the embedded mode runs one process). While Redis is down requests pass: the session
 * store refuses sign-in anyway, and contact requests are stored in the database.
 */
export function ipRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMinutes * 60_000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    passOnStoreError: true,
    store: options.redis
      ? new ReloadingRedisStore({
          prefix: `${options.redisPrefix}rl:${options.name}:`,
          sendCommand: (...args: string[]) => options.redis!.sendCommand(args),
        })
      : undefined,
    handler: (_req, _res, next) => next(new HttpError(429, options.message)),
  });
}
