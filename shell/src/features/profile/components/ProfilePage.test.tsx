import { screen } from '@testing-library/react';
import { installFakeApi, signedInAs, users } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

test('shows the username, the e-mail and the own comments with their movie titles', async () => {
  const api = installFakeApi().on('GET', '/api/comments/user/u-ana', {
    status: 200,
    body: [
      { id: 'c1', Text: 'Una obra maestra', movie: { id: 'm1', Title: 'El Padrino' } },
      { id: 'c2', Text: 'Muy larga', movie: { id: 'm2', Title: 'Titanic' } },
    ],
  });
  signedInAs(api, users.ana);
  await renderApp('/profile');

  expect(await screen.findByText('ana@cine.test')).toBeInTheDocument();
  expect(screen.getAllByText('ana').length).toBeGreaterThan(0);
  expect(screen.getByRole('heading', { name: 'El Padrino' })).toBeInTheDocument();
  expect(screen.getByText('Una obra maestra')).toBeInTheDocument();
  expect(screen.getByText('Muy larga')).toBeInTheDocument();
  expect(screen.queryByText('No has comentado nada todavía')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Cambiar contraseña' })).toHaveAttribute('href', '/changepassword');
  expect(screen.getByRole('link', { name: 'Ir a Cine Club' })).toHaveAttribute('href', '/club');
});

test('with no comments it says so', async () => {
  const api = installFakeApi().on('GET', '/api/comments/user/u-ana', { status: 200, body: [] });
  signedInAs(api, users.ana);
  await renderApp('/profile');
  expect(await screen.findByText('No has comentado nada todavía')).toBeInTheDocument();
});

test.each([404, 503])('a %i from the comments service counts as no comments', async (status) => {
  const api = installFakeApi().on('GET', '/api/comments/user/u-ana', {
    status,
    body: { statusCode: status, error: 'No disponible' },
  });
  signedInAs(api, users.ana);
  await renderApp('/profile');
  expect(await screen.findByText('No has comentado nada todavía')).toBeInTheDocument();
  expect(screen.getByText('ana@cine.test')).toBeInTheDocument();
});

test('without a user it offers Inicia Sesion', async () => {
  installFakeApi();
  await renderApp('/profile');
  expect(await screen.findByRole('link', { name: 'Inicia Sesion' })).toHaveAttribute('href', '/login');
});

test('a user the server no longer knows gets Inicia Sesion', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  api.on('GET', '/api/auth/me', { status: 404, body: { statusCode: 404, error: 'Usuario no encontrado' } });
  await renderApp('/profile');
  expect(await screen.findByRole('link', { name: 'Inicia Sesion' })).toBeInTheDocument();
});
