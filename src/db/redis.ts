import { createClient } from 'redis';
import type { Logger } from 'pino';

export type Redis = ReturnType<typeof createClient>;

/**
 * A client that fails fast while Redis is unreachable (no offline queue, short connect timeout) and
 * keeps reconnecting in the background, so requests answer 503 at once and recover by themselves.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 1000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) logger.warn({ err: error.message }, 'Redis unavailable; retrying in the background');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) logger.info('Redis connection restored');
    reported = false;
  });
  addDeadlines(client);
  return client;
}

/** How long a Redis command may take before the caller gets an error instead of an answer. */
const COMMAND_DEADLINE_MS = 1000;
/** After a missed deadline, commands fail at once for this long; then one goes through to try again. */
const RETRY_AFTER_MS = 1000;

/** Redis took too long, or recently did: the caller answers 503 as when Redis is down. */
class RedisTimeoutError extends Error {}

type Executor = (...args: unknown[]) => Promise<unknown>;
/** Where node-redis sends every command: one at a time, and as MULTI or pipeline batches. */
const EXECUTORS = ['sendCommand', '_executeMulti', '_executePipeline'] as const;

/**
 * Gives every command of the client a deadline. node-redis has none once a command is written (its
 * `timeout` and `abortSignal` options only cover the wait in its queue), so a frozen Redis, whose
 * connection stays open, would hang every request that touches it. Commands run on the client's
 * `_self` (createClient returns an object derived from it), so that is where they are wrapped.
 */
function addDeadlines(client: Redis): void {
  const executors = (client as unknown as { _self: Record<(typeof EXECUTORS)[number], Executor> })._self;
  let failFastUntil = 0;
  const withDeadline = (run: () => Promise<unknown>): Promise<unknown> => {
    if (Date.now() < failFastUntil) return Promise.reject(new RedisTimeoutError('Redis is not answering'));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        failFastUntil = Date.now() + RETRY_AFTER_MS;
        reject(new RedisTimeoutError(`Redis did not answer within ${COMMAND_DEADLINE_MS} ms`));
      }, COMMAND_DEADLINE_MS);
    });
    return Promise.race([run(), deadline]).finally(() => clearTimeout(timer));
  };
  for (const name of EXECUTORS) {
    const execute = executors[name];
    executors[name] = function (this: unknown, ...args: unknown[]) {
      return withDeadline(() => execute.apply(this, args));
    };
  }
}

/** Connects, but gives up waiting after `ms`: the app starts and serves public pages while Redis is down. */
export async function connectRedis(client: Redis, ms = 2000): Promise<boolean> {
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  return Promise.race([connected, new Promise<boolean>((resolve) => setTimeout(resolve, ms, false).unref())]);
}

/**
 * State every process holds in memory and reloads when any process changes it: `changed()` reloads here,
 * then tells the others over a Redis channel; `listen()` reloads on their word and after every
 * (re)connection, in case one was missed. Without Redis there is one process, and only it reloads.
 */
export function reloadEverywhere(options: {
  redis?: Redis;
  channel: string;
  logger: Logger;
  /** Reloads this process's copy; a failure is logged, and retried on the next change. */
  reload(): Promise<unknown>;
  /** Says what failed to reload or be announced, for the log. */
  what: string;
}) {
  const { redis, logger } = options;
  let subscriber: Redis | undefined;
  const reloadQuietly = () =>
    options.reload().catch((error) => logger.error({ err: error }, `${options.what} could not be reloaded`));

  return {
    /** Reload here (the change is stored: a failed reload is not the caller's error), then tell the others. */
    async changed(): Promise<void> {
      await reloadQuietly();
      if (redis?.isReady)
        await redis
          .publish(options.channel, String(Date.now()))
          .catch((error: Error) =>
            logger.warn({ err: error.message }, `${options.what} change not announced`),
          );
    },

    listen(): void {
      if (!redis) return;
      subscriber = redis.duplicate();
      let subscribed = false;
      subscriber.on('error', () => undefined);
      subscriber.on('ready', () => {
        void reloadQuietly();
        if (!subscribed && subscriber) {
          subscribed = true;
          subscriber.subscribe(options.channel, () => void reloadQuietly()).catch(() => (subscribed = false));
        }
      });
      subscriber.connect().catch(() => undefined);
    },

    async stop(): Promise<void> {
      if (subscriber?.isOpen) await subscriber.close().catch(() => subscriber?.destroy());
      else subscriber?.destroy();
    },
  };
}
