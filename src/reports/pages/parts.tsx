import {
  type ChartLayout,
  chartTable,
  formatCell,
  formatChange,
  type MetricCard,
  type ReportChart,
  type ReportTable,
} from '../../shared/reports';

/** The performance metric cards: each figure with its change against the previous period. */
export function MetricCards({ cards }: { cards: MetricCard[] }) {
  return (
    <ul className="metric-grid">
      {cards.map((card) => (
        <li key={card.id} className="card metric-card">
          <p className="stat-label">{card.label}</p>
          <p className="stat-value">{formatCell(card.value, card.format)}</p>
          <p className={`metric-change ${changeClass(card)}`}>{formatChange(card)}</p>
        </li>
      ))}
    </ul>
  );
}

const changeClass = (card: MetricCard) =>
  card.value === null || card.previous === null || card.value === card.previous
    ? 'metric-change-none'
    : card.value > card.previous
      ? 'metric-change-up'
      : 'metric-change-down';

/** A chart as server-rendered SVG (its title and description read by screen readers), its numbers beside it. */
export function Chart({ chart, layout }: { chart: ReportChart; layout: ChartLayout }) {
  const titleId = `chart-${chart.id}-title`;
  const descId = `chart-${chart.id}-desc`;
  return (
    <figure className="card report-chart" aria-labelledby={`${chart.id}-caption`}>
      <figcaption id={`${chart.id}-caption`}>
        <h3>{chart.title}</h3>
        <p className="muted">{chart.description}</p>
      </figcaption>
      <div
        className={
          chart.series.length > 1 ? 'report-chart-body report-chart-body-stacked' : 'report-chart-body'
        }
      >
        {chart.categories.length === 0 ? (
          <p className="muted">Nothing in this period.</p>
        ) : (
          <svg
            className="chart-svg"
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
          >
            <title id={titleId}>{chart.title}</title>
            <desc id={descId}>{chart.description}</desc>
            {layout.grid.map((d) => (
              <path key={d} d={d} className="chart-grid" />
            ))}
            {layout.bars.map((bar) => (
              <path key={bar.d} d={bar.d} fill={bar.color}>
                <title>{bar.title}</title>
              </path>
            ))}
            {layout.legend.map((item) => (
              <g key={item.text}>
                <rect x={item.x} y={item.y - 9} width={9} height={9} fill={item.color} />
                <text x={item.x + 13} y={item.y} className="chart-text">
                  {item.text}
                </text>
              </g>
            ))}
            {layout.labels.map((label, i) => (
              <text
                key={i}
                x={label.x}
                y={label.y}
                textAnchor={label.anchor}
                className={label.bold ? 'chart-text chart-value' : 'chart-text'}
              >
                {label.text}
              </text>
            ))}
          </svg>
        )}
        <FigureTable table={chartTable(chart)} caption={`${chart.title}: the numbers`} />
      </div>
    </figure>
  );
}

/** A report's table, figures aligned right, with its note under it. */
export function FigureTable({ table, caption }: { table: ReportTable; caption?: string }) {
  return (
    <div className="table-wrap report-table">
      <table className="data-table">
        <caption>{caption ?? table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i} scope="col" className={alignOf(c.format, i)}>
                {c.label || (i === 0 ? 'Category' : '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="empty">
                Nothing in this period.
              </td>
            </tr>
          ) : (
            table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {formatCell(cell, table.columns[i].format)}
                    </th>
                  ) : (
                    <td
                      key={i}
                      className={alignOf(table.columns[i].format, i)}
                      data-label={table.columns[i].label}
                    >
                      {formatCell(cell, table.columns[i].format)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {table.note && <p className="muted table-note">{table.note}</p>}
    </div>
  );
}

const alignOf = (format: string, index: number) =>
  index > 0 && format !== 'text' && format !== 'date' ? 'num' : undefined;
