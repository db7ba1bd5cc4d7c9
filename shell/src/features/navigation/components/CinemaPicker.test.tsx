import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAIN_CINEMAS, withChainCinemas } from '@cine/web-kit/testing';
import { installFakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const navbar = () => within(screen.getByRole('navigation', { name: 'Principal' }));

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

test('the navbar asks "¿En qué cine?" and lists each cinema by name and city', async () => {
  withChainCinemas(installFakeApi());
  await renderApp('/home');
  const picker = navbar().getByRole('combobox', { name: 'Cine' });
  await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
  expect(
    within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['¿En qué cine?', 'Cine Centro · Buenos Aires', 'Cine Norte · Buenos Aires', 'Cine Córdoba · Córdoba']);
  expect(picker).toHaveValue('');
});

test('choosing with the keyboard remembers the cinema on the device and in the URL; the next visit starts with it', async () => {
  withChainCinemas(installFakeApi());
  const first = await renderApp('/home');
  const picker = navbar().getByRole('combobox', { name: 'Cine' });
  await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
  picker.focus();
  await userEvent.selectOptions(picker, 'Cine Norte · Buenos Aires');
  expect(localStorage.getItem('cine.cinema')).toBe('norte');
  expect(window.location.search).toBe('?cine=norte');
  // The footer's address is the chosen cinema's.
  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByText('Av. Maipú 2500, Olivos').closest('address')).toHaveTextContent(
    'Cine NorteAv. Maipú 2500, OlivosTodos los días de 14 a 24',
  );
  first.unmount();

  window.history.replaceState(null, '', '/');
  await renderApp('/cartelera');
  await waitFor(() => expect(navbar().getByRole('combobox', { name: 'Cine' })).toHaveValue('norte'));
  expect(CHAIN_CINEMAS.map((cinema) => cinema.slug)).toContain('norte');
});

test('the cinemas failing to load never blocks the page: the picker says so, and asks again when focused', async () => {
  const api = installFakeApi();
  let up = false;
  api.on('GET', '/api/cinemas', () =>
    up ? { status: 200, body: CHAIN_CINEMAS } : { status: 503, body: { error: 'Servicio no disponible' } },
  );
  (globalThis as { __CINE_CINEMAS__?: unknown }).__CINE_CINEMAS__ = undefined;
  await renderApp('/home');
  const picker = navbar().getByRole('combobox', { name: 'Cine' });
  await waitFor(() => expect(picker).toHaveDisplayValue('No pudimos cargar los cines'));
  expect(screen.getByText(/remote catalog\/HomePage/)).toBeInTheDocument();
  up = true;
  await userEvent.click(picker);
  await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
});

test('the back office’s pages (their own cinema selector) have no buyer’s picker', async () => {
  withChainCinemas(installFakeApi());
  await renderApp('/acceso');
  expect(navbar().queryByRole('combobox', { name: 'Cine' })).not.toBeInTheDocument();
});
