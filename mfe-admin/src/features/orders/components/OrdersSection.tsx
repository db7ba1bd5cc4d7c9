import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatMoney, instantLabel, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, Select, TextInput } from '@cine/web-kit/ui';
import type { MovieView } from '@cine/contracts';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { RowButton } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { PagedTable } from '../../../components/PagedTable';
import type { Column } from '../../../components/RecordTable';
import { searchOrders, type OrderSearch, type OrderSearchPage } from '../api/orders';

type OrderSearchItem = OrderSearchPage['items'][number];
import { ORDER_STATE_LABELS } from '../orderLabels';

const NO_SEARCH: OrderSearch = { q: '', movieId: '', from: '', to: '', page: 1 };

/**
 * 'Órdenes': the paid orders, newest first, searched by order code or id, a ticket's code, the buyer's e-mail or name, the
 * movie and the days they were paid, twenty a page; each opens its order page (`onOpen`). Of the chosen cinema (issue 38).
 */
export function OrdersSection({ token, cinemaId = '', onOpen }: { token: string; cinemaId?: string; onOpen: (orderId: string) => void }) {
  const [search, setSearch] = useState<OrderSearch>(NO_SEARCH);
  const orders = useAsyncData(() => searchOrders(token, search, cinemaId), `${cinemaId} ${JSON.stringify(search)}`);
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const columns: Column<OrderSearchItem>[] = [
    { label: 'Código', nowrap: true, cell: (order) => order.code },
    {
      label: 'Comprador',
      cell: (order) =>
        order.buyer ? (
          <>
            {order.buyer.name}
            <br />
            <small>{order.buyer.email}</small>
          </>
        ) : (
          'Usuario eliminado o desconocido'
        ),
    },
    {
      label: 'Función',
      cell: (order) => (
        <>
          {order.title} · {order.type}
          <br />
          <small>
            {shortDate(order.date)} {order.schedule} · Sala {order.roomId}
          </small>
        </>
      ),
    },
    { label: 'Entradas', numeric: true, cell: (order) => order.seats },
    { label: 'Total', numeric: true, cell: (order) => formatMoney(order.total) },
    { label: 'Estado', cell: (order) => ORDER_STATE_LABELS[order.state] },
    { label: 'Pagada', cell: (order) => instantLabel(order.paidAt) },
    {
      label: 'Orden',
      cell: (order) => (
        <RowButton type="button" aria-label={`Ver orden ${order.code}`} onClick={() => onOpen(order.id)}>
          Ver
        </RowButton>
      ),
    },
  ];

  return (
    <div>
      <SearchForm movies={movies.status === 'ready' ? movies.data : []} onSearch={(next) => setSearch({ ...next, page: 1 })} />
      <PagedTable
        label="Órdenes"
        columns={columns}
        rowKey={(order) => order.id}
        state={orders}
        list={{ update: ({ page }) => setSearch((current) => ({ ...current, page: page ?? 1 })) }}
        loading="Buscando órdenes…"
        failed="No se pudieron buscar las órdenes."
        empty={isSearching(search) ? 'Ninguna orden coincide con la búsqueda.' : 'Todavía no hay órdenes pagadas.'}
      />
    </div>
  );
}

const isSearching = ({ q, movieId, from, to }: OrderSearch) => Boolean(q || movieId || from || to);

function SearchForm({ movies, onSearch }: { movies: MovieView[]; onSearch: (search: OrderSearch) => void }) {
  const [fields, setFields] = useState(NO_SEARCH);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const set = (field: keyof OrderSearch) => (event: { target: { value: string } }) => setFields({ ...fields, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.from && fields.to && fields.from > fields.to) {
      setError('La fecha «Desde» debe ser anterior o igual a «Hasta».');
      return;
    }
    setError(null);
    onSearch({ ...fields, q: fields.q.trim() });
  };
  const clear = () => {
    setFields(NO_SEARCH);
    setError(null);
    onSearch(NO_SEARCH);
  };

  return (
    <Form role="search" aria-label="Buscar órdenes" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-q`}>
        Código, e-mail o nombre
        <TextInput id={`${id}-q`} type="search" maxLength={100} value={fields.q} onChange={set('q')} />
      </label>
      <label htmlFor={`${id}-movie`}>
        Película
        <Select id={`${id}-movie`} value={fields.movieId} onChange={set('movieId')}>
          <option value="">Todas</option>
          {movies.map((movie) => (
            <option key={movie.id} value={movie.id}>
              {movie.Title}
            </option>
          ))}
        </Select>
      </label>
      <label htmlFor={`${id}-from`}>
        Pagadas desde
        <TextInput id={`${id}-from`} type="date" value={fields.from} onChange={set('from')} />
      </label>
      <label htmlFor={`${id}-to`}>
        Hasta
        <TextInput id={`${id}-to`} type="date" value={fields.to} onChange={set('to')} />
      </label>
      <div className="actions">
        <Button type="submit">Buscar</Button>
        <Button type="button" $variant="secondary" onClick={clear}>
          Ver todas
        </Button>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0.75rem;
  align-items: end;
  margin-bottom: 1rem;

  label {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }

  [role='alert'] {
    grid-column: 1 / -1;
  }
`;
