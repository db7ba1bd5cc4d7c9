import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_RED } from '../../../components/FormMessage';
import { installFakeApi, users } from '../../../test/fakeApi';
import { currentLocation, renderApp } from '../../../test/renderApp';

async function submitLogin(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Contraseña'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

test('a successful login without Recordarme keeps the token and user id for this browser session and goes to /home', async () => {
  const api = installFakeApi().on('POST', '/api/auth/login', {
    status: 200,
    body: { token: 'jwt-ana', user: users.ana },
  });
  await renderApp('/login');

  await submitLogin('ana@cine.test', 'secreto123');

  expect(await screen.findByText('remote catalog/HomePage para ana')).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/home');
  expect(sessionStorage.getItem('sw-token')).toBe('jwt-ana');
  expect(sessionStorage.getItem('sw-user-id')).toBe('u-ana');
  // Closing the browser ends it: nothing is left in the lasting store.
  expect(localStorage.getItem('sw-token')).toBeNull();
  expect(api.requestsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'ana@cine.test', password: 'secreto123' });
  expect(screen.getByRole('button', { name: 'ana' })).toBeInTheDocument();
});

test('a failed login shows the server error in red and a link that opens the recovery dialog', async () => {
  installFakeApi().on('POST', '/api/auth/login', {
    status: 401,
    body: { statusCode: 401, error: 'Email o contraseña incorrectos' },
  });
  await renderApp('/login');

  await submitLogin('ana@cine.test', 'equivocada');

  const error = await screen.findByText('Email o contraseña incorrectos');
  expect(error).toHaveStyle({ color: ERROR_RED });
  expect(localStorage.getItem('sw-token')).toBeNull();
  expect(currentLocation(screen)).toBe('/login');

  await userEvent.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña? Recupérala aquí' }));
  const dialog = screen.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' });
  expect(within(dialog).getByLabelText('Email')).toHaveValue('ana@cine.test');
});

test('the form requires an e-mail typed address and a password, and offers Recordarme and Regístrate', async () => {
  installFakeApi();
  await renderApp('/login');
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toBeRequired();
  expect(screen.getByLabelText('Contraseña')).toBeRequired();
  expect(screen.getByRole('checkbox', { name: 'Recordarme' })).not.toBeChecked();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register');
});

test('with Recordarme the session is kept where it survives closing the browser', async () => {
  installFakeApi().on('POST', '/api/auth/login', { status: 200, body: { token: 'jwt-ana', user: users.ana } });
  await renderApp('/login');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Recordarme' }));
  await submitLogin('ana@cine.test', 'secreto123');
  expect(await screen.findByText('remote catalog/HomePage para ana')).toBeInTheDocument();
  expect(localStorage.getItem('sw-token')).toBe('jwt-ana');
  expect(localStorage.getItem('sw-user-id')).toBe('u-ana');
  expect(sessionStorage.getItem('sw-token')).toBeNull();
});

test('¿Olvidaste tu contraseña? opens the recovery dialog before any failed attempt', async () => {
  installFakeApi();
  await renderApp('/login');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@cine.test');
  await userEvent.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
  expect(within(screen.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' })).getByLabelText('Email')).toHaveValue('ana@cine.test');
});

test('signing in from a movie page goes back to it, with the show chosen (?volver=)', async () => {
  installFakeApi().on('POST', '/api/auth/login', { status: 200, body: { token: 'jwt-ana', user: users.ana } });
  const place = '/movies/6b04a48846b7a8f7611761ed?funcion=6b04a48846b7a8f7611761ff&comprar=1';
  await renderApp(`/login?volver=${encodeURIComponent(place)}`);
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
    'href',
    `/register?volver=${encodeURIComponent(place)}`,
  );
  await submitLogin('ana@cine.test', 'secreto123');
  expect(await screen.findByText('remote catalog/MovieDetailPage para ana')).toBeInTheDocument();
  expect(currentLocation(screen)).toBe(place);
});

test('a ?volver= of another site is ignored: the login goes home', async () => {
  installFakeApi().on('POST', '/api/auth/login', { status: 200, body: { token: 'jwt-ana', user: users.ana } });
  await renderApp(`/login?volver=${encodeURIComponent('//evil.example/robar')}`);
  await submitLogin('ana@cine.test', 'secreto123');
  expect(await screen.findByText('remote catalog/HomePage para ana')).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/home');
});
