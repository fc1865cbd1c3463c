/**
 * Reports: their types and date ranges (SPEC §2 words), the request schema the page and the API share, and
 * the shape a generated report is stored in. A report is cards, charts and tables of plain numbers (money
 * in cents, rates as fractions), formatted only where shown: the page, the PDF and the CSV read the same data.
 */
import { z } from 'zod';
import { formatMoney } from './cases';
import { addDays, isIsoDate } from './dates';

export const REPORT_TYPES = [
  'case-summary',
  'user-performance',
  'financial-summary',
  'client-analysis',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  'case-summary': 'Case Summary',
  'user-performance': 'User Performance',
  'financial-summary': 'Financial Summary',
  'client-analysis': 'Client Analysis',
};

export const REPORT_RANGES = ['last-week', 'last-month', 'last-quarter', 'last-year', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  'last-week': 'Last week',
  'last-month': 'Last month',
  'last-quarter': 'Last quarter',
  'last-year': 'Last year',
  custom: 'Custom',
};

/** The longest custom period, in years: it may end on the same date five years after it starts. */
export const MAX_REPORT_YEARS = 5;

export const REPORT_MESSAGES = {
  type: `Choose a report type: ${REPORT_TYPES.join(', ')}.`,
  range: `Choose a date range: ${REPORT_RANGES.join(', ')}.`,
  start: 'Enter a start date (MM/DD/YYYY).',
  end: 'Enter an end date (MM/DD/YYYY).',
  order: 'The start date must be on or before the end date.',
  future: 'The end date cannot be in the future.',
  long: 'A report covers at most 5 years.',
} as const;

/** "" and absent are the same: a form posts empty fields. */
const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDate(v), { message });

/** What Generate asks for. The period's checks against today live in `periodOf`, which knows the firm's today. */
export const reportRequestSchema = z.object({
  type: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.type }),
  range: z.enum(REPORT_RANGES, { error: REPORT_MESSAGES.range }),
  start: optionalDate(REPORT_MESSAGES.start),
  end: optionalDate(REPORT_MESSAGES.end),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** A period of whole days in the firm's time zone, both ends included. */
export type Period = { start: string; end: string };

export class PeriodRefused extends Error {
  constructor(
    readonly field: 'start' | 'end',
    message: string,
  ) {
    super(message);
  }
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const lastDayBefore = (day: string) => addDays(day, -1);

/**
 * The period a range names, as of the firm's today: the last whole week (Sunday to Saturday, as US
 * calendars run), month, quarter or year before today; or the custom days, checked.
 */
export function periodOf(request: Pick<ReportRequest, 'range' | 'start' | 'end'>, today: string): Period {
  switch (request.range) {
    case 'last-week': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      const end = addDays(today, -weekday - 1);
      return { start: addDays(end, -6), end };
    }
    case 'last-month': {
      const end = lastDayBefore(monthStart(today));
      return { start: monthStart(end), end };
    }
    case 'last-quarter': {
      const month = Number(today.slice(5, 7));
      const quarterStart = `${today.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
      const end = lastDayBefore(quarterStart);
      const endMonth = Number(end.slice(5, 7));
      return { start: `${end.slice(0, 5)}${String(endMonth - 2).padStart(2, '0')}-01`, end };
    }
    case 'last-year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
    case 'custom':
      return customPeriod(request.start, request.end, today);
  }
}

function customPeriod(start: string | undefined, end: string | undefined, today: string): Period {
  if (!start) throw new PeriodRefused('start', REPORT_MESSAGES.start);
  if (!end) throw new PeriodRefused('end', REPORT_MESSAGES.end);
  if (end > today) throw new PeriodRefused('end', REPORT_MESSAGES.future);
  if (start > end) throw new PeriodRefused('start', REPORT_MESSAGES.order);
  // Compared as text: 2024-02-29 + 5 years is '2029-02-29', which only the 28th comes before.
  const limit = `${Number(start.slice(0, 4)) + MAX_REPORT_YEARS}${start.slice(4)}`;
  if (end > limit) throw new PeriodRefused('start', REPORT_MESSAGES.long);
  return { start, end };
}

/** How many days a period holds, both ends counted. */
export const daysIn = (period: Period) =>
  Math.round((Date.parse(period.end) - Date.parse(period.start)) / 86_400_000) + 1;

/**
 * The period a report's figures are compared with: the calendar week, month, quarter or year before; for a
 * custom period, as many days just before it.
 */
export function previousPeriod(range: ReportRange, period: Period): Period {
  const end = addDays(period.start, -1);
  switch (range) {
    case 'last-week':
      return { start: addDays(end, -6), end };
    case 'last-month':
      return { start: monthStart(end), end };
    case 'last-quarter':
      return { start: addMonths(period.start, -3), end };
    case 'last-year':
      return { start: `${Number(end.slice(0, 4))}-01-01`, end };
    case 'custom':
      return { start: addDays(end, -(daysIn(period) - 1)), end };
  }
}

function addMonths(firstOfMonth: string, months: number): string {
  const date = new Date(`${firstOfMonth}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The first day of each month a period touches ('2026-01-01', '2026-02-01', …). */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let month = monthStart(period.start); month <= period.end; month = addMonths(month, 1))
    months.push(month);
  return months;
}

/** How a number is shown: money is in cents, a rate is a fraction, days may have a decimal. */
export type Format = 'text' | 'count' | 'money' | 'rate' | 'days' | 'date';
export type Cell = string | number | null;

export type MetricCard = {
  id: string;
  label: string;
  format: Format;
  value: number | null;
  /** The same figure over the previous period. */
  previous: number | null;
};

export type ReportTable = {
  id: string;
  title: string;
  columns: Array<{ label: string; format: Format }>;
  rows: Cell[][];
  /** Said under the table: how it counts, or that it was cut short. */
  note?: string;
};

/** A bar chart: one bar per category, or stacked bars with one part per series. Its table is its data. */
export type ReportChart = {
  id: string;
  title: string;
  description: string;
  format: Format;
  categories: string[];
  series: Array<{ name: string; values: number[] }>;
};

export type ReportData = {
  type: ReportType;
  title: string;
  firmName: string;
  /** The firm's color (#rrggbb) for the PDF's banner. */
  color: string;
  timeZone: string;
  period: Period;
  previous: Period;
  generatedAt: string;
  cards: MetricCard[];
  charts: ReportChart[];
  tables: ReportTable[];
  /** How the figures are counted, in a sentence each. */
  notes: string[];
};

/** The data table that stands beside a chart (and goes into the PDF and the CSV). */
export function chartTable(chart: ReportChart): ReportTable {
  const single = chart.series.length === 1;
  return {
    id: chart.id,
    title: chart.title,
    columns: [
      { label: '', format: 'text' },
      ...(single
        ? [{ label: chart.series[0].name, format: chart.format }]
        : [
            ...chart.series.map((s) => ({ label: s.name, format: chart.format })),
            { label: 'Total', format: chart.format },
          ]),
    ],
    rows: chart.categories.map((category, i) => {
      const values = chart.series.map((s) => s.values[i]);
      return [category, ...values, ...(single ? [] : [values.reduce((a, b) => a + b, 0)])];
    }),
  };
}

const COUNT = new Intl.NumberFormat('en-US');
const DAYS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const RATE = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A cell as a person reads it (US conventions); an empty figure is an en dash. */
export function formatCell(value: Cell, format: Format): string {
  if (value === null || value === '') return '–';
  if (typeof value === 'string') return format === 'date' ? usDate(value) : value;
  switch (format) {
    case 'money':
      return formatMoney(value / 100);
    case 'rate':
      return RATE.format(value);
    case 'days':
      return `${DAYS.format(value)} ${value === 1 ? 'day' : 'days'}`;
    default:
      return COUNT.format(value);
  }
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A period as a person reads it: 10/01/2026 – 10/31/2026. */
export const formatPeriod = (period: Period) => `${usDate(period.start)} – ${usDate(period.end)}`;

/** The change against the previous period: "+12.5% vs previous period", points for rates. */
export function formatChange(card: MetricCard): string {
  if (card.value === null || card.previous === null) return 'No figure to compare with';
  const difference = card.value - card.previous;
  if (difference === 0) return 'No change vs previous period';
  const sign = difference > 0 ? '+' : '−';
  if (card.format === 'rate')
    return `${sign}${DAYS.format(Math.abs(difference) * 100)} pts vs previous period`;
  if (card.previous === 0)
    return `${sign}${formatCell(Math.abs(difference), card.format)} vs previous period`;
  return `${sign}${RATE.format(Math.abs(difference / card.previous))} vs previous period`;
}

/** "Nov 2026": a month's label in charts and tables. */
export const monthLabel = (firstOfMonth: string) =>
  new Date(`${firstOfMonth}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A chart drawn: shapes as SVG path data in points, so the page's SVG and the PDF draw the same paths. */
export type ChartLayout = {
  width: number;
  height: number;
  bars: Array<{ d: string; color: string; title: string }>;
  grid: string[];
  labels: Array<{ x: number; y: number; text: string; anchor: 'start' | 'middle' | 'end'; bold?: boolean }>;
  legend: Array<{ x: number; y: number; color: string; text: string }>;
};
