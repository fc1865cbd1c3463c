import { windowOf } from '../../src/reports/build';
import { layoutChart } from '../../src/reports/charts';
import {
  chartTable,
  daysIn,
  formatCell,
  formatChange,
  formatPeriod,
  type MetricCard,
  monthsOf,
  PeriodRefused,
  periodOf,
  previousPeriod,
  REPORT_MESSAGES,
  type ReportChart,
  reportRequestSchema,
} from '../../src/shared/reports';

const TODAY = '2026-11-24'; // a Tuesday
const of = (range: Parameters<typeof periodOf>[0]['range'], today = TODAY, start?: string, end?: string) =>
  periodOf({ range, start, end }, today);

/** The refusal a custom period gets: its field and message. */
function refusal(start: string | undefined, end: string | undefined) {
  try {
    of('custom', TODAY, start, end);
  } catch (error) {
    if (error instanceof PeriodRefused) return [error.field, error.message];
    throw error;
  }
  return undefined;
}

describe('report periods', () => {
  test('last week runs Sunday to Saturday, the week before today’s', () => {
    expect(of('last-week')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    // On a Sunday, the week that ended yesterday; on a Saturday, the one before that.
    expect(of('last-week', '2026-11-22')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(of('last-week', '2026-11-21')).toEqual({ start: '2026-11-08', end: '2026-11-14' });
  });

  test('last month, quarter and year are the calendar ones before today', () => {
    expect(of('last-month')).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(of('last-month', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(of('last-month', '2024-03-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(of('last-quarter')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(of('last-quarter', '2026-01-15')).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(of('last-quarter', '2026-04-01')).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(of('last-year')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  test('each is compared with the one before it; a custom period with as many days just before', () => {
    expect(previousPeriod('last-month', { start: '2026-10-01', end: '2026-10-31' })).toEqual({
      start: '2026-09-01',
      end: '2026-09-30',
    });
    expect(previousPeriod('last-month', { start: '2024-03-01', end: '2024-03-31' })).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(previousPeriod('last-quarter', { start: '2026-07-01', end: '2026-09-30' })).toEqual({
      start: '2026-04-01',
      end: '2026-06-30',
    });
    expect(previousPeriod('last-year', { start: '2025-01-01', end: '2025-12-31' })).toEqual({
      start: '2024-01-01',
      end: '2024-12-31',
    });
    expect(previousPeriod('last-week', { start: '2026-11-15', end: '2026-11-21' })).toEqual({
      start: '2026-11-08',
      end: '2026-11-14',
    });
    expect(previousPeriod('custom', { start: '2026-11-01', end: '2026-11-10' })).toEqual({
      start: '2026-10-22',
      end: '2026-10-31',
    });
  });

  test('a custom period is checked: both dates, in order, not in the future, at most 5 years', () => {
    expect(refusal(undefined, '2026-11-01')).toEqual(['start', REPORT_MESSAGES.start]);
    expect(refusal('2026-11-01', undefined)).toEqual(['end', REPORT_MESSAGES.end]);
    expect(refusal('2026-11-01', '2026-11-25')).toEqual(['end', REPORT_MESSAGES.future]);
    expect(refusal('2026-11-02', '2026-11-01')).toEqual(['start', REPORT_MESSAGES.order]);
    // Five years to the same date is the longest; one day more is refused.
    expect(refusal('2021-11-24', '2026-11-24')).toBeUndefined();
    expect(refusal('2021-11-23', '2026-11-24')).toEqual(['start', REPORT_MESSAGES.long]);
    // From a leap day, five years on has no 29 February: the 28th is the last day allowed.
    expect(refusal('2020-02-29', '2025-02-28')).toBeUndefined();
    expect(refusal('2020-02-29', '2025-03-01')).toEqual(['start', REPORT_MESSAGES.long]);
    expect(of('custom', TODAY, TODAY, TODAY)).toEqual({ start: TODAY, end: TODAY });
  });

  test('the request schema names the field and takes an empty date as none', () => {
    const parsed = reportRequestSchema.safeParse({ type: 'everything', range: 'last-week' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['type', REPORT_MESSAGES.type],
    ]);
    const badDate = reportRequestSchema.safeParse({
      type: 'case-summary',
      range: 'custom',
      start: '2026-02-30',
    });
    expect(badDate.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['start', REPORT_MESSAGES.start],
    ]);
    expect(reportRequestSchema.parse({ type: 'case-summary', range: 'custom', start: '', end: ' ' })).toEqual(
      {
        type: 'case-summary',
        range: 'custom',
        start: undefined,
        end: undefined,
      },
    );
  });

  test('months and days of a period', () => {
    expect(monthsOf({ start: '2026-01-15', end: '2026-03-02' })).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(daysIn({ start: '2024-02-01', end: '2024-02-29' })).toBe(29);
    expect(daysIn({ start: '2026-11-24', end: '2026-11-24' })).toBe(1);
  });
});

describe('a period’s instants in the firm’s time zone', () => {
  test('across the end of daylight saving time in New York: the first midnight EDT, the last EST', () => {
    const w = windowOf({ start: '2026-11-01', end: '2026-11-07' }, 'America/New_York');
    expect(w.from.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-11-08T05:00:00.000Z');
    expect(w.lastDay).toBe('2026-11-07');
  });
  test('the day clocks spring forward has 23 hours', () => {
    const w = windowOf({ start: '2026-03-08', end: '2026-03-08' }, 'America/New_York');
    expect(w.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
  test('Honolulu keeps no daylight saving time', () => {
    const w = windowOf({ start: '2026-03-01', end: '2026-03-31' }, 'Pacific/Honolulu');
    expect(w.from.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-04-01T10:00:00.000Z');
  });
});

describe('figures as people read them', () => {
  test('cells in US conventions', () => {
    expect(formatCell(123456, 'money')).toBe('$1,234.56');
    expect(formatCell(0.5, 'rate')).toBe('50%');
    expect(formatCell(0.125, 'rate')).toBe('12.5%');
    expect(formatCell(1, 'days')).toBe('1 day');
    expect(formatCell(12.5, 'days')).toBe('12.5 days');
    expect(formatCell(12345, 'count')).toBe('12,345');
    expect(formatCell(null, 'count')).toBe('–');
    expect(formatCell('2026-11-23', 'date')).toBe('11/23/2026');
    expect(formatPeriod({ start: '2026-10-01', end: '2026-10-31' })).toBe('10/01/2026 – 10/31/2026');
  });

  test('the change against the previous period', () => {
    const card = (value: number | null, previous: number | null, format: MetricCard['format'] = 'count') => ({
      id: 'x',
      label: 'X',
      format,
      value,
      previous,
    });
    expect(formatChange(card(12, 10))).toBe('+20% vs previous period');
    expect(formatChange(card(8, 10))).toBe('−20% vs previous period');
    expect(formatChange(card(0.8, 0.75, 'rate'))).toBe('+5 pts vs previous period');
    expect(formatChange(card(3, 0))).toBe('+3 vs previous period');
    expect(formatChange(card(360000, 0, 'money'))).toBe('+$3,600.00 vs previous period');
    expect(formatChange(card(4, 4))).toBe('No change vs previous period');
    expect(formatChange(card(4, null))).toBe('No figure to compare with');
  });
});

describe('charts', () => {
  const single: ReportChart = {
    id: 'types',
    title: 'Cases by type',
    description: 'Cases opened, by type.',
    format: 'count',
    categories: ['Visa', 'Asylum', 'Family'],
    series: [{ name: 'Cases', values: [3, 0, 5] }],
  };
  const stacked: ReportChart = {
    ...single,
    id: 'status',
    series: [
      { name: 'Pending', values: [1, 0, 2] },
      { name: 'Approved', values: [2, 0, 1] },
      { name: 'Rejected', values: [0, 0, 2] },
    ],
  };
  /** A bar's path "Mx,yhWvHh-WZ" as numbers. */
  const geometry = (d: string) => {
    const m = /^M([\d.]+),([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+Z$/.exec(d);
    if (!m) throw new Error(`not a bar: ${d}`);
    return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
  };

  test('a bar per value above zero, as wide as its value, titled and labelled', () => {
    const layout = layoutChart(single);
    expect(layout.bars).toHaveLength(2);
    const [three, five] = layout.bars.map((b) => geometry(b.d));
    expect(five.width / three.width).toBeCloseTo(5 / 3, 1);
    expect(layout.bars.map((b) => b.title)).toEqual(['Visa: 3', 'Family: 5']);
    const texts = layout.labels.map((l) => l.text);
    expect(texts).toEqual(expect.arrayContaining(['Visa', 'Asylum', 'Family', '3', '0', '5']));
    expect(layout.legend).toEqual([]);
  });

  test('stacked series share their row, side by side, with a legend', () => {
    const layout = layoutChart(stacked);
    expect(layout.legend.map((l) => l.text)).toEqual(['Pending', 'Approved', 'Rejected']);
    const firstRow = layout.bars.filter((b) => b.title.startsWith('Visa')).map((b) => geometry(b.d));
    expect(firstRow).toHaveLength(2);
    expect(firstRow[0].y).toBe(firstRow[1].y);
    expect(firstRow[1].x).toBeCloseTo(firstRow[0].x + firstRow[0].width, 1);
    expect(layout.height).toBeGreaterThan(layoutChart({ ...stacked, categories: ['Visa'] }).height);
  });

  test('its table: a row per category, with a total when stacked', () => {
    expect(chartTable(single).rows).toEqual([
      ['Visa', 3],
      ['Asylum', 0],
      ['Family', 5],
    ]);
    const table = chartTable(stacked);
    expect(table.columns.map((c) => c.label)).toEqual(['', 'Pending', 'Approved', 'Rejected', 'Total']);
    expect(table.rows[2]).toEqual(['Family', 2, 1, 2, 5]);
  });
});
