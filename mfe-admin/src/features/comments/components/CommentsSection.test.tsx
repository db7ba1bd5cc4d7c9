import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
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

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/comments/', {
    status: 200,
    body: [
      comment('c1', 'Matrix', 'ana', 'Excelente'),
      comment('c2', 'Dune', 'beto', 'Larga'),
      comment('c3', 'Matrix', 'caro', 'Volvería'),
    ],
  });
});

test('shows each movie with its comments: username and text', async () => {
  render(<CommentsSection token="t" />);
  expect(screen.getByRole('status')).toHaveTextContent('Cargando comentarios…');
  const matrix = await screen.findByRole('list', { name: 'Comentarios de Matrix' });
  expect(
    within(matrix)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['anaExcelente', 'caroVolvería']);
  expect(screen.getByRole('list', { name: 'Comentarios de Dune' })).toHaveTextContent('betoLarga');
  expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Dune', 'Matrix']);
});

test("the trash icon opens 'Borrar Comentario'; Cancelar keeps it, Borrar deletes it", async () => {
  api.on('DELETE', '/api/comments/delete/c1', { status: 200, body: { message: 'Comentario eliminado.' } });
  const user = userEvent.setup();
  render(<CommentsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Borrar el comentario de ana' }));
  let dialog = screen.getByRole('dialog', { name: 'Borrar Comentario' });
  expect(dialog).toHaveTextContent('¿ Estás seguro que deseas borrar el comentario ?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('Excelente')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Borrar el comentario de ana' }));
  dialog = screen.getByRole('dialog', { name: 'Borrar Comentario' });
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  await waitFor(() => expect(screen.queryByText('Excelente')).not.toBeInTheDocument());
  expect(api.requestsTo('DELETE', '/api/comments/delete/c1')).toHaveLength(1);
});

test('a refused delete keeps the dialog open with the message', async () => {
  api.on('DELETE', '/api/comments/delete/c2', { status: 404, body: { statusCode: 404, error: 'No existe el comentario.' } });
  const user = userEvent.setup();
  render(<CommentsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Borrar el comentario de beto' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('No existe el comentario.');
});

test('no comments and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/comments/', { status: 200, body: [] });
  const { unmount } = render(<CommentsSection token="t" />);
  expect(await screen.findByText('Todavía no hay comentarios.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/comments/', { status: 503, body: { statusCode: 503, error: 'El servicio no está disponible.' } });
  render(<CommentsSection token="t" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los comentarios. El servicio no está disponible.');
});
