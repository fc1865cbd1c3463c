import crypto from 'node:crypto';
import type { Response } from 'express';
import type { Redis } from '../db/redis';
import type { SessionUser } from '../shared/session';
import { HttpError } from './errors';

/** Heavy operations (imports, exports, backups, reports, packets) one person and one firm may run at once. */
export const HEAVY_LIMITS = { perPerson: 2, perFirm: 4 };

export const HEAVY_REFUSALS = {
  person: (n: number) =>
    `You are already running ${n} large tasks (imports, exports, backups, reports or packets). Please wait until one of them has finished, then try again.`,
  firm: (n: number) =>
    `Your firm is already running ${n} large tasks (imports, exports, backups, reports or packets). Please wait until one of them has finished, then try again.`,
};

/** Seconds a refused client is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 30;
/** A slot whose process died without giving it back frees itself after this. */
const LEASE_MS = 30 * 60_000;

type Holder = Pick<SessionUser, 'id' | 'firmId'>;
type Taken = { ok: true } | { ok: false; full: 'person' | 'firm' };

/** Slots in Redis: a sorted set per person and per firm, each slot a token scored by when it expires. */
const TAKE_SCRIPT = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
for i, key in ipairs(KEYS) do redis.call('ZREMRANGEBYSCORE', key, '-inf', ms) end
for i, key in ipairs(KEYS) do
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ms + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 0`;

/** The keys a holder counts against, with their limits: the person, and their firm when they have one. */
const countedOf = (holder: Holder, limits: typeof HEAVY_LIMITS) => [
  { key: `person:${holder.id}`, limit: limits.perPerson, full: 'person' as const },
  ...(holder.firmId ? [{ key: `firm:${holder.firmId}`, limit: limits.perFirm, full: 'firm' as const }] : []),
];

function memorySlots(limits: typeof HEAVY_LIMITS) {
  const slots = new Map<string, Map<string, number>>();
  const live = (key: string) => {
    const held = slots.get(key) ?? new Map<string, number>();
    for (const [token, until] of held) if (until <= Date.now()) held.delete(token);
    slots.set(key, held);
    return held;
  };
  return {
    async take(holder: Holder, token: string): Promise<Taken> {
      const counted = countedOf(holder, limits);
      const full = counted.find((c) => live(c.key).size >= c.limit);
      if (full) return { ok: false, full: full.full };
      for (const c of counted) live(c.key).set(token, Date.now() + LEASE_MS);
      return { ok: true };
    },
    async give(holder: Holder, token: string) {
      for (const c of countedOf(holder, limits)) {
        slots.get(c.key)?.delete(token);
        if (slots.get(c.key)?.size === 0) slots.delete(c.key);
      }
    },
  };
}

function redisSlots(redis: Redis, prefix: string, limits: typeof HEAVY_LIMITS) {
  const keysOf = (holder: Holder) => countedOf(holder, limits).map((c) => `${prefix}heavy:${c.key}`);
  return {
    async take(holder: Holder, token: string): Promise<Taken> {
      const counted = countedOf(holder, limits);
      const refused = Number(
        await redis.eval(TAKE_SCRIPT, {
          keys: keysOf(holder),
          arguments: [token, String(LEASE_MS), ...counted.map((c) => String(c.limit))],
        }),
      );
      return refused ? { ok: false, full: counted[refused - 1].full } : { ok: true };
    },
    async give(holder: Holder, token: string) {
      await Promise.all(keysOf(holder).map((key) => redis.zRem(key, token)));
    },
  };
}

/**
 * How many heavy operations run at once, per person and per firm, so that one person's imports cannot
 * take the server from everyone. Counted in Redis when there is Redis, so every app process shares the
 * count; in memory otherwise (the embedded mode runs one process). While Redis does not answer, the
 * operation goes ahead uncounted: sessions are refused then anyway.
 */
export function createHeavyLimiter(options: {
  redis?: Redis;
  redisPrefix: string;
  limits?: typeof HEAVY_LIMITS;
  /** Told of each heavy operation's answer: it is long work, which waits for no other (src/http/in-flight.ts). */
  isLongWork?: (res: Response) => void;
  onStoreError?: (error: unknown) => void;
}) {
  const limits = options.limits ?? HEAVY_LIMITS;
  const slots = options.redis ? redisSlots(options.redis, options.redisPrefix, limits) : memorySlots(limits);
  return {
    /**
     * A slot for the holder until `res` has been sent (a streamed export holds it to its last byte), or
     * a 429 that says whose limit is reached.
     */
    async acquire(holder: Holder, res: Response): Promise<void> {
      options.isLongWork?.(res);
      const token = crypto.randomUUID();
      let taken: Taken;
      try {
        taken = await slots.take(holder, token);
      } catch (error) {
        options.onStoreError?.(error);
        return;
      }
      if (!taken.ok) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new HttpError(
          429,
          taken.full === 'person'
            ? HEAVY_REFUSALS.person(limits.perPerson)
            : HEAVY_REFUSALS.firm(limits.perFirm),
        );
      }
      const release = () =>
        void slots.give(holder, token).catch((error: unknown) => options.onStoreError?.(error));
      if (res.closed) release();
      else res.once('close', release);
    },
  };
}

export type HeavyLimiter = ReturnType<typeof createHeavyLimiter>;
