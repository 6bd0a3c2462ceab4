import type { Key, ReactNode } from 'react';
import { Empty, Loading } from './states';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A figure: right-aligned, digits in columns, header too. */
  figure?: boolean;
  /** More classes of its cells: `code`, `cell-wrap` (long unbroken text), `cell-detail`, `nowrap`. */
  className?: string;
}

interface Props<Row> {
  columns: readonly Column<Row>[];
  /** Undefined while the read is on its way. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** A row to set apart, e.g. the order under review among the customer's others. */
  rowClassName?: (row: Row) => string | undefined;
  /** Said while `rows` is on its way; without it the table's owner says it. */
  loading?: ReactNode;
  /** Said instead of a table with no rows; without it the table's owner says it. */
  empty?: ReactNode;
  /** More classes of the table, e.g. `table-audit`. */
  className?: string;
}

/**
 * A table of records in its scrolling frame: one header cell a column (scope="col"), one row a
 * record; its loading and empty states said in words rather than as an empty grid.
 */
export function DataTable<Row>({ columns, rows, rowKey, rowClassName, loading, empty, className }: Props<Row>) {
  if (rows === undefined) return loading === undefined ? null : <Loading>{loading}</Loading>;
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  const cellClass = (column: Column<Row>) =>
    [column.figure ? 'cell-figure' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="table-frame">
      <table className={className ? `table ${className}` : 'table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.figure ? 'cell-figure' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
