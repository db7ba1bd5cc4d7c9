import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { aMovie, installFakeApi } from '../../../test/fakeApi';
import type { MovieDetail } from '@cine/contracts';
import type { PurchaseMovie, RemotePageProps, RemoteWidgets } from '@cine/web-kit';
import MovieDetailPage from './MovieDetailPage';

const ana: NonNullable<RemotePageProps['session']> = {
  token: 'tok',
  userId: 'u-ana',
  username: 'ana',
  email: 'ana@cine.test',
  role: 'user',
};

function aDetail(overrides: Partial<MovieDetail> = {}): MovieDetail {
  return { ...aMovie({ id: '42', Title: 'Dune III', Rated: '+13', Runtime: 155 }), comments: [], ...overrides };
}

/** Stands in for the checkout's purchase widget that the shell lends the page. */
const widgets: RemoteWidgets = {
  PurchasePanel: ({ movie }: { movie: PurchaseMovie }) => (
    <p>{`compra de ${movie.Title} (${movie.id}) · ${movie.Trailer} · ${movie.Language ?? ''}`}</p>
  ),
};

function renderDetail(session: RemotePageProps['session'] = null, path = '/movies/42') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/movies/:id" element={<MovieDetailPage session={session} widgets={widgets} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.spyOn(window, 'alert').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('shows a skeleton, then the movie facts, the trailer and the purchase widget in its slot', async () => {
  installFakeApi().on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  const { container } = renderDetail();
  expect(screen.getByRole('status')).toHaveTextContent('Cargando película...');

  expect(await screen.findByRole('heading', { level: 1, name: 'Dune III' })).toBeInTheDocument();
  expect(screen.getByLabelText('Clasificación +13')).toHaveTextContent('+13');
  const poster = screen.getByRole('img', { name: 'Póster de Dune III' });
  expect(poster).toHaveAttribute('src', '/api/images/intensamente.png');
  // The largest paint on a phone: fetched first, its box reserved.
  expect(poster).toHaveAttribute('fetchpriority', 'high');
  expect(poster).toHaveAttribute('width', '400');
  expect(poster).toHaveAttribute('height', '600');
  expect(screen.getByText('Las emociones de Riley vuelven a la sede central.')).toBeInTheDocument();
  const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(fact('Género')).toHaveTextContent('Animación, Comedia');
  expect(fact('Actores')).toHaveTextContent('Amy Poehler, Phyllis Smith');
  expect(fact('Director')).toHaveTextContent('Kelsey Mann');
  expect(fact('Duración')).toHaveTextContent('155 minutos');
  expect(fact('Idioma')).toHaveTextContent('Español');
  expect(screen.getByTitle('Tráiler de Dune III')).toHaveAttribute('src', 'https://www.youtube.com/embed/abcdefghijk');
  const slot = container.querySelector<HTMLElement>('[data-slot="purchase-controls"]');
  expect(slot).toBeInTheDocument();
  expect(within(slot!).getByText('compra de Dune III (42) · https://www.youtube.com/embed/abcdefghijk · Español')).toBeInTheDocument();
  expect(screen.queryByText(/Entradas disponibles a partir del/)).not.toBeInTheDocument();
});

test('on its own (no shell to lend the widget) the slot stays empty', async () => {
  installFakeApi().on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  const { container } = render(
    <MemoryRouter initialEntries={['/movies/42']}>
      <Routes>
        <Route path="/movies/:id" element={<MovieDetailPage session={null} />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Dune III' });
  expect(container.querySelector('[data-slot="purchase-controls"]')).toBeEmptyDOMElement();
});

test('an upcoming movie says when tickets go on sale instead of the purchase controls', async () => {
  installFakeApi().on('GET', '/api/movies/search/42', {
    status: 200,
    body: aDetail({ Release: '2099-03-12T00:00:00.000Z', ReleaseDate: '2099-03-12', ReleaseText: '12 Mar 2099' }),
  });
  const { container } = renderDetail();
  expect(await screen.findByText('Entradas disponibles a partir del 12 de marzo de 2099')).toBeInTheDocument();
  expect(container.querySelector('[data-slot="purchase-controls"]')).not.toBeInTheDocument();
  expect(screen.queryByText(/compra de/)).not.toBeInTheDocument();
});

test('without a trailer link a text replaces the frame', async () => {
  installFakeApi().on('GET', '/api/movies/search/42', { status: 200, body: aDetail({ Trailer: '' }) });
  renderDetail();
  expect(await screen.findByText('El tráiler no está disponible en este momento.')).toBeInTheDocument();
  expect(screen.queryByTitle('Tráiler de Dune III')).not.toBeInTheDocument();
});

test('lists the comments with their authors, or NO HAY COMENTARIOS', async () => {
  const api = installFakeApi().on('GET', '/api/movies/search/42', {
    status: 200,
    body: aDetail({
      comments: [
        {
          id: 'c1',
          Text: 'Una obra maestra',
          userId: 'u-bea',
          movieId: '42',
          user: { username: 'bea' },
          createdAt: '2026-03-01T12:00:00.000Z',
        },
      ],
    }),
  });
  const { unmount } = renderDetail();
  const comments = await screen.findByRole('region', { name: 'Comentarios' });
  expect(within(comments).getByText('bea')).toBeInTheDocument();
  expect(within(comments).getByText('Una obra maestra')).toBeInTheDocument();
  unmount();

  api.on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  renderDetail();
  expect(await screen.findByText('NO HAY COMENTARIOS')).toBeInTheDocument();
});

test('a guest is asked to log in instead of getting the comment field', async () => {
  installFakeApi().on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  renderDetail(null);
  const comments = await screen.findByRole('region', { name: 'Comentarios' });
  expect(within(comments).getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
  expect(within(comments).queryByRole('textbox')).not.toBeInTheDocument();
});

test('an empty comment is blocked with Escriba un comentario', async () => {
  const api = installFakeApi().on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  renderDetail(ana);
  await userEvent.type(await screen.findByLabelText('Tu comentario'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(window.alert).toHaveBeenCalledWith('Escriba un comentario');
  expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('a comment is sent as the signed-in user, confirmed, the field cleared and the list refreshed', async () => {
  const created = {
    id: 'c9',
    Text: 'Me encantó',
    userId: 'u-ana',
    movieId: '42',
    user: { username: 'ana' },
    createdAt: '2026-03-01T12:00:00.000Z',
  };
  const api = installFakeApi()
    .on('GET', '/api/movies/search/42', { status: 200, body: aDetail() })
    .on('POST', '/api/comments/add/42?userId=u-ana', (request) => {
      api.on('GET', '/api/movies/search/42', { status: 200, body: aDetail({ comments: [created] }) });
      return { status: 201, body: { ...created, Text: (request.body as { Text: string }).Text } };
    });
  renderDetail(ana);
  await userEvent.type(await screen.findByLabelText('Tu comentario'), 'Me encantó');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

  expect(window.alert).toHaveBeenCalledWith('Comentario Creado');
  const [request] = api.requestsTo('POST', '/api/comments/add/42?userId=u-ana');
  expect(request!.body).toEqual({ Text: 'Me encantó' });
  expect(request!.headers.Authorization).toBe('Bearer tok');
  expect(screen.getByLabelText('Tu comentario')).toHaveValue('');
  const comments = screen.getByRole('region', { name: 'Comentarios' });
  expect(await within(comments).findByText('Me encantó')).toBeInTheDocument();
  expect(within(comments).queryByText('NO HAY COMENTARIOS')).not.toBeInTheDocument();
});

test("the server's refusal is shown as it says", async () => {
  installFakeApi()
    .on('GET', '/api/movies/search/42', { status: 200, body: aDetail() })
    .on('POST', '/api/comments/add/42?userId=u-ana', { status: 401, body: { statusCode: 401, error: 'Sesión vencida' } });
  renderDetail(ana);
  await userEvent.type(await screen.findByLabelText('Tu comentario'), 'Hola');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(window.alert).toHaveBeenCalledWith('Sesión vencida');
  expect(screen.getByLabelText('Tu comentario')).toHaveValue('Hola');
});

test('a failed load offers Reintentar, which loads the movie again', async () => {
  const api = installFakeApi().on('GET', '/api/movies/search/42', {
    status: 503,
    body: { statusCode: 503, error: 'Servicio no disponible' },
  });
  renderDetail();
  expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
  api.on('GET', '/api/movies/search/42', { status: 200, body: aDetail() });
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dune III' })).toBeInTheDocument();
});

test('an unknown movie links back to the billboard', async () => {
  installFakeApi().on('GET', '/api/movies/search/nada', { status: 404, body: { statusCode: 404, error: 'Película no encontrada' } });
  renderDetail(null, '/movies/nada');
  expect(await screen.findByRole('link', { name: 'Ver la cartelera' })).toHaveAttribute('href', '/home');
});
