/**
 * The four reports, each built from the firm's rows for one period of its calendar days: the cards (with
 * the previous period beside each), the charts and the tables. Every figure is counted in SQL by the feature
 * that owns the rows; this file only arranges them.
 */
import type { CaseFigures, CaseMetrics, CountRow, MonthStatusRow, Window } from '../cases/figures';
import {
  CASE_TYPE_LABELS,
  type CaseType,
  type FormType,
  STATUS_LABELS,
  CASE_STATUSES,
} from '../shared/cases';
import { addDays, midnightIn } from '../shared/dates';
import {
  type MetricCard,
  monthLabel,
  monthsOf,
  type Period,
  type ReportChart,
  type ReportData,
  type ReportRange,
  type ReportTable,
  type ReportType,
  REPORT_TYPE_LABELS,
} from '../shared/reports';

/** What the reports read, each from the feature that owns it. */
export type ReportSources = {
  figures: CaseFigures;
  /** The firm's people, with their role and status. */
  usersOf(firmId: string): Promise<Array<{ id: string; name: string; role: string; status: string }>>;
  uploadsByUser(firmId: string, from: Date, to: Date): Promise<Map<string, number>>;
  aiUsesByUser(firmId: string, from: Date, to: Date): Promise<Map<string, number>>;
  filingDatesOf(firmId: string): Promise<Map<string, string>>;
  /** The USCIS fee in whole dollars for a form filed on a day, when a schedule held here names it. */
  filingFeeOf(form: FormType, filingDate: string): { amount: number; scheduleDate: string } | undefined;
};

export type ReportRequestContext = {
  firmId: string;
  firmName: string;
  color: string;
  timeZone: string;
  type: ReportType;
  range: ReportRange;
  period: Period;
  previous: Period;
  now: Date;
};

/** The overdue list stops here; the table's note gives the full count. */
export const OVERDUE_LIMIT = 100;
const TOP_COUNTRIES = 15;

type Ended = Window & { lastDay: string };

/** A period's days as instants in the firm's zone: from its first midnight to the midnight after its last day. */
export const windowOf = (period: Period, timeZone: string): Ended => ({
  from: midnightIn(period.start, timeZone),
  to: midnightIn(addDays(period.end, 1), timeZone),
  timeZone,
  lastDay: period.end,
});

export async function buildReport(sources: ReportSources, ctx: ReportRequestContext): Promise<ReportData> {
  const window = windowOf(ctx.period, ctx.timeZone);
  const [now, before] = await Promise.all([
    sources.figures.metrics(ctx.firmId, window),
    sources.figures.metrics(ctx.firmId, windowOf(ctx.previous, ctx.timeZone)),
  ]);
  const body = await BUILDERS[ctx.type](sources, ctx, window, now);
  return {
    type: ctx.type,
    title: REPORT_TYPE_LABELS[ctx.type],
    firmName: ctx.firmName,
    color: ctx.color,
    timeZone: ctx.timeZone,
    period: ctx.period,
    previous: ctx.previous,
    generatedAt: ctx.now.toISOString(),
    cards: metricCards(now, before),
    ...body,
    notes: [...COMMON_NOTES, ...body.notes],
  };
}

/** The performance metric cards: the period's figures beside the previous period's. */
export function metricCards(now: CaseMetrics, before: CaseMetrics): MetricCard[] {
  const card = (
    id: string,
    label: string,
    format: MetricCard['format'],
    of: (m: CaseMetrics) => number | null,
  ) => ({
    id,
    label,
    format,
    value: of(now),
    previous: of(before),
  });
  return [
    card('open', 'Open cases', 'count', (m) => m.open),
    card('completed', 'Cases completed', 'count', (m) => m.decided),
    card('approval-rate', 'Approval rate', 'rate', (m) => (m.decided ? m.approved / m.decided : null)),
    card('median-days', 'Median days to decision', 'days', (m) => roundDays(m.medianDays)),
    card('overdue', 'Overdue cases', 'count', (m) => m.overdue),
    card('fees-collected', 'Fees collected', 'money', (m) => m.collectedCents),
  ];
}

const roundDays = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

const COMMON_NOTES = [
  "Periods are whole days in the firm's time zone; each card compares the period with the one before it.",
  'Open and overdue count the cases open when the period ended; overdue ones had a due date on or before its last day.',
  'Completed cases are those approved or rejected in the period; the approval rate is approved ÷ completed.',
  'Fees collected are the payments recorded on cases in the period (a case’s “amount paid” as it changed).',
];

type Body = { charts: ReportChart[]; tables: ReportTable[]; notes: string[] };
type Builder = (s: ReportSources, ctx: ReportRequestContext, w: Ended, m: CaseMetrics) => Promise<Body>;

const TYPES = Object.keys(CASE_TYPE_LABELS) as CaseType[];

/** Rows of a month-keyed series, one per month of the period, zero where nothing happened. */
function perMonth<T>(period: Period, rows: T[], monthOfRow: (row: T) => string, valueOf: (row: T) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(monthOfRow(row), (sums.get(monthOfRow(row)) ?? 0) + valueOf(row));
  return monthsOf(period).map((month) => ({ month, label: monthLabel(month), value: sums.get(month) ?? 0 }));
}

/** The four charts of the Reports screen, each also in its report. */
const CHARTS = {
  statusOverTime(period: Period, byMonth: MonthStatusRow[]): ReportChart {
    const months = monthsOf(period);
    return {
      id: 'status-over-time',
      title: 'Cases by status over time',
      description: 'Cases opened each month of the period, split by the status each case has now.',
      format: 'count',
      categories: months.map(monthLabel),
      series: CASE_STATUSES.map((status) => ({
        name: STATUS_LABELS[status],
        values: months.map(
          (month) => byMonth.find((r) => r.month === month && r.status === status)?.count ?? 0,
        ),
      })),
    };
  },
  byType(byType: CountRow[]): ReportChart {
    return {
      id: 'cases-by-type',
      title: 'Cases by type',
      description: 'Cases opened in the period, by case type.',
      format: 'count',
      categories: TYPES.map((t) => CASE_TYPE_LABELS[t]),
      series: [{ name: 'Cases', values: TYPES.map((t) => countOf(byType, t)) }],
    };
  },
  workload(rows: Array<{ name: string; open: number }>): ReportChart {
    const busy = rows
      .filter((r) => r.open > 0)
      .sort((a, b) => b.open - a.open || a.name.localeCompare(b.name));
    return {
      id: 'workload',
      title: 'Workload by attorney',
      description: 'Open cases assigned to each person when the period ended, most first.',
      format: 'count',
      categories: busy.map((r) => r.name),
      series: [{ name: 'Open cases', values: busy.map((r) => r.open) }],
    };
  },
  feesByMonth(months: Array<{ label: string; value: number }>): ReportChart {
    return {
      id: 'fees-by-month',
      title: 'Fees by month',
      description: 'Legal fees collected in each month of the period.',
      format: 'money',
      categories: months.map((r) => r.label),
      series: [{ name: 'Collected', values: months.map((r) => r.value) }],
    };
  },
};

const countOf = (rows: CountRow[], key: string) => rows.find((r) => r.key === key)?.count ?? 0;

/** The people of the firm with their assigned cases' figures, by name. */
async function people(s: ReportSources, firmId: string, w: Ended) {
  const [users, assigned] = await Promise.all([s.usersOf(firmId), s.figures.byAssignee(firmId, w)]);
  const byId = new Map(assigned.map((a) => [a.assigneeId, a]));
  return users
    .sort((a, b) => a.name.localeCompare(b.name) || a.role.localeCompare(b.role) || a.id.localeCompare(b.id))
    .map((u) => ({ ...u, assigned: byId.get(u.id) }));
}

/** The Reports screen's charts for a period: only the queries they need. */
export async function screenCharts(s: ReportSources, firmId: string, period: Period, timeZone: string) {
  const w = windowOf(period, timeZone);
  const [byMonth, byType, staff, fees] = await Promise.all([
    s.figures.openedByMonthAndStatus(firmId, w),
    s.figures.openedBy<CaseType>(firmId, w, 'case_type'),
    people(s, firmId, w),
    s.figures.feesByMonth(firmId, w),
  ]);
  return [
    CHARTS.statusOverTime(period, byMonth),
    CHARTS.byType(byType),
    CHARTS.workload(staff.map((p) => ({ name: p.name, open: p.assigned?.open ?? 0 }))),
    CHARTS.feesByMonth(
      perMonth(
        period,
        fees,
        (r) => r.month,
        (r) => r.collectedCents,
      ),
    ),
  ];
}

const caseSummary: Builder = async (s, ctx, w, m) => {
  const [byStatus, byType, byForm, byMonth, overdue, users] = await Promise.all([
    s.figures.openedBy<string>(ctx.firmId, w, 'status'),
    s.figures.openedBy<CaseType>(ctx.firmId, w, 'case_type'),
    s.figures.openedBy<string>(ctx.firmId, w, 'form_type'),
    s.figures.openedByMonthAndStatus(ctx.firmId, w),
    s.figures.overdue(ctx.firmId, w, OVERDUE_LIMIT),
    s.usersOf(ctx.firmId),
  ]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  return {
    charts: [CHARTS.statusOverTime(ctx.period, byMonth), CHARTS.byType(byType)],
    tables: [
      {
        id: 'activity',
        title: 'Activity in the period',
        columns: [
          { label: 'Figure', format: 'text' },
          { label: 'Cases', format: 'count' },
        ],
        rows: [
          ['Opened', m.opened],
          ['Decided', m.decided],
          ['Approved', m.approved],
          ['Rejected', m.rejected],
        ],
      },
      {
        id: 'by-status',
        title: 'Cases opened in the period by status',
        columns: [
          { label: 'Status', format: 'text' },
          { label: 'Cases', format: 'count' },
        ],
        rows: CASE_STATUSES.map((status) => [STATUS_LABELS[status], countOf(byStatus, status)]),
      },
      {
        id: 'by-form',
        title: 'Cases opened in the period by form',
        columns: [
          { label: 'Form', format: 'text' },
          { label: 'Cases', format: 'count' },
        ],
        rows: byForm
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
          .map((r) => [r.key, r.count]),
      },
      {
        id: 'durations',
        title: 'Days from opening to decision (cases decided in the period)',
        columns: [
          { label: 'Measure', format: 'text' },
          { label: 'Days', format: 'days' },
        ],
        rows: [
          ['Average', roundDays(m.averageDays)],
          ['Median', roundDays(m.medianDays)],
        ],
      },
      {
        id: 'overdue',
        title: 'Overdue cases at the end of the period',
        columns: [
          { label: 'Case', format: 'text' },
          { label: 'Client', format: 'text' },
          { label: 'Form', format: 'text' },
          { label: 'Assigned to', format: 'text' },
          { label: 'Due date', format: 'date' },
          { label: 'Days overdue', format: 'count' },
        ],
        rows: overdue.rows.map((r) => [
          r.caseNumber,
          r.clientName,
          r.formType,
          r.assigneeId ? (names.get(r.assigneeId) ?? 'A former user') : 'Unassigned',
          r.dueDate,
          Math.round((Date.parse(ctx.period.end) - Date.parse(r.dueDate)) / 86_400_000) + 1,
        ]),
        note:
          overdue.total > overdue.rows.length
            ? `The ${overdue.rows.length} most overdue of ${overdue.total.toLocaleString('en-US')} overdue cases.`
            : undefined,
      },
    ],
    notes: ['Counts by status, type and form are of the cases opened in the period.'],
  };
};

const userPerformance: Builder = async (s, ctx, w) => {
  const [staff, uploads, aiUses] = await Promise.all([
    people(s, ctx.firmId, w),
    s.uploadsByUser(ctx.firmId, w.from, w.to),
    s.aiUsesByUser(ctx.firmId, w.from, w.to),
  ]);
  const rows = staff
    .filter((u) => u.status === 'active' || u.assigned || uploads.has(u.id) || aiUses.has(u.id))
    .map((u) => ({
      name: u.name,
      role: u.role === 'admin' ? 'Administrator' : 'User',
      open: u.assigned?.open ?? 0,
      completed: u.assigned?.completed ?? 0,
      onTime: u.assigned?.dueDecided ? u.assigned.onTime / u.assigned.dueDecided : null,
      documents: uploads.get(u.id) ?? 0,
      ai: aiUses.get(u.id) ?? 0,
    }));
  return {
    charts: [CHARTS.workload(rows)],
    tables: [
      {
        id: 'per-user',
        title: 'Performance by person',
        columns: [
          { label: 'Name', format: 'text' },
          { label: 'Role', format: 'text' },
          { label: 'Open cases', format: 'count' },
          { label: 'Cases completed', format: 'count' },
          { label: 'On-time rate', format: 'rate' },
          { label: 'Documents handled', format: 'count' },
          { label: 'AI tools used', format: 'count' },
        ],
        rows: rows.map((r) => [r.name, r.role, r.open, r.completed, r.onTime, r.documents, r.ai]),
      },
    ],
    notes: [
      'On-time rate: of the cases a person completed in the period that had a due date, the share decided on or before it.',
      'Documents handled are the documents the person uploaded in the period; AI tools used counts their uses of the AI tools.',
    ],
  };
};

const financialSummary: Builder = async (s, ctx, w, m) => {
  const [byMonth, byType, filings, filingDates] = await Promise.all([
    s.figures.feesByMonth(ctx.firmId, w),
    s.figures.feesByType(ctx.firmId, w),
    s.figures.filings(ctx.firmId, w),
    s.filingDatesOf(ctx.firmId),
  ]);
  // USCIS fees of the filings in the period, each at the schedule in force on its filing date.
  const uscisByMonth = new Map<string, number>();
  const uscisByType = new Map<string, number>();
  const byForm = new Map<
    string,
    { filings: number; cents: number; schedules: Set<string>; unknown: number }
  >();
  for (const filing of filings) {
    const filed = filingDates.get(filing.caseId) ?? filing.processingSince;
    if (!filed || filed < ctx.period.start || filed > ctx.period.end) continue;
    const fee = s.filingFeeOf(filing.formType, filed);
    const form = byForm.get(filing.formType) ?? {
      filings: 0,
      cents: 0,
      schedules: new Set<string>(),
      unknown: 0,
    };
    byForm.set(filing.formType, form);
    form.filings++;
    if (!fee) {
      form.unknown++;
      continue;
    }
    const cents = fee.amount * 100;
    form.cents += cents;
    form.schedules.add(fee.scheduleDate);
    const month = `${filed.slice(0, 8)}01`;
    uscisByMonth.set(month, (uscisByMonth.get(month) ?? 0) + cents);
    uscisByType.set(filing.caseType, (uscisByType.get(filing.caseType) ?? 0) + cents);
  }
  const months = perMonth(
    ctx.period,
    byMonth,
    (r) => r.month,
    (r) => r.collectedCents,
  );
  const quoted = perMonth(
    ctx.period,
    byMonth,
    (r) => r.month,
    (r) => r.quotedCents,
  );
  const totals = {
    quoted: byMonth.reduce((sum, r) => sum + r.quotedCents, 0),
    outstanding: byType.reduce((sum, r) => sum + r.outstandingCents, 0),
    uscis: [...uscisByType.values()].reduce((a, b) => a + b, 0),
  };
  const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  return {
    charts: [CHARTS.feesByMonth(months)],
    tables: [
      {
        id: 'totals',
        title: 'Totals',
        columns: [
          { label: 'Figure', format: 'text' },
          { label: 'Amount', format: 'money' },
        ],
        rows: [
          ['Legal fees quoted', totals.quoted],
          ['Legal fees collected', m.collectedCents],
          ['Outstanding balance', totals.outstanding],
          ['USCIS filing fees', totals.uscis],
        ],
      },
      {
        id: 'by-month',
        title: 'By month',
        columns: [
          { label: 'Month', format: 'text' },
          { label: 'Quoted', format: 'money' },
          { label: 'Collected', format: 'money' },
          { label: 'USCIS filing fees', format: 'money' },
        ],
        rows: months.map((r, i) => [r.label, quoted[i].value, r.value, uscisByMonth.get(r.month) ?? 0]),
      },
      {
        id: 'by-type',
        title: 'By case type',
        columns: [
          { label: 'Case type', format: 'text' },
          { label: 'Quoted', format: 'money' },
          { label: 'Collected', format: 'money' },
          { label: 'Outstanding', format: 'money' },
          { label: 'USCIS filing fees', format: 'money' },
        ],
        rows: TYPES.map((t) => {
          const r = byType.find((x) => x.key === t);
          return [
            CASE_TYPE_LABELS[t],
            r?.quotedCents ?? 0,
            r?.collectedCents ?? 0,
            r?.outstandingCents ?? 0,
            uscisByType.get(t) ?? 0,
          ];
        }),
      },
      {
        id: 'uscis-by-form',
        title: 'USCIS filing fees by form',
        columns: [
          { label: 'Form', format: 'text' },
          { label: 'Filings', format: 'count' },
          { label: 'Fee schedule', format: 'text' },
          { label: 'Fees', format: 'money' },
        ],
        rows: [...byForm.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([form, f]) => [
            form,
            f.filings,
            [
              ...[...f.schedules].sort().map((d) => `G-1055 of ${usDate(d)}`),
              ...(f.unknown ? [`${f.unknown} not in a schedule held here`] : []),
            ].join('; '),
            f.cents,
          ]),
      },
    ],
    notes: [
      'Quoted: the legal fees of the cases opened in the period. Outstanding: each case’s fee less what it had been paid when the period ended.',
      'USCIS filing fees: each filing in the period at the USCIS fee schedule (Form G-1055) in force on its filing date: the case’s Filing date fact, or else the day the case moved to Processing.',
    ],
  };
};

const clientAnalysis: Builder = async (s, ctx, w) => {
  const [served, newByMonth] = await Promise.all([
    s.figures.clientsServed(ctx.firmId, w),
    s.figures.newClientsByMonth(ctx.firmId, w),
  ]);
  const countries = new Map<string, number>();
  for (const c of served) {
    const country = c.country?.trim() || 'Not recorded';
    countries.set(country, (countries.get(country) ?? 0) + 1);
  }
  const ranked = [...countries.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = ranked.slice(0, TOP_COUNTRIES);
  const rest = ranked.slice(TOP_COUNTRIES).reduce((sum, [, n]) => sum + n, 0);
  if (rest) top.push(['Other countries', rest]);
  const combos = new Map<string, number>();
  for (const c of served) {
    const key = c.types.map((t) => CASE_TYPE_LABELS[t]).join(' + ');
    combos.set(key, (combos.get(key) ?? 0) + 1);
  }
  const months = perMonth(
    ctx.period,
    newByMonth,
    (r) => r.key,
    (r) => r.count,
  );
  const returning = served.filter((c) => c.returning).length;
  return {
    charts: [
      {
        id: 'clients-by-country',
        title: 'Clients by country of citizenship',
        description: 'Clients with a case opened in the period, by country of citizenship.',
        format: 'count',
        categories: top.map(([country]) => country),
        series: [{ name: 'Clients', values: top.map(([, n]) => n) }],
      },
      {
        id: 'new-clients',
        title: 'New clients by month',
        description: 'Clients added to the firm in each month of the period.',
        format: 'count',
        categories: months.map((r) => r.label),
        series: [{ name: 'New clients', values: months.map((r) => r.value) }],
      },
    ],
    tables: [
      {
        id: 'client-totals',
        title: 'Clients',
        columns: [
          { label: 'Figure', format: 'text' },
          { label: 'Clients', format: 'count' },
        ],
        rows: [
          ['Clients served (a case opened in the period)', served.length],
          ['New clients', months.reduce((sum, r) => sum + r.value, 0)],
          ['Returning clients (a case before the period too)', returning],
        ],
      },
      {
        id: 'case-types-per-client',
        title: 'Case types per client',
        columns: [
          { label: 'Case types', format: 'text' },
          { label: 'Clients', format: 'count' },
        ],
        rows: [...combos.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
      },
    ],
    notes: [
      'Case types per client: every case type a served client has had with the firm, up to the end of the period.',
    ],
  };
};

const BUILDERS: Record<ReportType, Builder> = {
  'case-summary': caseSummary,
  'user-performance': userPerformance,
  'financial-summary': financialSummary,
  'client-analysis': clientAnalysis,
};
