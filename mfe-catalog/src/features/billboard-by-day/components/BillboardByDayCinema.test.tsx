import { CHAIN_CINEMAS, cinemaRefOf, generalPricing, withChainCinemas } from '@cine/web-kit/testing';
import type { ShowView } from '@cine/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { chooseCinema, cinemaClock } from '@cine/web-kit';
import { installFakeApi } from '../../../test/fakeApi';
import BillboardByDayPage from './BillboardByDayPage';

const today = cinemaClock(new Date()).date;
const NORTE = CHAIN_CINEMAS[1]!;

function aShow(id: string, slug: string, overrides: Partial<ShowView> = {}): ShowView {
  return {
    id,
    schedule: '20:30',
    day: 'Jueves',
    date: today,
    startsAt: new Date(Date.now() + 7_200_000).toISOString(),
    movieId: 'dune',
    roomId: slug === 'norte' ? 6 : 1,
    type: '2D',
    price: 900,
    ...generalPricing(900),
    seats: 80,
    capacity: 100,
    movie: { Title: 'Duna: Parte Dos' },
    ...cinemaRefOf(slug),
    ...overrides,
  };
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/cartelera" element={<BillboardByDayPage session={null} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/cartelera');
});

test('with no cinema chosen it asks "¿En qué cine?" and lists every cinema’s shows, each time naming its cinema; choosing one lists only its shows', async () => {
  const api = withChainCinemas(installFakeApi());
  api.on('GET', `/api/show/date?date=${today}`, {
    status: 200,
    body: [aShow('6b04a48846b7a8f7611761f1', 'centro'), aShow('6b04a48846b7a8f7611761f2', 'norte', { schedule: '21:00' })],
  });
  api.on('GET', `/api/show/date?date=${today}&cinemaId=${NORTE.id}`, {
    status: 200,
    body: [aShow('6b04a48846b7a8f7611761f2', 'norte', { schedule: '21:00' })],
  });
  renderAt('/cartelera');

  const chooser = await screen.findByRole('region', { name: '¿En qué cine?' });
  const norteTime = await screen.findByRole('link', { name: '21:00 Sala 6, 2D: comprar entradas' });
  // Each time says its cinema; the movie page makes the show's cinema the buyer's.
  expect(norteTime.closest('li')).toHaveTextContent('21:00 Sala 6Cine Norte');
  expect(screen.getByRole('link', { name: '20:30 Sala 1, 2D: comprar entradas' }).closest('li')).toHaveTextContent('Cine Centro');

  await userEvent.click(await within(chooser).findByRole('button', { name: /Cine Norte/ }));
  expect(await screen.findByText(/Funciones en/)).toHaveTextContent(`Funciones en ${NORTE.name} · ${NORTE.address}`);
  expect(await screen.findByRole('link', { name: '21:00 Sala 6, 2D: comprar entradas' })).toBeInTheDocument();
  expect(screen.queryByText('20:30')).not.toBeInTheDocument();
  expect(screen.queryByText('Cine Norte', { selector: 'small' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: '¿En qué cine?' })).not.toBeInTheDocument();
  expect(api.requestsTo('GET', `/api/show/date?date=${today}&cinemaId=${NORTE.id}`)).toHaveLength(1);
});

test('a cinema without shows that day says so by name', async () => {
  const api = withChainCinemas(installFakeApi());
  api.on('GET', `/api/show/date?date=${today}&cinemaId=${NORTE.id}`, { status: 200, body: [] });
  act(() => chooseCinema('norte'));
  renderAt('/cartelera?cine=norte');
  expect(await screen.findByText(/Cine Norte no tiene funciones programadas para este día/)).toBeInTheDocument();
  // Nothing was asked for every cinema while the chosen one's id was being learnt.
  expect(api.requests.filter((request) => request.path === `/api/show/date?date=${today}`)).toEqual([]);
});
