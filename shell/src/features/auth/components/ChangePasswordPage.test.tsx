import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, signedInAs, users } from '../../../test/fakeApi';
import { currentLocation, renderApp } from '../../../test/renderApp';

test('Actualizar sends the current and the new password with the account data, then signs out to /login with a notice', async () => {
  const api = installFakeApi().on('PUT', '/api/auth/password', { status: 200, body: { message: 'ok' } });
  signedInAs(api, users.ana);
  await renderApp('/changepassword');

  const current = await screen.findByLabelText('Contraseña actual');
  expect(current).toHaveAttribute('type', 'password');
  expect(current).toHaveAttribute('autocomplete', 'current-password');
  expect(current).toBeRequired();
  const field = screen.getByLabelText('Ingresa tu nueva contraseña');
  expect(field).toHaveAttribute('minLength', '8');
  await userEvent.type(current, 'mi-clave-de-hoy');
  await userEvent.type(field, 'otra-clave-9');
  await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));

  expect(await screen.findByText(/Tu contraseña fue actualizada/)).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/login');
  expect(localStorage.getItem('sw-token')).toBeNull();
  expect(localStorage.getItem('sw-user-id')).toBeNull();
  const [request] = api.requestsTo('PUT', '/api/auth/password');
  expect(request?.body).toEqual({
    password: 'otra-clave-9',
    currentPassword: 'mi-clave-de-hoy',
    email: 'ana@cine.test',
    username: 'ana',
    role: 'user',
  });
  expect(request?.headers.Authorization).toBe('Bearer token-u-ana');
  expect(screen.getByRole('button', { name: 'Usuario' })).toBeInTheDocument();
});

test('a wrong current password shows the server message and keeps the session', async () => {
  const api = installFakeApi().on('PUT', '/api/auth/password', {
    status: 400,
    body: { statusCode: 400, error: 'La contraseña actual no es correcta.' },
  });
  signedInAs(api, users.ana);
  await renderApp('/changepassword');
  await userEvent.type(await screen.findByLabelText('Contraseña actual'), 'no-es-esta');
  await userEvent.type(screen.getByLabelText('Ingresa tu nueva contraseña'), 'otra-clave-9');
  await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta.');
  expect(localStorage.getItem('sw-token')).toBe('token-u-ana');
});

test('without a session it offers Inicia Sesion', async () => {
  installFakeApi();
  await renderApp('/changepassword');
  expect(screen.getByRole('link', { name: 'Inicia Sesion' })).toHaveAttribute('href', '/login');
});
