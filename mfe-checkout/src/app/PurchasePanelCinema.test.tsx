import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CHAIN_CINEMAS, cinemaRefOf, withChainCinemas } from '@cine/web-kit/testing';
import { chooseCinema, type Session } from '@cine/web-kit';
import { aCart, aShow, aTicketLine, ana, emptyCart, installFakeApi, movie, type FakeApi } from '../test/fixtures';
import PurchasePanel from './PurchasePanel';

const [CENTRO, NORTE, CORDOBA] = CHAIN_CINEMAS as [(typeof CHAIN_CINEMAS)[0], (typeof CHAIN_CINEMAS)[0], (typeof CHAIN_CINEMAS)[0]];
const centroThursday = aShow({ id: 's1', date: '2026-11-26', day: 'Jueves', schedule: '20:30', roomId: 3, ...cinemaRefOf('centro') });
const norteThursday = aShow({ id: 's6', date: '2026-11-26', day: 'Jueves', schedule: '22:00', roomId: 6, ...cinemaRefOf('norte') });
const norteFriday = aShow({ id: 's7', date: '2026-11-27', day: 'Viernes', schedule: '18:00', roomId: 6, ...cinemaRefOf('norte') });
const centroSaturday = aShow({ id: 's2', date: '2026-11-28', day: 'Sabado', schedule: '19:00', roomId: 3, ...cinemaRefOf('centro') });

function chainApi(cart = emptyCart): FakeApi {
  return withChainCinemas(installFakeApi())
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [centroThursday, norteThursday, norteFriday, centroSaturday] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [centroThursday, norteThursday] })
    .on('GET', `/api/show/day?day=2026-11-26&id=m1&cinemaId=${CENTRO.id}`, { status: 200, body: [centroThursday] })
    .on('GET', `/api/show/day?day=2026-11-26&id=m1&cinemaId=${NORTE.id}`, { status: 200, body: [norteThursday] })
    .on('GET', `/api/show/day?day=2026-11-28&id=m1&cinemaId=${NORTE.id}`, { status: 200, body: [] })
    .on('POST', '/api/cart/userCart', { status: 200, body: cart });
}

function renderPanel(session: Session | null = ana) {
  return render(
    <MemoryRouter>
      <PurchasePanel movie={movie} session={session} />
    </MemoryRouter>,
  );
}

const optionsOf = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/movies/m1');
});

test('with no cinema chosen it asks "¿En qué cine?" without blocking: every cinema’s days stay offered; choosing one offers only its days', async () => {
  chainApi();
  renderPanel(null);
  const chooser = await screen.findByRole('region', { name: '¿En qué cine?' });
  expect(optionsOf('Día')).toEqual(['Elige un día', 'Jueves 26/11', 'Viernes 27/11', 'Sabado 28/11']);
  await userEvent.selectOptions(screen.getByLabelText('Día'), 'Jueves 26/11');
  await screen.findByRole('option', { name: '22:00' });

  await userEvent.click(await within(chooser).findByRole('button', { name: /Cine Norte/ }));
  await waitFor(() => expect(optionsOf('Día')).toEqual(['Elige un día', 'Jueves 26/11', 'Viernes 27/11']));
  expect(localStorage.getItem('cine.cinema')).toBe('norte');
  expect(screen.queryByRole('region', { name: '¿En qué cine?' })).not.toBeInTheDocument();
  // The day chosen stays; its times are now Norte's alone.
  expect(screen.getByLabelText('Día')).toHaveDisplayValue('Jueves 26/11');
  await waitFor(() => expect(optionsOf('Horario')).toEqual(['Elige un horario', '22:00']));
});

test('switching cinema on the movie page keeps the day chosen, and says so when the other cinema has no show that day', async () => {
  const api = chainApi();
  act(() => chooseCinema('centro'));
  renderPanel(null);
  await userEvent.selectOptions(await screen.findByLabelText('Día'), 'Sabado 28/11');
  expect(optionsOf('Cine')).toEqual(['Cine Centro · Buenos Aires', 'Cine Norte · Buenos Aires']);

  await userEvent.selectOptions(screen.getByLabelText('Cine'), 'Cine Norte · Buenos Aires');
  expect(screen.getByLabelText('Día')).toHaveDisplayValue('Sabado 28/11 (sin funciones aquí)');
  expect(await screen.findByText('Cine Norte no tiene funciones de esta película ese día: elige otro día.')).toBeInTheDocument();
  expect(api.requestsTo('GET', `/api/show/day?day=2026-11-28&id=m1&cinemaId=${NORTE.id}`)).toHaveLength(1);

  await userEvent.selectOptions(screen.getByLabelText('Día'), 'Jueves 26/11');
  await userEvent.selectOptions(await screen.findByLabelText('Horario'), '22:00');
  expect(screen.getByText(/Cine Norte · Sala 6 · 2D/)).toBeInTheDocument();
});

test('a movie not playing at the chosen cinema says where it plays, each cinema a link that switches to it', async () => {
  chainApi();
  act(() => chooseCinema('cordoba'));
  renderPanel(null);
  const where = await screen.findByRole('region', { name: 'Dónde se proyecta' });
  expect(where).toHaveTextContent(`Esta película no se proyecta en ${CORDOBA.name}. Puedes verla en:`);
  const norte = within(where).getByRole('link', { name: 'Cine Norte · Buenos Aires' });
  expect(norte).toHaveAttribute('href', '/movies/m1?cine=norte');
  expect(where).toHaveTextContent('Cine Norte · Buenos Aires desde el jueves 26/11');
  await userEvent.click(norte);
  await waitFor(() => expect(optionsOf('Día')).toEqual(['Elige un día', 'Jueves 26/11', 'Viernes 27/11']));
});

test('a link to a show of another cinema than the chosen one (a shared link) switches to its cinema and chooses the show', async () => {
  const linked = { ...norteThursday, id: '6b04a48846b7a8f7611761f6' };
  chainApi()
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [centroThursday, linked] })
    .on('GET', `/api/show/day?day=2026-11-26&id=m1&cinemaId=${NORTE.id}`, { status: 200, body: [linked] });
  act(() => chooseCinema('centro'));
  window.history.replaceState(null, '', `/movies/m1?funcion=${linked.id}`);
  renderPanel(null);
  await waitFor(() => expect(screen.getByLabelText('Día')).toHaveDisplayValue('Jueves 26/11'));
  expect(await screen.findByLabelText('Horario')).toHaveDisplayValue('22:00');
  expect(localStorage.getItem('cine.cinema')).toBe('norte');
  expect(window.location.search).toBe(`?funcion=${linked.id}&cine=norte`);
  expect(await screen.findByText(/Cine Norte · Sala 6 · 2D/)).toBeInTheDocument();
});

test('a link to a show with no cinema chosen chooses the show and leaves the choice of cinema to the buyer', async () => {
  const linked = { ...norteThursday, id: '6b04a48846b7a8f7611761f6' };
  chainApi()
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [centroThursday, linked] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [centroThursday, linked] });
  window.history.replaceState(null, '', `/movies/m1?funcion=${linked.id}`);
  renderPanel(null);
  expect(await screen.findByText(/Cine Norte · Sala 6 · 2D/)).toBeInTheDocument();
  expect(screen.getByLabelText('Horario')).toHaveDisplayValue('22:00');
  expect(localStorage.getItem('cine.cinema')).toBeNull();
  expect(window.location.search).toBe(`?funcion=${linked.id}`);
});

describe('a cart holds one cinema’s seats at a time', () => {
  const centroCart = { ...aCart([aTicketLine({ showId: 's1' })]), cinema: { id: CENTRO.id, name: CENTRO.name, address: CENTRO.address } };

  async function comprarAtNorte() {
    await userEvent.selectOptions(await screen.findByLabelText('Día'), 'Jueves 26/11');
    await userEvent.selectOptions(await screen.findByLabelText('Horario'), '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    return screen.findByRole('dialog', { name: 'Tu carrito es de otro cine' });
  }

  test('choosing seats at another cinema asks first; keeping the cart changes nothing', async () => {
    const api = chainApi(centroCart);
    act(() => chooseCinema('norte'));
    renderPanel();
    const dialog = await comprarAtNorte();
    expect(dialog).toHaveTextContent('Tu carrito tiene entradas de Cine Centro. Vacíalo para elegir butacas en otro cine.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conservar mi carrito' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/tickets/delete')).toEqual([]);
  });

  test('emptying the cart gives its seats back and goes on to choose seats at the new cinema', async () => {
    const api = chainApi(centroCart).on('POST', '/api/tickets/delete', { status: 200, body: {} });
    act(() => chooseCinema('norte'));
    renderPanel();
    const dialog = await comprarAtNorte();
    api.on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vaciar el carrito y seguir' }));
    expect(await screen.findByRole('dialog', { name: 'Entradas' })).toHaveTextContent(/Cine Norte/);
    expect(api.onlyRequestTo('POST', '/api/tickets/delete').body).toEqual({ userId: ana.userId, showId: 's1' });
  });

  test('a cart of the same cinema goes straight to the seats', async () => {
    const norteCart = { ...centroCart, cinema: { id: NORTE.id, name: NORTE.name, address: NORTE.address } };
    chainApi(norteCart);
    act(() => chooseCinema('norte'));
    renderPanel();
    await userEvent.selectOptions(await screen.findByLabelText('Día'), 'Jueves 26/11');
    await userEvent.selectOptions(await screen.findByLabelText('Horario'), '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByRole('dialog', { name: 'Entradas' })).toBeInTheDocument();
  });
});
