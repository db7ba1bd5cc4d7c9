import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../test/fakeApi';
import { currentLocation, renderApp } from '../../../test/renderApp';

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'ana@cine.test');
  await userEvent.type(screen.getByLabelText('Nombre de usuario'), 'ana');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
  await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
}

test('shows the heading, the required fields and the 2022 notice', async () => {
  installFakeApi();
  await renderApp('/register');
  expect(screen.getByRole('heading', { name: 'Regístrate' })).toBeInTheDocument();
  for (const label of ['Email', 'Nombre de usuario', 'Contraseña']) {
    expect(screen.getByLabelText(label)).toBeRequired();
  }
  expect(screen.getByText(/2022/)).toBeInTheDocument();
});

test('a used e-mail (409) shows "Error, intente nuevamente"', async () => {
  installFakeApi().on('POST', '/api/auth/register', {
    status: 409,
    body: { statusCode: 409, error: 'Ya existe una cuenta con ese email' },
  });
  await renderApp('/register');
  await fillAndSubmit();
  expect(await screen.findByRole('alert')).toHaveTextContent('Error, intente nuevamente');
  expect(currentLocation(screen)).toBe('/register');
});

test('other server refusals show the server text', async () => {
  installFakeApi().on('POST', '/api/auth/register', {
    status: 400,
    body: { statusCode: 400, error: 'La contraseña debe tener al menos 8 caracteres' },
  });
  await renderApp('/register');
  await fillAndSubmit();
  expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres');
});

test('a successful registration goes to /login, which says the account was created', async () => {
  const api = installFakeApi().on('POST', '/api/auth/register', {
    status: 201,
    body: { id: 'u-ana', email: 'ana@cine.test', username: 'ana', role: 'user' },
  });
  await renderApp('/register');
  await fillAndSubmit();
  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/login');
  expect(screen.getByText('Tu cuenta fue creada. Inicia sesión para continuar.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/auth/register')[0]?.body).toEqual({
    email: 'ana@cine.test',
    username: 'ana',
    password: 'secreto123',
  });
});

test('registering from a movie page hands the place on to /login', async () => {
  installFakeApi().on('POST', '/api/auth/register', {
    status: 201,
    body: { id: 'u-ana', email: 'ana@cine.test', username: 'ana', role: 'user' },
  });
  const place = '/movies/6b04a48846b7a8f7611761ed?funcion=6b04a48846b7a8f7611761ff&comprar=1';
  await renderApp(`/register?volver=${encodeURIComponent(place)}`);
  await fillAndSubmit();
  expect(await screen.findByText('Tu cuenta fue creada. Inicia sesión para continuar.')).toBeInTheDocument();
  expect(currentLocation(screen)).toBe(`/login?volver=${encodeURIComponent(place)}`);
});
