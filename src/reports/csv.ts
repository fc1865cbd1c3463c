/**
 * A report as one CSV file: a section per table (the cards first, then each chart's numbers, then the
 * tables), each a title row, a header row and its rows, with an empty row between sections. Figures are
 * plain numbers a spreadsheet can add up: money in dollars, rates in percent, dates YYYY-MM-DD.
 */
import {
  chartTable,
  type Cell,
  type Format,
  formatPeriod,
  type ReportData,
  type ReportTable,
} from '../shared/reports';

const UNIT: Partial<Record<Format, string>> = { money: ' (USD)', rate: ' (%)', days: ' (days)' };

function cellOf(value: Cell, format: Format): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (format === 'money') return (value / 100).toFixed(2);
  if (format === 'rate') return (Math.round(value * 1000) / 10).toString();
  return String(value);
}

function* section(table: ReportTable): Generator<string[]> {
  yield [table.title];
  yield table.columns.map((c, i) => (i === 0 && !c.label ? 'Category' : `${c.label}${UNIT[c.format] ?? ''}`));
  for (const row of table.rows) yield row.map((cell, i) => cellOf(cell, table.columns[i].format));
  if (table.note) yield [table.note];
  yield [];
}

export function* reportCsvRows(report: ReportData): Generator<string[]> {
  yield [`${report.firmName}: ${report.title}`];
  yield ['Period', report.period.start, report.period.end, formatPeriod(report.period)];
  yield ['Previous period', report.previous.start, report.previous.end, formatPeriod(report.previous)];
  yield ['Generated', report.generatedAt, report.timeZone];
  yield [];
  yield ['Performance metrics'];
  yield ['Metric', 'Unit', 'This period', 'Previous period'];
  for (const card of report.cards)
    yield [
      card.label,
      (UNIT[card.format] ?? ' (count)').trim().slice(1, -1),
      cellOf(card.value, card.format),
      cellOf(card.previous, card.format),
    ];
  yield [];
  for (const chart of report.charts) yield* section(chartTable(chart));
  for (const table of report.tables) yield* section(table);
}

/** The file name a report downloads as: case-summary-2026-10-01-to-2026-10-31.csv. */
export const reportFileName = (report: ReportData, extension: 'csv' | 'pdf') =>
  `${report.type}-${report.period.start}-to-${report.period.end}.${extension}`;
