import { PAGE_SIZES, parseSort, type Page } from '@cine/contracts';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError, Select } from '@cine/web-kit/ui';
import type { ListParams } from '../hooks/useListParams';
import { StackedTable, TableCard } from './DataTable';

export interface Column {
  label: string;
  /** The list's sort field this column sorts by (clicking its header); none: not sortable. */
  sort?: string;
  numeric?: boolean;
}

interface PagedTableProps<Item> {
  /** The table's accessible name, e.g. 'Usuarios registrados'. */
  label: string;
  columns: readonly Column[];
  state: AsyncData<Page<Item>> & { reload: () => void };
  list: Pick<ListParams<string>, 'sort' | 'pageSize' | 'update'>;
  /** 'Cargando usuarios…' */
  loading: string;
  /** 'No se pudieron cargar los usuarios.' (the server's message follows, with 'Reintentar') */
  failed: string;
  /** Shown when no item matches. */
  empty: ReactNode;
  /** The width under which the rows become cards (StackedTable's default when left out). */
  stackBelow?: string;
  /** One row (a `<tr>`) per item. */
  children: (item: Item) => ReactNode;
}

/**
 * A server-paged table: its page of items under sortable headers (`aria-sort`), the total, the
 * page-size choice and 'Anterior' / 'Siguiente'. On a phone each row is a card (StackedTable). Its state (page, size, sort) is the URL's (useListParams).
 */
export function PagedTable<Item>({ label, columns, state, list, loading, failed, empty, stackBelow, children }: PagedTableProps<Item>) {
  // While the next page loads the last one stays on screen, so the button just pressed keeps the focus.
  const last = useRef<Page<Item> | null>(null);
  if (state.status === 'ready') last.current = state.data;
  if (state.status === 'error') return <LoadError message={`${failed} ${state.message}`} onRetry={state.reload} />;
  if (!last.current) return <EmptyState role="status">{loading}</EmptyState>;
  const busy = state.status !== 'ready';
  const { items, total, page, pageSize } = last.current;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = parseSort(list.sort);

  return (
    <div aria-busy={busy}>
      {items.length === 0 ? (
        <EmptyState>{total > 0 ? `La página ${page} está vacía: hay ${pages} ${pages === 1 ? 'página' : 'páginas'}.` : empty}</EmptyState>
      ) : (
        <TableCard>
          <StackedTable aria-label={label} $labels={columns.map((column) => column.label)} $stackBelow={stackBelow}>
            <thead>
              <tr>
                {columns.map((column) => {
                  const sorted = column.sort !== undefined && current.field === column.sort;
                  return (
                    <th
                      key={column.label}
                      scope="col"
                      className={column.numeric ? 'number' : undefined}
                      aria-sort={sorted ? (current.descending ? 'descending' : 'ascending') : undefined}
                    >
                      {column.sort === undefined ? (
                        column.label
                      ) : (
                        <SortButton
                          type="button"
                          onClick={() => list.update({ sort: sorted && !current.descending ? `-${column.sort}` : (column.sort as string) })}
                        >
                          {column.label}
                          <span aria-hidden="true">{sorted ? (current.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
                        </SortButton>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>{items.map(children)}</tbody>
          </StackedTable>
        </TableCard>
      )}
      <Pager aria-label={`Páginas de ${label.toLowerCase()}`}>
        <span role="status">
          {busy
            ? loading
            : total === 0
              ? 'Sin resultados'
              : `${Math.min(total, (page - 1) * pageSize + 1)}–${Math.min(total, page * pageSize)} de ${total} · página ${page} de ${pages}`}
        </span>
        <label>
          Filas por página
          <Select value={list.pageSize} onChange={(event) => list.update({ pageSize: event.target.value })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </label>
        <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => list.update({ page: Math.min(page - 1, pages) })}>
          Anterior
        </Button>
        <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => list.update({ page: page + 1 })}>
          Siguiente
        </Button>
      </Pager>
    </div>
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

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin-top: 0.75rem;

  span {
    flex: 1 1 12rem;
    color: var(--cine-muted, #a6a6bb);
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
  }

  select {
    width: auto;
  }
`;
