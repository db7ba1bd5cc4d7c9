import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, signedInAs, users } from '../../../test/fakeApi';
import { currentLocation, renderApp } from '../../../test/renderApp';

const navbar = () => within(screen.getByRole('navigation', { name: 'Principal' }));

test('logged out: the user menu says Usuario and offers Iniciar sesión; no admin link', async () => {
  installFakeApi();
  await renderApp('/home');
  await userEvent.click(navbar().getByRole('button', { name: 'Usuario' }));
  expect(navbar().getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  expect(navbar().queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
  expect(navbar().queryByRole('link', { name: 'Panel de Admin' })).not.toBeInTheDocument();
});

test('a user sees the username, Mi perfil and Cerrar sesión, but no Panel de Admin', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp('/home');
  await userEvent.click(await navbar().findByRole('button', { name: 'ana' }));
  expect(navbar().getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/profile');
  expect(navbar().getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  expect(navbar().queryByRole('link', { name: 'Panel de Admin' })).not.toBeInTheDocument();
});

test('a user menu links Mis compras, Mis entradas and Cine Club; only staff and admins get Control de acceso', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp('/home');
  await userEvent.click(await navbar().findByRole('button', { name: 'ana' }));
  expect(navbar().getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/mis-compras');
  expect(navbar().getByRole('link', { name: 'Mis entradas' })).toHaveAttribute('href', '/mis-entradas');
  expect(navbar().getByRole('link', { name: 'Cine Club' })).toHaveAttribute('href', '/club');
  expect(navbar().queryByRole('link', { name: 'Control de acceso' })).not.toBeInTheDocument();
});

test('staff see Control de acceso and nothing of the back office', async () => {
  const api = installFakeApi();
  signedInAs(api, users.portero);
  await renderApp('/home');
  await userEvent.click(await navbar().findByRole('button', { name: 'portero' }));
  expect(navbar().getByRole('link', { name: 'Control de acceso' })).toHaveAttribute('href', '/acceso');
  expect(navbar().queryByRole('link', { name: 'Panel de Admin' })).not.toBeInTheDocument();
});

test("a cinema's manager gets Panel del cine and Control de acceso in the user menu", async () => {
  const api = installFakeApi();
  signedInAs(api, users.gerente);
  await renderApp('/home');
  await userEvent.click(await navbar().findByRole('button', { name: 'gerente' }));
  expect(navbar().getByRole('link', { name: 'Panel del cine' })).toHaveAttribute('href', '/admin');
  expect(navbar().getByRole('link', { name: 'Control de acceso' })).toHaveAttribute('href', '/acceso');
});

test('an admin sees Panel de Admin linking to /admin', async () => {
  const api = installFakeApi();
  signedInAs(api, users.root);
  await renderApp('/home');
  expect(await navbar().findByRole('link', { name: 'Panel de Admin' })).toHaveAttribute('href', '/admin');
});

test('the navbar links: logo to /, Home, Promos to /candy', async () => {
  installFakeApi();
  await renderApp('/about');
  expect(navbar().getByRole('link', { name: 'Cine, ir al inicio' })).toHaveAttribute('href', '/');
  expect(navbar().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  expect(navbar().getByRole('link', { name: 'Promos' })).toHaveAttribute('href', '/candy');
});

test('Próximos estrenos goes to /home and scrolls to the premieres section', async () => {
  installFakeApi();
  const scrolled: string[] = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.id);
  };
  const homeWithPremieres = async () => ({
    default: () => <section id="proximos-estrenos">PRÓXIMOS ESTRENOS</section>,
  });
  await renderApp('/about', homeWithPremieres);
  await userEvent.click(navbar().getByRole('button', { name: 'Próximos estrenos' }));
  expect(await screen.findByText('PRÓXIMOS ESTRENOS')).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/home');
  expect(scrolled).toContain('proximos-estrenos');
});

test('Cerrar sesión removes the token and user id and goes to /home', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp('/profile');
  await userEvent.click(await navbar().findByRole('button', { name: 'ana' }));
  await userEvent.click(navbar().getByRole('button', { name: 'Cerrar sesión' }));
  expect(currentLocation(screen)).toBe('/home');
  expect(localStorage.getItem('sw-token')).toBeNull();
  expect(localStorage.getItem('sw-user-id')).toBeNull();
  expect(navbar().getByRole('button', { name: 'Usuario' })).toBeInTheDocument();
});

test('an empty search alerts "Ingrese un título válido." and stays put', async () => {
  installFakeApi();
  await renderApp('/about');
  await userEvent.type(screen.getByPlaceholderText('Buscar...'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(window.alert).toHaveBeenCalledWith('Ingrese un título válido.');
  expect(currentLocation(screen)).toBe('/about');
});

test('a search goes to /home with the text', async () => {
  installFakeApi();
  await renderApp('/about');
  await userEvent.type(screen.getByPlaceholderText('Buscar...'), 'El Padrino{Enter}');
  expect(window.alert).not.toHaveBeenCalled();
  expect(currentLocation(screen)).toBe('/home?search=El%20Padrino');
});

test('the footer invites guests to register', async () => {
  installFakeApi();
  await renderApp('/about');
  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register');
});

test('on a phone-sized screen the menu button toggles the menu', async () => {
  installFakeApi();
  await renderApp('/home');
  // jsdom applies no media queries, so the phone-only button stays display:none and has no role name here.
  const toggle = navbar().getByLabelText('Menú');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test('Cartelera por día is in the navbar; a user finds Mis compras in the user menu', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp('/home');
  expect(navbar().getByRole('link', { name: 'Cartelera por día' })).toHaveAttribute('href', '/cartelera');
  await userEvent.click(await navbar().findByRole('button', { name: 'ana' }));
  expect(navbar().getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/mis-compras');
});

test('every page starts with a "Saltar al contenido" link to the page content, and has its own title', async () => {
  installFakeApi();
  await renderApp('/cartelera');
  const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
  expect(skip).toHaveAttribute('href', '#contenido');
  expect(document.getElementById('contenido')).toContainElement(await screen.findByText(/remote catalog\/BillboardByDayPage/));
  expect(document.title).toBe('Cine — Cartelera por día');
});

test('the footer carries the cinema’s name, address and hours from /config.js, and the current year', async () => {
  window.__CINE_CONFIG__ = { cinema: { name: 'Cine Lumière', address: 'Calle Falsa 123', hours: 'De 14 a 24' } } as never;
  try {
    installFakeApi();
    await renderApp('/about');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Cine Lumière')).toBeInTheDocument();
    expect(footer.getByText('Calle Falsa 123')).toBeInTheDocument();
    expect(footer.getByText('De 14 a 24')).toBeInTheDocument();
    expect(footer.getByText(`© ${new Date().getFullYear()} Cine Lumière · Todos los derechos reservados.`)).toBeInTheDocument();
  } finally {
    delete window.__CINE_CONFIG__;
  }
});
