import { render, screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import FeedbackPage from './FeedbackPage';
import { FeedbackTable } from './FeedbackTable';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/feedback', {
    status: 200,
    body: [
      {
        id: 'f1',
        Text: 'Más funciones en 3D',
        userId: '64a000000000000000000009',
        user: { username: 'sofia' },
        createdAt: '2026-03-01T00:00:00.000Z',
      },
    ],
  });
});

test('a table with the feedback text, username and user id', async () => {
  render(<FeedbackTable token="t" />);
  expect(screen.getByRole('status')).toHaveTextContent('Cargando feedback…');
  const table = await screen.findByRole('table', { name: 'Feedback de los usuarios' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Feedback', 'Usuario', 'Id de usuario']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Más funciones en 3Dsofia64a000000000000000000009');
  expect(api.onlyRequestTo('GET', '/api/feedback').headers.Authorization).toBe('Bearer t');
});

test('the /feedback page shows the same table for an admin', async () => {
  render(<FeedbackPage session={{ token: 't', userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' }} />);
  expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'sofia' })).toBeInTheDocument();
});

test('no feedback and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/feedback', { status: 200, body: [] });
  const { unmount } = render(<FeedbackTable token="t" />);
  expect(await screen.findByText('Todavía no hay feedback de los usuarios.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/feedback', { status: 500, body: { statusCode: 500, error: 'Hubo problemas. Intente nuevamente.' } });
  render(<FeedbackTable token="t" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el feedback. Hubo problemas. Intente nuevamente.');
});
