import type { Request } from 'express';
import type { Logger } from 'pino';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { CASE_STATUS_ACTIONS } from './actions';
import type { CaseStatusDaily } from './daily';
import { CASE_STATUS_PAGES } from './pages';
import type { CaseStatusService } from './service';
import type { CaseStatusView } from './types';

export { CASE_STATUS_ACTIONS };
export { createUscisClient } from './client';
export { createCaseStatusService } from './service';
export { CASE_STATUS_QUEUE, createCaseStatusDaily } from './daily';

/** How often a process looks for firms whose day's check is due (their clock passed 8 AM). */
const CHECKS_EVERY_MS = 10 * 60_000;
/** The first look waits a little, so that starting the app is not slowed by it. */
const CHECKS_FIRST_MS = 45_000;

/** Each firm's daily check, queued by every process's timer (the claim makes it once in all). */
function dailyTimer(daily: CaseStatusDaily, logger: Logger): Feature {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = daily
        .schedule()
        .catch((error) => logger.error({ err: error }, 'USCIS case status checks not queued; trying later'))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(CHECKS_EVERY_MS);
        });
    }, ms).unref();
  };
  return {
    start: async () => {
      stopped = false;
      schedule(CHECKS_FIRST_MS);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * USCIS case status: {API}/cases/{id}/status (GET, POST), the case page's Check now, the daily check of
 * every firm's receipts (when USCIS is configured and CASE_STATUS_CHECKS is on), and the card the case
 * page shows.
 */
export function caseStatusFeature(deps: {
  kit: ActionKit;
  caseStatus: CaseStatusService;
  /** None when the daily checks are off or USCIS is not configured. */
  daily?: CaseStatusDaily;
  logger: Logger;
}): Feature & {
  /** The case's USCIS status for its page, when the matrix lets the person read it; and whether they may check. */
  caseStatusFor(
    req: Request,
    caseId: string,
  ): Promise<{ status: CaseStatusView; checkClosed?: string } | undefined>;
} {
  const { kit, caseStatus } = deps;
  const bound = kit.bind(CASE_STATUS_ACTIONS, { caseStatus });
  const timer = deps.daily && dailyTimer(deps.daily, deps.logger);
  return {
    api: kit.api(Object.values(CASE_STATUS_ACTIONS), { caseStatus }),
    pages: kit.pages(CASE_STATUS_PAGES),
    start: timer?.start,
    stop: timer?.stop,

    async caseStatusFor(req, caseId) {
      const user = req.session.user;
      if (!user || bound.getCaseStatus.refusalFor(user)) return undefined;
      const checkClosed = bound.checkCaseStatus.refusalFor(user)?.message;
      return { status: await caseStatus.statusOf(user, caseId), checkClosed };
    },
  };
}
