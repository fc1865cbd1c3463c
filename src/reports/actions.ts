import { z } from 'zod';
import { declareFor } from '../access/action';
import { fileAnswer } from '../http/file-answer';
import { ServiceError } from '../shared/errors';
import { REPORT_RANGES, reportRequestSchema } from '../shared/reports';
import { api } from '../shared/paths';
import { reportCsvRows, reportFileName } from './csv';
import { reportPdf } from './pdf';
import type { ReportsService } from './service';

export type ReportsDeps = {
  reports: ReportsService;
  /** Full names of some of the firm's users, by ID (who generated each report). */
  namesOf(firmId: string, ids: string[]): Promise<Map<string, string>>;
};
const action = declareFor<ReportsDeps>();
const REPORTS = 'Reports';
const NOT_FOUND = 'Report not found.';

export const generateReport = action({
  name: 'Generate Report',
  category: REPORTS,
  description:
    "Generate a report of the firm's figures (type: case-summary, user-performance, financial-summary or client-analysis; range: last-week, last-month, last-quarter, last-year or custom with start and end, YYYY-MM-DD). Answers 201 with the stored report's id and status (queued): a background job computes it.",
  method: 'POST',
  route: api.reports,
  grants: { admin: 'w' },
  heavy: true,
  input: reportRequestSchema,
  run: ({ deps, actor }, input) => deps.reports.request(actor, input),
  status: 201,
});

export const listReports = action({
  name: 'Get Reports',
  category: REPORTS,
  description:
    "The firm's recent reports, newest first (kept for the firm's backup retention): id, type, title, range, period, status, who asked and when.",
  method: 'GET',
  route: api.reports,
  grants: { admin: 'r' },
  run: async ({ deps, actor, firm }) => {
    const reports = await deps.reports.recent(actor);
    const ids = [...new Set(reports.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
    const names = firm && ids.length ? await deps.namesOf(firm.id, ids) : new Map<string, string>();
    return {
      reports: reports.map((r) => ({
        ...r,
        createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
      })),
    };
  },
  // The API's list names who asked by ID only (the page shows their names).
  answer: ({ reports }) => ({ reports: reports.map(({ createdByName: _name, ...r }) => r) }),
});

/** What the Reports screen shows for a range: from the query, last month by default. */
const overviewQuery = z.object({
  range: z
    .enum(REPORT_RANGES, { error: 'range must be one of ' + REPORT_RANGES.join(', ') })
    .default('last-month'),
  start: z.string().optional(),
  end: z.string().optional(),
});

export const reportOverview = action({
  name: 'Get Report Overview',
  category: REPORTS,
  description:
    "The firm's live performance cards and charts for a range (range, and start and end for custom, YYYY-MM-DD), with the firm's today; a refused custom range shows last month, with why (error).",
  method: 'GET',
  route: api.reportOverview,
  grants: { admin: 'r' },
  input: overviewQuery,
  run: async ({ deps, actor }, asked) => {
    let error: string | undefined;
    const { range, start, end } = asked;
    const overview = await deps.reports.overview(actor, { range, start, end }).catch((refused: unknown) => {
      // A custom range that is refused (an end in the future): said above last month's figures.
      if (!(refused instanceof ServiceError) || refused.reason !== 'invalid') throw refused;
      error = refused.message;
      return deps.reports.overview(actor, { range: 'last-month', start: undefined, end: undefined });
    });
    return { ...overview, error, today: await deps.reports.today(actor) };
  },
});

export const getReport = action({
  name: 'Get Report',
  category: REPORTS,
  description:
    'One report with its figures as JSON (data: cards, charts, tables and notes; null until status is done).',
  method: 'GET',
  route: api.report('{id}'),
  notFound: NOT_FOUND,
  grants: { admin: 'r' },
  run: ({ deps, actor, params }) => deps.reports.get(actor, params.id),
});

export const reportAsPdf = action({
  name: 'Download Report PDF',
  category: REPORTS,
  description:
    "A finished report as a PDF: the firm's name and color, the period, the cards, the charts and the tables.",
  method: 'GET',
  route: api.reportPdf('{id}'),
  heavy: true,
  notFound: NOT_FOUND,
  grants: { admin: 'r' },
  run: async ({ deps, actor, params }) => {
    const data = await deps.reports.dataOf(actor, params.id);
    return fileAnswer(reportFileName(data, 'pdf'), 'application/pdf', { bytes: await reportPdf(data) });
  },
});

export const reportAsCsv = action({
  name: 'Download Report CSV',
  category: REPORTS,
  description: 'A finished report as one CSV file: a section per table, the cards first.',
  method: 'GET',
  route: api.reportCsv('{id}'),
  notFound: NOT_FOUND,
  grants: { admin: 'r' },
  run: async ({ deps, actor, params }) => {
    const data = await deps.reports.dataOf(actor, params.id);
    return fileAnswer(reportFileName(data, 'csv'), 'text/csv; charset=utf-8', { csv: reportCsvRows(data) });
  },
});

// The overview's literal route before /reports/{id}, which would take it for a report's ID.
export const REPORTS_ACTIONS = {
  generateReport,
  listReports,
  reportOverview,
  getReport,
  reportAsPdf,
  reportAsCsv,
};
