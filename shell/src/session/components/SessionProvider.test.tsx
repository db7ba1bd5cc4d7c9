import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { installFakeApi, signedInAs, users } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const navbar = () => within(screen.getByRole('navigation', { name: 'Principal' }));

test('a stored token is verified with the server, sending it as a bearer token', async () => {
  const api = installFakeApi();
  signedInAs(api, users.root);
  await renderApp('/home');
  expect(await navbar().findByRole('button', { name: 'root' })).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/auth/verifyrole')[0]?.headers.Authorization).toBe('Bearer token-u-root');
});

test('a 401 from the role check clears the stored session', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  api.on('GET', '/api/auth/verifyrole', { status: 401, body: { statusCode: 401, error: 'Sesión expirada' } });
  await renderApp('/home');
  await screen.findByText(/remote catalog\/HomePage sin sesión/);
  expect(localStorage.getItem('sw-token')).toBeNull();
  expect(localStorage.getItem('sw-user-id')).toBeNull();
  expect(navbar().getByRole('button', { name: 'Usuario' })).toBeInTheDocument();
});

test('a session that ended (401) forgets the door’s saved ticket lists on this device, not its check-ins still to upload', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  for (const key of ['cine-door-show-s1', 'cine-door-keys', 'cine-door-last-show', 'cine-door-checkins']) localStorage.setItem(key, '[]');
  api.on('GET', '/api/auth/verifyrole', { status: 401, body: { statusCode: 401, error: 'Sesión expirada' } });
  await renderApp('/home');
  await screen.findByText(/remote catalog\/HomePage sin sesión/);
  expect(Object.keys(localStorage).filter((key) => key.startsWith('cine-door-'))).toEqual(['cine-door-checkins']);
});

test('an unreachable server keeps the token but grants no admin rights', async () => {
  const api = installFakeApi();
  localStorage.setItem('sw-token', 'token-u-root');
  api.on('GET', '/api/auth/verifyrole', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible' } });
  const loadRemotePage = jest.fn();
  await renderApp('/admin', loadRemotePage);
  await screen.findByRole('button', { name: 'Usuario' });
  expect(localStorage.getItem('sw-token')).toBe('token-u-root');
  expect(navbar().queryByRole('link', { name: 'Panel de Admin' })).not.toBeInTheDocument();
  expect(loadRemotePage).not.toHaveBeenCalled();
});

test("'Cerrar sesión' ends the session on the server (POST /auth/logout with its token), not only on this device", async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  api.on('POST', '/api/auth/logout', { status: 200, body: { message: 'Sesión cerrada.' } });
  await renderApp('/home');
  await userEvent.click(await navbar().findByRole('button', { name: 'ana' }));
  await userEvent.click(navbar().getByRole('button', { name: 'Cerrar sesión' }));

  expect(await navbar().findByRole('button', { name: 'Usuario' })).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/auth/logout')[0]?.headers.Authorization).toBe('Bearer token-u-ana');
  expect(localStorage.getItem('sw-token')).toBeNull();
});
