import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createJobQueue, type QueueSpec } from '../jobs';
import { todayIn } from '../shared/dates';
import type { CaseStatusService } from './service';
import { createCaseStatusStore } from './store';

export const CASE_STATUS_QUEUE = 'case-status.daily';
/**
 * The hour of the firm's day (its time zone) from which that day's run goes: USCIS's sandbox answers on
 * weekdays from 7 AM to 8 PM Eastern, and a status changed overnight is known by the morning.
 */
const CHECK_HOUR = 8;

/** The hour a time zone's clock shows at an instant (0–23). */
function hourIn(timeZone: string, now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
}

/**
 * The daily check of every firm's receipt numbers: once a firm's clock passes 8 AM, the first process to
 * claim its day queues a job that checks each receipt of its open cases once (src/case-status/service.ts).
 */
export function createCaseStatusDaily(deps: {
  db: Kysely<DB>;
  service: CaseStatusService;
  timeZoneOf(firmId: string): Promise<string>;
  activeFirmIds(): Promise<string[]>;
  /** Tells this process's job runner that a run waits. */
  wake(): void;
}) {
  /** Claims the firm's day and queues its run, once per firm and day; answers whether this did. */
  const claim = (firmId: string, day: string) =>
    inTransaction(deps.db, async (trx) => {
      if (!(await createCaseStatusStore(trx).claimRun(firmId, day))) return false;
      await createJobQueue(trx).enqueue({ queue: CASE_STATUS_QUEUE, payload: { firmId }, firmId });
      return true;
    });

  return {
    /** Queues the day's run of each active firm whose clock has passed 8 AM; answers how many were queued. */
    async schedule(now = new Date()): Promise<number> {
      if (!deps.service.configured) return 0;
      let queued = 0;
      for (const firmId of await deps.activeFirmIds()) {
        const timeZone = await deps.timeZoneOf(firmId);
        if (hourIn(timeZone, now) >= CHECK_HOUR && (await claim(firmId, todayIn(timeZone, now)))) queued++;
      }
      if (queued) deps.wake();
      return queued;
    },

    /**
     * The job that checks one firm's receipts. Cut short (the app stopping), it can simply run again: the
     * receipts it checked today are not asked about twice.
     */
    queue: {
      concurrency: 1,
      leaseSeconds: 120,
      restartable: true,
      handle: async (job, signal) => void (await deps.service.checkFirm(job.payload.firmId, signal)),
    } satisfies QueueSpec<{ firmId: string }>,
  };
}

export type CaseStatusDaily = ReturnType<typeof createCaseStatusDaily>;
