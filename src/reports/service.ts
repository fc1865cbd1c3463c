import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import type { QueueSpec } from '../jobs';
import { createJobQueue, PermanentJobError } from '../jobs';
import { todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import {
  formatPeriod,
  type Period,
  PeriodRefused,
  periodOf,
  previousPeriod,
  type ReportData,
  type ReportRange,
  type ReportRequest,
  type ReportType,
  REPORT_TYPE_LABELS,
} from '../shared/reports';
import type { SessionUser } from '../shared/session';
import { buildReport, metricCards, type ReportSources, screenCharts, windowOf } from './build';
import { createReportsStore, type ReportRow, type ReportSummaryRow } from './store';

export const REPORTS_QUEUE = 'reports';
/** The recent-reports list shows this many. */
export const RECENT_REPORTS = 50;
const NOT_FOUND = 'Report not found.';

export type ReportsDeps = {
  db: Kysely<DB>;
  sources: ReportSources;
  timeZoneOf(firmId: string): Promise<string>;
  firmNameOf(firmId: string): Promise<string>;
  colorOf(firmId: string): Promise<string>;
  retentionDaysOf(firmId: string): Promise<number>;
  /** Wakes the job runner: a new report is computed at once. */
  wake(): void;
  now?: () => Date;
};

/** A report as lists and the API show it (without its figures). */
export type ReportSummary = {
  id: string;
  type: ReportType;
  title: string;
  range: ReportRange;
  period: Period;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type Report = ReportSummary & { data: ReportData | null };

const summaryOf = (row: ReportSummaryRow): ReportSummary => ({
  id: row.id,
  type: row.type,
  title: REPORT_TYPE_LABELS[row.type],
  range: row.range,
  period: { start: row.period_start, end: row.period_end },
  status: row.status,
  error: row.error,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

const firmOf = (actor: SessionUser) => {
  if (!actor.firmId) throw new ServiceError('not-found', NOT_FOUND);
  return actor.firmId;
};

/** A firm's reports: asked for in a request, computed by a background job, kept for the firm's backup retention. */
export function createReportsService(deps: ReportsDeps) {
  const store = createReportsStore(deps.db);
  const now = deps.now ?? (() => new Date());

  async function today(firmId: string) {
    return todayIn(await deps.timeZoneOf(firmId), now());
  }

  /** The period a request names, its refusal said on the field that is wrong. */
  function periodFor(request: Pick<ReportRequest, 'range' | 'start' | 'end'>, todayDate: string): Period {
    try {
      return periodOf(request, todayDate);
    } catch (error) {
      if (!(error instanceof PeriodRefused)) throw error;
      throw new ServiceError('invalid', error.message, { [error.field]: error.message });
    }
  }

  async function find(actor: SessionUser, id: string): Promise<ReportRow> {
    const firmId = firmOf(actor);
    const row = await store.find(firmId, id, await deps.retentionDaysOf(firmId));
    if (!row) throw new ServiceError('not-found', NOT_FOUND);
    return row;
  }

  return {
    today: (actor: SessionUser) => today(firmOf(actor)),

    /** Stores the request and queues its computation, in one transaction; answers the report as queued. */
    async request(actor: SessionUser, input: ReportRequest): Promise<ReportSummary> {
      const firmId = firmOf(actor);
      const period = periodFor(input, await today(firmId));
      const id = randomUUID();
      // The row as stored: once the job is woken it may already be running, and the answer is "queued".
      const row = await deps.db.transaction().execute(async (trx) => {
        const queued = await createReportsStore(trx).insert({
          id,
          firmId,
          type: input.type,
          range: input.range,
          period,
          createdBy: actor.id,
        });
        await createJobQueue(trx).enqueue({
          queue: REPORTS_QUEUE,
          payload: { reportId: id },
          firmId,
          maxAttempts: 3,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'report.generated',
          entity: 'report',
          entityId: id,
          after: {
            type: input.type,
            title: REPORT_TYPE_LABELS[input.type],
            range: input.range,
            period: formatPeriod(period),
          },
          firmId,
        });
        return queued;
      });
      deps.wake();
      return summaryOf(row);
    },

    /** The firm's kept reports, newest first; older ones are deleted on the way. */
    async recent(actor: SessionUser): Promise<ReportSummary[]> {
      const firmId = firmOf(actor);
      const retention = await deps.retentionDaysOf(firmId);
      await store.prune(firmId, retention);
      return (await store.recent(firmId, retention, RECENT_REPORTS)).map(summaryOf);
    },

    async get(actor: SessionUser, id: string): Promise<Report> {
      const row = await find(actor, id);
      return { ...summaryOf(row), data: row.data };
    },

    /** A finished report's figures; a report still being made or failed is refused (409) with why. */
    async dataOf(actor: SessionUser, id: string): Promise<ReportData> {
      const row = await find(actor, id);
      if (row.status === 'failed')
        throw new ServiceError('conflict', `This report could not be made: ${row.error}`);
      if (!row.data)
        throw new ServiceError('conflict', 'This report is still being made. Try again in a moment.');
      return row.data;
    },

    /** The Reports screen's live cards and charts for a range (a custom one checked as Generate checks it). */
    async overview(actor: SessionUser, request: Pick<ReportRequest, 'range' | 'start' | 'end'>) {
      const firmId = firmOf(actor);
      const timeZone = await deps.timeZoneOf(firmId);
      const period = periodFor(request, todayIn(timeZone, now()));
      const previous = previousPeriod(request.range, period);
      const [current, before, charts] = await Promise.all([
        deps.sources.figures.metrics(firmId, windowOf(period, timeZone)),
        deps.sources.figures.metrics(firmId, windowOf(previous, timeZone)),
        screenCharts(deps.sources, firmId, period, timeZone),
      ]);
      return {
        period,
        previous,
        cards: metricCards(current, before),
        charts,
      };
    },

    /** The background job: computes the report's figures and keeps them. */
    queue: {
      concurrency: 1,
      leaseSeconds: 120,
      async handle(job) {
        const row = await store.forJob(job.payload.reportId);
        if (!row) throw new PermanentJobError('the report was deleted before it was made');
        await store.markRunning(row.id);
        const [timeZone, firmName, color] = await Promise.all([
          deps.timeZoneOf(row.firm_id),
          deps.firmNameOf(row.firm_id),
          deps.colorOf(row.firm_id),
        ]);
        const period = { start: row.period_start, end: row.period_end };
        const data = await buildReport(deps.sources, {
          firmId: row.firm_id,
          firmName,
          color,
          timeZone,
          type: row.type,
          range: row.range,
          period,
          previous: previousPeriod(row.range, period),
          now: now(),
        });
        await store.finish(row.id, data);
      },
      async onFailed(job, error) {
        await store.fail(job.payload.reportId, error instanceof Error ? error.message : String(error));
      },
    } satisfies QueueSpec<{ reportId: string }>,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
