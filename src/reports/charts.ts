/**
 * Charts as geometry: horizontal bars, one row per category, stacked when there are several series. d3-scale
 * places them and d3-shape stacks the series; the result is path data the page renders as SVG and the PDF
 * draws as vector paths.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { type ChartLayout, formatCell, type ReportChart } from '../shared/reports';

/** Colors that keep 3:1 contrast against white, in series order. */
export const SERIES_COLORS = ['#1f4e79', '#2e7d4f', '#b5473a', '#8a6d00', '#6a4c9c', '#5f6b7a'];

const WIDTH = 560;
const LABEL_WIDTH = 150;
const VALUE_ROOM = 70;
const ROW = 22;
const AXIS = 22;
const LEGEND_ROW = 18;

const rect = (x: number, y: number, width: number, height: number) =>
  `M${round(x)},${round(y)}h${round(width)}v${round(height)}h${round(-width)}Z`;
const round = (n: number) => Math.round(n * 100) / 100;

export function layoutChart(chart: ReportChart): ChartLayout {
  const multi = chart.series.length > 1;
  const legendRows = multi ? Math.ceil(chart.series.length / 4) : 0;
  const top = legendRows * LEGEND_ROW + (multi ? 6 : 0);
  const rows = Math.max(chart.categories.length, 1);
  const height = top + rows * ROW + AXIS;
  const totals = chart.categories.map((_, i) => chart.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const x = scaleLinear()
    .domain([0, Math.max(1, ...totals)])
    .nice()
    .range([LABEL_WIDTH, WIDTH - VALUE_ROOM]);
  const y = scaleBand<number>()
    .domain(chart.categories.map((_, i) => i))
    .range([top, top + rows * ROW])
    .padding(0.2);

  const rowsData = chart.categories.map((_, i) =>
    Object.fromEntries(chart.series.map((s) => [s.name, s.values[i] ?? 0])),
  );
  const layers = stack<Record<string, number>>().keys(chart.series.map((s) => s.name))(rowsData);
  const bars = layers.flatMap((layer, s) =>
    layer.flatMap(([from, to], i) =>
      to > from
        ? [
            {
              d: rect(x(from), y(i)!, x(to) - x(from), y.bandwidth()),
              color: SERIES_COLORS[s % SERIES_COLORS.length],
              title: `${chart.categories[i]}${multi ? `, ${chart.series[s].name}` : ''}: ${formatCell(to - from, chart.format)}`,
            },
          ]
        : [],
    ),
  );

  const ticks = x.ticks(4).filter((t) => chart.format !== 'count' || Number.isInteger(t));
  const axisY = top + rows * ROW;
  const labels: ChartLayout['labels'] = [
    ...chart.categories.map((category, i) => ({
      x: LABEL_WIDTH - 6,
      y: y(i)! + y.bandwidth() / 2 + 4,
      text: category.length > 24 ? `${category.slice(0, 23)}…` : category,
      anchor: 'end' as const,
    })),
    ...totals.map((total, i) => ({
      x: x(total) + 4,
      y: y(i)! + y.bandwidth() / 2 + 4,
      text: formatCell(total, chart.format),
      anchor: 'start' as const,
      bold: true,
    })),
    ...ticks.map((t) => ({
      x: x(t),
      y: axisY + 14,
      text: formatCell(t, chart.format),
      anchor: 'middle' as const,
    })),
  ];
  const legend = multi
    ? chart.series.map((s, i) => ({
        x: LABEL_WIDTH + (i % 4) * 100,
        y: Math.floor(i / 4) * LEGEND_ROW + 12,
        color: SERIES_COLORS[i % SERIES_COLORS.length],
        text: s.name,
      }))
    : [];
  return {
    width: WIDTH,
    height,
    bars,
    grid: ticks.map((t) => `M${round(x(t))},${top}V${axisY}`),
    labels,
    legend,
  };
}
