import { PAGE_SIZES, type Page } from '@cine/contracts';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError, Select } from '@cine/web-kit/ui';
import { RecordTable, type Column } from './RecordTable';

export type { Column };

/**
 * Where the table's page, size and sort live: the URL's (useListParams) or a section's own state. Any change
 * but of the page itself goes back to page 1 (the owner's job).
 */
export interface Paging {
  /** The sort ('field' or '-field'): left out, the headers do not sort. */
  sort?: string;
  /** The rows a page: left out, the server's and no 'Filas por página'. */
  pageSize?: number;
  update: (changes: { page?: number; pageSize?: string; sort?: string }) => void;
}

interface PagedTableProps<Item> {
  /** The table's accessible name, e.g. 'Usuarios registrados'. */
  label: string;
  columns: readonly Column<Item>[];
  /** A row's React key: the record's id. */
  rowKey: (item: Item) => string;
  state: AsyncData<Page<Item>> & { reload: () => void };
  list: Paging;
  /** 'Cargando usuarios…' */
  loading: string;
  /** 'No se pudieron cargar los usuarios.' (the server's message follows, with 'Reintentar') */
  failed: string;
  /** Shown when no item matches. */
  empty: ReactNode;
  /** The width under which the rows become cards (StackedTable's default when left out). */
  stackBelow?: string;
}

/**
 * A server-paged table: its page of items (RecordTable), the total, the page-size choice (where the list has
 * one) and 'Anterior' / 'Siguiente'; loading, failed (with 'Reintentar') and empty in between.
 */
export function PagedTable<Item>({ label, columns, rowKey, state, list, loading, failed, empty, stackBelow }: PagedTableProps<Item>) {
  // While the next page loads the last one stays on screen, so the button just pressed keeps the focus.
  const last = useRef<Page<Item> | null>(null);
  if (state.status === 'ready') last.current = state.data;
  if (state.status === 'error') return <LoadError message={`${failed} ${state.message}`} onRetry={state.reload} />;
  if (!last.current) return <EmptyState role="status">{loading}</EmptyState>;
  const busy = state.status !== 'ready';
  const { items, total, page, pageSize } = last.current;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sort = list.sort;

  return (
    <div aria-busy={busy}>
      {items.length === 0 ? (
        <EmptyState>{total > 0 ? `La página ${page} está vacía: hay ${pages} ${pages === 1 ? 'página' : 'páginas'}.` : empty}</EmptyState>
      ) : (
        <RecordTable
          label={label}
          columns={columns}
          rows={items}
          rowKey={rowKey}
          stackBelow={stackBelow}
          sorting={sort === undefined ? undefined : { sort, onSort: (next) => list.update({ sort: next }) }}
        />
      )}
      {(total > 0 || list.pageSize !== undefined) && (
        <Pager aria-label={`Páginas de ${label.charAt(0).toLowerCase()}${label.slice(1)}`}>
          <span role="status">
            {busy
              ? loading
              : total === 0
                ? 'Sin resultados'
                : `${Math.min(total, (page - 1) * pageSize + 1)}–${Math.min(total, page * pageSize)} de ${total} · página ${page} de ${pages}`}
          </span>
          {list.pageSize !== undefined && (
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
          )}
          <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => list.update({ page: Math.min(page - 1, pages) })}>
            Anterior
          </Button>
          <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => list.update({ page: page + 1 })}>
            Siguiente
          </Button>
        </Pager>
      )}
    </div>
  );
}

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
