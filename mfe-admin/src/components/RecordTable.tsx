import { parseSort } from '@cine/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StackedTable, TableCard } from './DataTable';

/** One column of an admin table: its header and what its cell shows of a record. */
export interface Column<Item> {
  label: string;
  cell: (item: Item) => ReactNode;
  /** The list's sort field this column sorts by (clicking its header); none: not sortable. */
  sort?: string;
  /** A figure: right-aligned, on one line. */
  numeric?: boolean;
  /** Kept on one line (a time, a date). */
  nowrap?: boolean;
}

export interface RecordTableProps<Item> {
  /** The table's accessible name, e.g. 'Tarjetas regalo'. */
  label: string;
  columns: readonly Column<Item>[];
  rows: readonly Item[];
  /** A row's React key: the record's id (or its place, for records without one). */
  rowKey: (item: Item, index: number) => string;
  /** The width under which the rows become cards (StackedTable's default when left out). */
  stackBelow?: string;
  /** The current sort ('field' or '-field') and how to change it; left out, no header sorts. */
  sorting?: { sort: string; onSort: (sort: string) => void };
}

const cellClass = ({ numeric, nowrap }: Column<never>) => (numeric ? 'number' : nowrap ? 'nowrap' : undefined);

/**
 * The admin's table of records: a header per column (a sort button where the column sorts, with `aria-sort`),
 * then a row per record, each cell drawn by its column. On a phone each row is a card (StackedTable).
 */
export function RecordTable<Item>({ label, columns, rows, rowKey, stackBelow, sorting }: RecordTableProps<Item>) {
  const current = sorting ? parseSort(sorting.sort) : null;
  return (
    <TableCard>
      <StackedTable aria-label={label} $labels={columns.map((column) => column.label)} $stackBelow={stackBelow}>
        <thead>
          <tr>
            {columns.map((column) => {
              const field = sorting ? column.sort : undefined;
              const sorted = field !== undefined && current?.field === field;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.numeric ? 'number' : undefined}
                  aria-sort={sorted ? (current?.descending ? 'descending' : 'ascending') : undefined}
                >
                  {field === undefined || !sorting ? (
                    column.label
                  ) : (
                    <SortButton type="button" onClick={() => sorting.onSort(sorted && !current?.descending ? `-${field}` : field)}>
                      {column.label}
                      <span aria-hidden="true">{sorted ? (current?.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
                    </SortButton>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, index) => (
            <tr key={rowKey(item, index)}>
              {columns.map((column) => (
                <td key={column.label} className={cellClass(column)}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </StackedTable>
    </TableCard>
  );
}

const SortButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 2px;
  }
`;
