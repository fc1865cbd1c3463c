import { type Request, Router } from 'express';
import type { Logger } from 'pino';
import { type ActionKit, mountActions } from '../access/kit';
import type { CasesService } from '../cases/service';
import { DOCUMENTS_ACTIONS } from '../documents/actions';
import type { DocumentsService } from '../documents/service';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { CaseDeadline } from '../shared/ai';
import type { CaseFacts } from '../shared/facts';
import type { SessionUser } from '../shared/session';
import { AI_ACTIONS } from './actions';
import type { ClosedAiControls } from './forms';
import { aiPages } from './pages';
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
 * The AI tools: {API}/ai/deadlines, /ai/compliance, /ai/calendar and /cases/{id}/facts, their pages under
 * /user/ai, the calendar feed, the daily reminders (unless DEADLINE_REMINDERS is off), and what the
 * dashboard and the case page show of them.
 */
export function aiFeature(deps: {
  kit: ActionKit;
  ai: AiService;
  cases: CasesService;
  documents: DocumentsService;
  render: Renderer;
  reminders?: DeadlineReminders;
  logger: Logger;
}): Feature & {
  /** A case's facts for its page, when the matrix lets the person read them. */
  caseFactsFor(req: Request, caseId: string): Promise<CaseFacts | undefined>;
  /** The firm's deadlines of the next 30 days for the dashboard, when the person may track deadlines. */
  upcomingFor(req: Request): Promise<{ today: string; deadlines: CaseDeadline[] } | undefined>;
} {
  const { kit, ai, cases, documents, render } = deps;
  // Asked per request, once the actions are bound: what the matrix lets this person do now.
  const closedFor = (user: SessionUser | undefined): ClosedAiControls => ({
    deadlines: mounted.bound.trackDeadlines.refusalFor(user)?.message,
    compliance: mounted.bound.checkCompliance.refusalFor(user)?.message,
    facts: mounted.bound.enterCaseFacts.refusalFor(user)?.message,
    calendar: mounted.bound.subscribeCalendar.refusalFor(user)?.message,
  });
  const services = { ai, cases, documents, render, closedFor };
  const mounted = mountActions(kit, AI_ACTIONS, services);
  // The documents' reads, bound to their own services: only the documents service runs them.
  const { listDocuments, getDocument } = DOCUMENTS_ACTIONS;
  const documentActions = kit.bind(
    { listDocuments, getDocument },
    { documents, cases, render, closedFor: () => ({}), countAiUse: ai.recordUse },
  );
  const timer = deps.reminders && reminderTimer(deps.reminders, deps.logger);
  return {
    api: mounted.api,
    pages: Router().use(mounted.forms, aiPages({ ...services, actions: mounted.bound, documentActions })),
    start: timer?.start,
    stop: timer?.stop,

    async caseFactsFor(req, caseId) {
      const user = req.session.user;
      if (!user || mounted.bound.getCaseFacts.refusalFor(user)) return undefined;
      return ai.caseFactsOf(user, caseId);
    },

    async upcomingFor(req) {
      const user = req.session.user;
      if (!user || mounted.bound.trackDeadlines.refusalFor(user)) return undefined;
      return ai.upcoming(user);
    },
  };
}
