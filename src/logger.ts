import pino, { type Logger } from 'pino';

/**
 * Logs to stdout synchronously. pino's default asynchronous destination flushes at exit with a
 * loop that retries a failed write forever, so a server whose stdout reader had gone could never
 * exit; a synchronous write has nothing left to flush, and a broken pipe just silences the log.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: true }),
  );
}
