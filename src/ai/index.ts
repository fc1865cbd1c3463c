import type { Request } from 'express';
import type { Logger } from 'pino';
import type { ActionKit } from '../access/kit';
import type { DocumentsService } from '../documents/service';
import type { Feature } from '../http/feature';
import type { Upcoming } from '../shared/ai';
import type { CaseFacts } from '../shared/facts';
import { AI_ACTIONS } from './actions';
import { AI_PAGES } from './pages';
import type { DeadlineReminders } from './reminders';
import type { AiService } from './service';

export { AI_ACTIONS };
export { type CaseFactsService, createCaseFacts } from './case-facts';
export { type AiUsage, createAiUsage } from './usage';
export { type AiService, createAiService } from './service';
export { createDeadlineReminders, REMINDER_QUEUE } from './reminders';

/** How often a process looks for firms whose day's reminders are due (their clock passed 7 AM). */
const REMINDERS_EVERY_MS = 10 * 60_000;
/** The first look waits a little, so that starting the app is not slowed by it. */
const REMINDERS_FIRST_MS = 30_000;

/** Each firm's reminders, queued once a day by every process's timer (the claim makes it once in all). */
function reminderTimer(reminders: DeadlineReminders, logger: Logger): Feature {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = reminders
        .schedule()
        .catch((error) => logger.error({ err: error }, 'deadline reminders not queued; trying later'))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(REMINDERS_EVERY_MS);
        });
    }, ms).unref();
  };
  return {
    start: async () => {
      stopped = false;
      schedule(REMINDERS_FIRST_MS);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The AI tools: {API}/ai/deadlines, /ai/compliance, /ai/calendar, /ai/analyze (GET) and /cases/{id}/facts,
 * their pages under /user/ai, the calendar feed, the daily reminders (unless DEADLINE_REMINDERS is off),
 * and what the dashboard and the case page show of them.
 */
export function aiFeature(deps: {
  kit: ActionKit;
  ai: AiService;
  documents: DocumentsService;
  reminders?: DeadlineReminders;
  logger: Logger;
}): Feature & {
  /** A case's facts for its page, when the matrix lets the person read them. */
  caseFactsFor(req: Request, caseId: string): Promise<CaseFacts | undefined>;
  /** The firm's deadlines of the next 30 days for the dashboard, when the person may track deadlines. */
  upcomingFor(req: Request): Promise<Upcoming | undefined>;
} {
  const { kit, ai, documents } = deps;
  const bound = kit.bind(AI_ACTIONS, { ai, documents });
  const timer = deps.reminders && reminderTimer(deps.reminders, deps.logger);
  return {
    api: kit.api(Object.values(AI_ACTIONS), { ai, documents }),
    pages: kit.pages(AI_PAGES),
    start: timer?.start,
    stop: timer?.stop,

    async caseFactsFor(req, caseId) {
      const user = req.session.user;
      if (!user || bound.getCaseFacts.refusalFor(user)) return undefined;
      return ai.caseFactsOf(user, caseId);
    },

    async upcomingFor(req) {
      const user = req.session.user;
      if (!user || bound.trackDeadlines.refusalFor(user)) return undefined;
      return ai.upcoming(user);
    },
  };
}
