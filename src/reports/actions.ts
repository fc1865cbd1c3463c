import { declareFor } from '../access/action';
import { formatPeriod, reportRequestSchema } from '../shared/reports';
import { api, pages } from '../shared/paths';
import { reportFileName } from './csv';
import { reportPdf } from './pdf';
import { type ReportsPageDeps, renderGenerateRefusal } from './forms';

const action = declareFor<ReportsPageDeps>();
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
  run: ({ deps, actor }, input) => deps.reports.request(actor!, input),
  status: 201,
  form: {
    path: pages.admin.reports,
    done: (_ctx, report) => ({
      to: pages.admin.report(report.id),
      // The page below says whether it is ready: the job may finish before the page is read.
      flash: `The ${report.title} report for ${formatPeriod(report.period)} was requested.`,
    }),
    refused: renderGenerateRefusal,
  },
});

export const listReports = action({
  name: 'Get Reports',
  category: REPORTS,
  description:
    "The firm's recent reports, newest first (kept for the firm's backup retention): id, type, title, range, period, status, who asked and when.",
  method: 'GET',
  route: api.reports,
  grants: { admin: 'r' },
  run: async ({ deps, actor }) => ({ reports: await deps.reports.recent(actor!) }),
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
  run: ({ deps, actor, params }) => deps.reports.get(actor!, params.id),
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
    const data = await deps.reports.dataOf(actor!, params.id);
    return { filename: reportFileName(data, 'pdf'), bytes: await reportPdf(data) };
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
  run: ({ deps, actor, params }) => deps.reports.dataOf(actor!, params.id),
});

export const REPORTS_ACTIONS = { generateReport, listReports, getReport, reportAsPdf, reportAsCsv };
