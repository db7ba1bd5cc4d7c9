import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import type { AdminComment } from '../api/comments';
import { CommentsSection } from './CommentsSection';

const comment = (id: string, movie: string, username: string, Text: string): AdminComment => ({
  id,
  Text,
  userId: `user-${username}`,
  movieId: `movie-${movie}`,
  user: { username },
  createdAt: '2026-03-01T00:00:00.000Z',
  movie: { id: `movie-${movie}`, Title: movie },
});
const page = (items: AdminComment[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });
const FIRST = '/api/comments/?page=1&pageSize=25&sort=-createdAt';
const renderSection = () => renderInPanel(<CommentsSection token="t" />, '/admin?seccion=comentarios');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on(
      'GET',
      '/api/comments/',
      page([
        comment('c1', 'Matrix', 'ana', 'Excelente'),
        comment('c2', 'Dune', 'beto', 'Larga'),
        comment('c3', 'Matrix', 'caro', 'Volvería'),
      ]),
    )
    .on('GET', '/api/movies/billboard', {
      status: 200,
      body: [
        { id: 'movie-Matrix', Title: 'Matrix' },
        { id: 'movie-Dune', Title: 'Dune' },
      ],
    })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] });
});

test('lists the comments newest first, each with its movie, author, text and date', async () => {
  renderSection();
  expect(screen.getByText('Cargando comentarios…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Comentarios' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Pelicula', 'Usuario', 'Comentario', 'Fecha ▼', 'Borrar']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('MatrixanaExcelente28/02/2026 21:00');
  expect(api.requestsTo('GET', FIRST)).toHaveLength(1);
});

test("the movie filter asks the server for that movie's comments, and the URL keeps it", async () => {
  api.on('GET', `${FIRST}&movieId=movie-Dune`, page([comment('c2', 'Dune', 'beto', 'Larga')]));
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await screen.findByRole('option', { name: 'Dune' });
  await user.selectOptions(screen.getByLabelText('Pelicula'), 'Dune');
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  expect(screen.getByRole('cell', { name: 'Larga' })).toBeInTheDocument();
  expect(currentSearch()).toBe('?seccion=comentarios&movieId=movie-Dune');
});

test("the trash icon opens 'Borrar Comentario'; Cancelar keeps it, Borrar deletes it", async () => {
  api.on('DELETE', '/api/comments/delete/c1', { status: 200, body: { message: 'Comentario eliminado.' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Borrar el comentario de ana' }));
  let dialog = screen.getByRole('dialog', { name: 'Borrar Comentario' });
  expect(dialog).toHaveTextContent('¿ Estás seguro que deseas borrar el comentario ?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('Excelente')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Borrar el comentario de ana' }));
  dialog = screen.getByRole('dialog', { name: 'Borrar Comentario' });
  api.on('GET', '/api/comments/', page([comment('c2', 'Dune', 'beto', 'Larga')]));
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  await waitFor(() => expect(screen.queryByText('Excelente')).not.toBeInTheDocument());
  expect(api.requestsTo('DELETE', '/api/comments/delete/c1')).toHaveLength(1);
});

test('a refused delete keeps the dialog open with the message', async () => {
  api.on('DELETE', '/api/comments/delete/c2', { status: 404, body: { statusCode: 404, error: 'No existe el comentario.' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Borrar el comentario de beto' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('No existe el comentario.');
});

test('no comments and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/comments/', page([]));
  const { unmount } = renderSection();
  expect(await screen.findByText('Todavía no hay comentarios.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/comments/', { status: 503, body: { statusCode: 503, error: 'El servicio no está disponible.' } });
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los comentarios. El servicio no está disponible.');
});
