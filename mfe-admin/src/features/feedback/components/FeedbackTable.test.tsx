import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import FeedbackPage from './FeedbackPage';
import { FeedbackTable } from './FeedbackTable';

const page = (items: unknown[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/feedback', {
    status: 200,
    body: page([
      {
        id: 'f1',
        Text: 'Más funciones en 3D',
        userId: '64a000000000000000000009',
        user: { username: 'sofia' },
        createdAt: '2026-03-01T00:00:00.000Z',
      },
    ]),
  });
});

test('a table with the feedback text, username and user id', async () => {
  renderInPanel(<FeedbackTable token="t" />);
  expect(screen.getByText('Cargando feedback…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Feedback de los usuarios' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Feedback', 'Usuario', 'Id de usuario', 'Fecha ▼']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Más funciones en 3Dsofia64a000000000000000000009');
  expect(api.onlyRequestTo('GET', '/api/feedback?page=1&pageSize=25&sort=-createdAt').headers.Authorization).toBe('Bearer t');
});

test('the date header turns the order to oldest first on the server, and the URL keeps it', async () => {
  const user = userEvent.setup();
  renderInPanel(<FeedbackTable token="t" />, '/admin?seccion=feedback');
  await user.click(await screen.findByRole('button', { name: /Fecha/ }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: /Fecha/ })).toHaveAttribute('aria-sort', 'ascending'));
  expect(api.requestsTo('GET', '/api/feedback?page=1&pageSize=25&sort=createdAt')).toHaveLength(1);
  expect(currentSearch()).toBe('?seccion=feedback&sort=createdAt');
});

test('the /feedback page shows the same table for an admin', async () => {
  renderInPanel(<FeedbackPage session={{ token: 't', userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' }} />);
  expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'sofia' })).toBeInTheDocument();
});

test('no feedback and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/feedback', { status: 200, body: page([]) });
  const { unmount } = renderInPanel(<FeedbackTable token="t" />);
  expect(await screen.findByText('Todavía no hay feedback de los usuarios.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/feedback', { status: 500, body: { statusCode: 500, error: 'Hubo problemas. Intente nuevamente.' } });
  renderInPanel(<FeedbackTable token="t" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el feedback. Hubo problemas. Intente nuevamente.');
});
