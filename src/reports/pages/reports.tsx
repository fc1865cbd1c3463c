import { Alert, Field, SelectField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { pages } from '../../shared/paths';
import {
  type ChartLayout,
  formatPeriod,
  type MetricCard,
  type Period,
  REPORT_RANGE_LABELS,
  REPORT_RANGES,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportChart,
  type ReportRange,
} from '../../shared/reports';
import { Badge } from '../../../views/components/Badge';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { Chart, MetricCards } from './parts';
import { z } from 'zod';
import { page } from '../../access/page';
import { generateReport, listReports, reportOverview } from '../actions';
import { layoutChart } from '../charts';

export type RecentReport = {
  id: string;
  title: string;
  period: Period;
  status: 'queued' | 'running' | 'done' | 'failed';
  createdAt: string;
  createdByName: string | null;
};

type Values = { type?: string; range?: string; start?: string; end?: string };

type ReportsPageProps = {
  /** The range the cards and charts show, and its period (null when a custom range was refused). */
  view: {
    range: ReportRange;
    start?: string;
    end?: string;
    period: Period | null;
    previous: Period | null;
    error?: string;
  };
  cards: MetricCard[];
  charts: Array<{ chart: ReportChart; layout: ChartLayout }>;
  recent: RecentReport[];
  today: string;
  generator: {
    values?: Values;
    errors?: Record<string, string | undefined>;
    error?: string;
    closed?: string;
  };
};

const typeOptions = REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }));
const rangeOptions = REPORT_RANGES.map((r) => ({ value: r, label: REPORT_RANGE_LABELS[r] }));

/** /admin/reports: the metric cards and charts for a range, the report generator and the recent reports. */
function ReportsPage(props: ReportsPageProps) {
  const { view } = props;
  return (
    <section className="section reports-page">
      <h1 className="page-title">
        <Icon name="reports" />
        Reports
      </h1>
      <form className="card report-range" method="get" action={pages.admin.reports} aria-label="Period shown">
        <SelectField
          id="view-range"
          name="range"
          label="Date range"
          options={rangeOptions}
          defaultValue={view.range}
        />
        <Field
          id="view-start"
          name="start"
          label="Start date"
          type="date"
          defaultValue={view.start}
          max={props.today}
        />
        <Field
          id="view-end"
          name="end"
          label="End date"
          type="date"
          defaultValue={view.end}
          max={props.today}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary">
            Show
          </button>
        </div>
      </form>
      {view.error && <Alert kind="error">{view.error}</Alert>}
      {view.period && view.previous && (
        <p className="muted report-period">
          {`${formatPeriod(view.period)}, compared with ${formatPeriod(view.previous)}. Start and end dates apply to Custom.`}
        </p>
      )}
      <h2 id="metrics-heading">Performance metrics</h2>
      <MetricCards cards={props.cards} />
      <div className="reports-columns">
        <Generator {...props.generator} today={props.today} />
        <RecentReports reports={props.recent} />
      </div>
      <h2>Charts</h2>
      <div className="report-charts">
        {props.charts.map(({ chart, layout }) => (
          <Chart key={chart.id} chart={chart} layout={layout} />
        ))}
      </div>
    </section>
  );
}

function Generator(props: ReportsPageProps['generator'] & { today: string }) {
  const { csrfToken } = useRenderContext();
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  return (
    <section className="card" aria-labelledby="generator-heading">
      <h2 id="generator-heading">Report generator</h2>
      {props.closed && <Alert kind="error">{props.closed}</Alert>}
      {props.error && <Alert kind="error">{props.error}</Alert>}
      <form method="post" action={pages.admin.reports} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <SelectField
          id="report-type"
          name="type"
          label="Report type"
          options={typeOptions}
          defaultValue={values.type ?? 'case-summary'}
          error={errors.type}
          required
        />
        <SelectField
          id="report-range"
          name="range"
          label="Date range"
          options={rangeOptions}
          defaultValue={values.range ?? 'last-month'}
          error={errors.range}
          required
        />
        <Field
          id="report-start"
          name="start"
          label="Start date"
          type="date"
          defaultValue={values.start}
          max={props.today}
          error={errors.start}
          hint="For a custom range"
        />
        <Field
          id="report-end"
          name="end"
          label="End date"
          type="date"
          defaultValue={values.end}
          max={props.today}
          error={errors.end}
          hint="For a custom range; at most 5 years after the start"
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={Boolean(props.closed)}>
            Generate Report
          </button>
        </div>
      </form>
    </section>
  );
}

const STATUS: Record<
  RecentReport['status'],
  { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Generating', tone: 'warning' },
  done: { label: 'Ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function RecentReports({ reports }: { reports: RecentReport[] }) {
  return (
    <section className="card recent-reports" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent reports</h2>
      {reports.length === 0 ? (
        <p className="muted">No reports yet: generate one to keep it here.</p>
      ) : (
        <ul className="recent-report-list">
          {reports.map((r) => (
            <li key={r.id}>
              <div>
                <p className="recent-report-title">
                  {`${r.title}, ${formatPeriod(r.period)}`}{' '}
                  <Badge status={r.status} label={STATUS[r.status].label} tone={STATUS[r.status].tone} />
                </p>
                <p className="muted">
                  {'Generated '}
                  <DateTimeText value={r.createdAt} />
                  {r.createdByName ? ` by ${r.createdByName}` : ''}
                </p>
              </div>
              <p className="recent-report-actions">
                <a
                  className="btn btn-secondary"
                  href={pages.admin.report(r.id)}
                  aria-label={`View ${r.title}, ${formatPeriod(r.period)}`}
                >
                  View
                </a>
                {r.status === 'done' && (
                  <>
                    <a
                      className="btn btn-secondary"
                      href={pages.admin.reportPdf(r.id)}
                      aria-label={`Download PDF of ${r.title}, ${formatPeriod(r.period)}`}
                    >
                      Download PDF
                    </a>
                    <a
                      className="btn btn-secondary"
                      href={pages.admin.reportCsv(r.id)}
                      aria-label={`Download CSV of ${r.title}, ${formatPeriod(r.period)}`}
                    >
                      Download CSV
                    </a>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
export const withLayouts = (charts: ReportChart[]) =>
  charts.map((chart) => ({ chart, layout: layoutChart(chart) }));

/** The range the screen's cards and charts show: from the query, last month by default. */
const viewQuery = z.record(z.string(), z.unknown()).transform((query) => ({
  range: (REPORT_RANGES as readonly string[]).includes(String(query.range))
    ? (query.range as ReportRange)
    : ('last-month' as const),
  start: text(query.start),
  end: text(query.end),
}));

/**
 * /admin/reports: the figures for the range asked (read through Get Report Overview), the generator (off
 * with its reason while the matrix refuses Generate Report) and the recent reports (Get Reports).
 */
export const reportsPage = page({
  path: pages.admin.reports,
  reads: [reportOverview, listReports],
  offers: { generate: generateReport },
  query: viewQuery,
  menu: { role: 'admin', order: 4, id: 'reports', label: 'Reports', icon: 'reports' },
  async load({ read, query }) {
    const [overview, { reports }] = await Promise.all([
      read(reportOverview, { input: query }),
      read(listReports),
    ]);
    return { overview, recent: reports };
  },
  render: ({ overview, recent }, { query, closed, form }) => {
    const fields = form?.refusal?.fields;
    const errors = fields && Object.keys(fields).length ? fields : undefined;
    const values = form && {
      type: text(form.values.type),
      range: text(form.values.range),
      start: text(form.values.start),
      end: text(form.values.end),
    };
    return {
      view: (
        <ReportsPage
          view={{ ...query, period: overview.period, previous: overview.previous, error: overview.error }}
          cards={overview.cards}
          charts={withLayouts(overview.charts)}
          recent={recent}
          today={overview.today}
          generator={{
            values,
            errors,
            error: form?.refusal && !errors ? form.refusal.message : undefined,
            closed: closed.generate,
          }}
        />
      ),
      meta: {
        title: 'Reports',
        description: "The firm's performance metrics, charts and reports.",
        noindex: true,
      },
    };
  },
  forms: [
    {
      action: generateReport,
      done: (_ctx, report: { id: string; title: string; period: Period }) => ({
        to: pages.admin.report(report.id),
        // The page below says whether it is ready: the job may finish before the page is read.
        flash: `The ${report.title} report for ${formatPeriod(report.period)} was requested.`,
      }),
    },
  ],
});
