import { type ReactNode, useId } from 'react';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a row header for screen readers. */
  rowHeader?: boolean;
  className?: string;
  /** A column the server can sort by: its header links to the list sorted by it. */
  sort?: ColumnSort;
};

export type ColumnSort = {
  /** The list sorted by this column (the other way round when it is sorted by it already). */
  href: string;
  /** How the list is sorted by this column now, if it is. */
  current?: 'ascending' | 'descending';
};

/** A sortable column's header: a link that says which way it sorts now (aria-sort says it to screen readers). */
function SortLink({ header, sort }: { header: string; sort: ColumnSort }) {
  const arrow = sort.current === 'ascending' ? '▲' : sort.current === 'descending' ? '▼' : '↕';
  return (
    <a className="sort-link" href={sort.href}>
      {header}
      <span className="sort-arrow" aria-hidden="true">
        {arrow}
      </span>
    </a>
  );
}

/**
 * A table with a caption and column headers. Long words wrap, so it fits the page at desktop widths; on a
 * phone each row becomes a card headed by its row header, each cell labelled with its column's name
 * (`data-label`, shown by the stylesheet). The wrapper is focusable and named by the caption, so that
 * keyboard users can scroll it should anything still overflow.
 */
export function DataTable<T>(props: {
  caption: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  const captionId = useId();
  const { columns } = props;
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="data-table">
        <caption id={captionId}>{props.caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className} aria-sort={c.sort?.current}>
                {c.sort ? <SortLink header={c.header} sort={c.sort} /> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {props.empty}
              </td>
            </tr>
          ) : (
            props.rows.map((row) => (
              <tr key={props.rowKey(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.header} scope="row" className={c.className}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className={c.className} data-label={c.header}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
