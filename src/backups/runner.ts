import type { Logger } from 'pino';
import type { Feature } from '../http/feature';
import type { BackupsService } from './service';

/** How often a process looks for firms whose daily backup is due. */
const EVERY_MS = 5 * 60_000;
/** The first look waits a little, so that starting the app is not slowed by backups. */
const FIRST_DELAY_MS = 30_000;

/**
 * The daily backups, run by every app process: a pass every few minutes makes the backups that are
 * due, one firm at a time, and prunes the old ones. The firm's lock and the lease on a running backup
 * keep processes from making the same backup twice, and let a backup cut short be made again.
 */
export function createBackupRunner(deps: {
  backups: BackupsService;
  activeFirmIds: () => Promise<string[]>;
  logger: Logger;
  everyMs?: number;
  firstDelayMs?: number;
}): Feature & { pass(): Promise<number> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const pass = async () => deps.backups.dailyPass(await deps.activeFirmIds(), () => stopped);

  function schedule(ms: number) {
    timer = setTimeout(() => {
      running = pass()
        .catch((error) => deps.logger.error({ err: error }, 'daily backup pass failed'))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(deps.everyMs ?? EVERY_MS);
        });
    }, ms).unref();
  }

  return {
    pass,
    async start() {
      stopped = false;
      schedule(deps.firstDelayMs ?? FIRST_DELAY_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
