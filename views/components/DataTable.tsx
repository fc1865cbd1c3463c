import { type ReactNode, useId } from 'react';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a row header for screen readers. */
  rowHeader?: boolean;
  className?: string;
};

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
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
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
