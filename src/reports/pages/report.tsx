import { Alert } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { pages } from '../../shared/paths';
import {
  type ChartLayout,
  formatPeriod,
  type ReportChart,
  type ReportData,
  type Period,
} from '../../shared/reports';
import { DateTimeText } from '../../../views/components/Dates';
import { Chart, FigureTable, MetricCards } from './parts';
import { page } from '../../access/page';
import { getReport, reportAsCsv, reportAsPdf } from '../actions';
import { withLayouts } from './reports';

export type ReportPageProps = {
  id: string;
  title: string;
  period: Period;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  createdAt: string;
  data: ReportData | null;
  charts: Array<{ chart: ReportChart; layout: ChartLayout }>;
};

/** /admin/reports/{id}: a stored report as a page; while it is being made, a link to look again. */
function ReportPage(props: ReportPageProps) {
  const { data } = props;
  return (
    <section className="section report-page">
      <p className="back-link">
        <a href={pages.admin.reports}>← Back to Reports</a>
      </p>
      <h1 className="page-title">
        <Icon name="reports" />
        {`${props.title}: ${formatPeriod(props.period)}`}
      </h1>
      {props.status === 'failed' && (
        <Alert kind="error">{`This report could not be made: ${props.error ?? 'unknown error'}`}</Alert>
      )}
      {(props.status === 'queued' || props.status === 'running') && (
        <p className="alert alert-info report-status" role="status">
          {'Being generated. '}
          <a href={pages.admin.report(props.id)}>Refresh</a>
          {' to see it.'}
        </p>
      )}
      {props.status === 'done' && (
        <p className="alert alert-success report-status" role="status">
          Ready
        </p>
      )}
      {data && (
        <>
          <p className="muted">
            {`${data.firmName} · compared with ${formatPeriod(data.previous)} · generated `}
            <DateTimeText value={data.generatedAt} />
          </p>
          <p className="report-downloads">
            <a className="btn btn-primary" href={pages.admin.reportPdf(props.id)}>
              Download PDF
            </a>
            <a className="btn btn-secondary" href={pages.admin.reportCsv(props.id)}>
              Download CSV
            </a>
          </p>
          <h2>Performance metrics</h2>
          <MetricCards cards={data.cards} />
          <div className="report-charts">
            {props.charts.map(({ chart, layout }) => (
              <Chart key={chart.id} chart={chart} layout={layout} />
            ))}
          </div>
          <div className="report-tables">
            {data.tables.map((table) => (
              <FigureTable key={table.id} table={table} />
            ))}
          </div>
          <section className="card report-notes" aria-labelledby="notes-heading">
            <h2 id="notes-heading">How the figures are counted</h2>
            <ul>
              {data.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

export const reportPage = page({
  path: pages.admin.report(':id'),
  reads: [getReport],
  load: ({ read }) => read(getReport),
  render: (report) => ({
    view: (
      <ReportPage
        id={report.id}
        title={report.title}
        period={report.period}
        status={report.status}
        error={report.error}
        createdAt={report.createdAt}
        data={report.data}
        charts={withLayouts(report.data?.charts ?? [])}
      />
    ),
    meta: { title: report.title, description: `The ${report.title} report.`, noindex: true },
  }),
});

/** A download has no view: its read answers the file (a FileAnswer), which the kit sends. */
const noView = () => {
  throw new Error('A report download has no view.');
};

export const reportPdfPage = page({
  path: pages.admin.reportPdf(':id'),
  reads: [reportAsPdf],
  load: ({ read }) => read(reportAsPdf),
  render: noView,
});

export const reportCsvPage = page({
  path: pages.admin.reportCsv(':id'),
  reads: [reportAsCsv],
  load: ({ read }) => read(reportAsCsv),
  render: noView,
});
