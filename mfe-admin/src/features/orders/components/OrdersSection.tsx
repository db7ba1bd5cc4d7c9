import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatMoney, instantLabel, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError, Select, TextInput } from '@cine/web-kit/ui';
import type { MovieView } from '@cine/contracts';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { RowButton, Table, TableCard } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { searchOrders, type OrderSearch, type OrderSearchPage } from '../api/orders';
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

  return (
    <div>
      <SearchForm movies={movies.status === 'ready' ? movies.data : []} onSearch={(next) => setSearch({ ...next, page: 1 })} />
      {orders.status === 'loading' || orders.status === 'idle' ? (
        <EmptyState role="status">Buscando órdenes…</EmptyState>
      ) : orders.status === 'error' ? (
        <LoadError message={`No se pudieron buscar las órdenes. ${orders.message}`} onRetry={orders.reload} />
      ) : orders.data.total === 0 ? (
        <EmptyState>{isSearching(search) ? 'Ninguna orden coincide con la búsqueda.' : 'Todavía no hay órdenes pagadas.'}</EmptyState>
      ) : (
        <Results page={orders.data} onOpen={onOpen} onPage={(page) => setSearch({ ...search, page })} />
      )}
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

function Results({ page, onOpen, onPage }: { page: OrderSearchPage; onOpen: (orderId: string) => void; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <>
      <p role="status">
        {page.total === 1 ? '1 orden' : `${page.total} órdenes`} · página {page.page} de {pages}
      </p>
      <TableCard>
        <Table aria-label="Órdenes">
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Comprador</th>
              <th scope="col">Función</th>
              <th scope="col">Entradas</th>
              <th scope="col">Total</th>
              <th scope="col">Estado</th>
              <th scope="col">Pagada</th>
              <th scope="col">Orden</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((order) => (
              <tr key={order.id}>
                <td className="code">{order.code}</td>
                <td>
                  {order.buyer ? (
                    <>
                      {order.buyer.name}
                      <br />
                      <small>{order.buyer.email}</small>
                    </>
                  ) : (
                    'Usuario eliminado o desconocido'
                  )}
                </td>
                <td>
                  {order.title} · {order.type}
                  <br />
                  <small>
                    {shortDate(order.date)} {order.schedule} · Sala {order.roomId}
                  </small>
                </td>
                <td className="number">{order.seats}</td>
                <td className="number">{formatMoney(order.total)}</td>
                <td>{ORDER_STATE_LABELS[order.state]}</td>
                <td>{instantLabel(order.paidAt)}</td>
                <td>
                  <RowButton type="button" aria-label={`Ver orden ${order.code}`} onClick={() => onOpen(order.id)}>
                    Ver
                  </RowButton>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
      <Pager aria-label="Páginas de órdenes">
        <Button type="button" $variant="secondary" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
          Anterior
        </Button>
        <Button type="button" $variant="secondary" disabled={page.page >= pages} onClick={() => onPage(page.page + 1)}>
          Siguiente
        </Button>
      </Pager>
    </>
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

const Pager = styled.nav`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;
