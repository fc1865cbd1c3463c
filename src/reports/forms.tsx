import type { Request, Response } from 'express';
import { ReportPage } from '../../views/admin/ReportPage';
import { ReportsPage, type ReportsPageProps } from '../../views/admin/ReportsPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { ServiceError } from '../shared/errors';
import { REPORT_RANGES, type ReportChart, type ReportRange } from '../shared/reports';
import type { SessionUser } from '../shared/session';
import { layoutChart } from './charts';
import type { Report, ReportsService } from './service';

export type ReportsPageDeps = {
  reports: ReportsService;
  render: Renderer;
  /** Full names of some of the firm's users, by ID (who generated each report). */
  namesOf(firmId: string, ids: string[]): Promise<Map<string, string>>;
  /** Why the person may not generate reports at all (the permission matrix). */
  closedFor(user: SessionUser | undefined): { generate?: string };
};
type Page = { deps: ReportsPageDeps; req: Request; res: Response };

const meta = (title: string, description: string) => ({ title, description, noindex: true });
const actorOf = (req: Request) => req.session.user!;
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const withLayouts = (charts: ReportChart[]) => charts.map((chart) => ({ chart, layout: layoutChart(chart) }));

/** The range the screen's cards and charts show: from the query, last month by default. */
function viewOf(query: Request['query']) {
  const range = (REPORT_RANGES as readonly string[]).includes(String(query.range))
    ? (query.range as ReportRange)
    : 'last-month';
  return { range, start: text(query.start), end: text(query.end) };
}

export async function showReports(
  { deps, req, res }: Page,
  generator: Omit<ReportsPageProps['generator'], 'closed'> = {},
  status = 200,
) {
  const actor = actorOf(req);
  const asked = viewOf(req.query);
  let error: string | undefined;
  const overview = await deps.reports.overview(actor, asked).catch((refused: unknown) => {
    // A custom range that is refused (an end in the future): said above last month's figures.
    if (!(refused instanceof ServiceError) || refused.reason !== 'invalid') throw refused;
    error = refused.message;
    return deps.reports.overview(actor, { range: 'last-month', start: undefined, end: undefined });
  });
  const recent = await deps.reports.recent(actor);
  const names = await deps.namesOf(actor.firmId!, [
    ...new Set(recent.flatMap((r) => (r.createdBy ? [r.createdBy] : []))),
  ]);
  const page = (
    <ReportsPage
      view={{ ...asked, period: overview.period, previous: overview.previous, error }}
      cards={overview.cards}
      charts={withLayouts(overview.charts)}
      recent={recent.map((r) => ({
        ...r,
        createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
      }))}
      today={await deps.reports.today(actor)}
      generator={{ ...generator, closed: deps.closedFor(actor).generate }}
    />
  );
  deps.render(req, res, page, {
    meta: meta('Reports', "The firm's performance metrics, charts and reports."),
    status,
  });
}

export function showReport({ deps, req, res }: Page, report: Report) {
  deps.render(
    req,
    res,
    <ReportPage
      id={report.id}
      title={report.title}
      period={report.period}
      status={report.status}
      error={report.error}
      createdAt={report.createdAt}
      data={report.data}
      charts={withLayouts(report.data?.charts ?? [])}
    />,
    { meta: meta(report.title, `The ${report.title} report.`) },
  );
}

/** A refused Generate: the Reports page again, with the choices kept and each problem beside its field. */
export async function renderGenerateRefusal(
  ctx: ActionContext<ReportsPageDeps>,
  refusal: Refusal,
  body: Record<string, unknown>,
) {
  const values = {
    type: text(body.type),
    range: text(body.range),
    start: text(body.start),
    end: text(body.end),
  };
  const fields = refusal.fields && Object.keys(refusal.fields).length ? refusal.fields : undefined;
  await showReports(
    ctx,
    { values, errors: fields, error: fields ? undefined : refusal.message },
    refusal.status,
  );
}
