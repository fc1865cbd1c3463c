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
  return client;
}

/** Connects, but gives up waiting after `ms`: the app starts and serves public pages while Redis is down. */
export async function connectRedis(client: Redis, ms = 2000): Promise<boolean> {
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  return Promise.race([connected, new Promise<boolean>((resolve) => setTimeout(resolve, ms, false).unref())]);
}
