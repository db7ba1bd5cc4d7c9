import { cinemaRefOf, generalPricing } from '@cine/web-kit/testing';
import type { ShowView } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { addDays, cinemaClock } from '@cine/web-kit';
import { installFakeApi } from '../../../test/fakeApi';
import BillboardByDayPage from './BillboardByDayPage';

const today = cinemaClock(new Date()).date;
const tomorrow = addDays(today, 1);
const hour = 3_600_000;

function aShow(id: string, overrides: Partial<ShowView>): ShowView {
  return {
    id,
    schedule: '20:30',
    day: 'Jueves',
    date: today,
    startsAt: new Date(Date.now() + 2 * hour).toISOString(),
    movieId: 'dune',
    roomId: 1,
    type: '2D',
    price: 900,
    ...generalPricing(900),
    seats: 80,
    capacity: 100,
    movie: { Title: 'Duna: Parte Dos' },
    ...cinemaRefOf('centro'),
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

test("lists every movie of the day by format, each time a link into that show's purchase; started and sold-out shows are marked", async () => {
  installFakeApi().on('GET', `/api/show/date?date=${today}`, {
    status: 200,
    body: [
      aShow('6b04a48846b7a8f7611761f1', { schedule: '10:00', startsAt: new Date(Date.now() - hour).toISOString(), roomId: 2 }),
      aShow('6b04a48846b7a8f7611761f2', { schedule: '22:00', type: '3D', roomId: 3 }),
      aShow('6b04a48846b7a8f7611761f3', { schedule: '20:30', seats: 0 }),
      aShow('6b04a48846b7a8f7611761f4', { schedule: '21:00', movieId: 'barbie', movie: { Title: 'Barbie' }, roomId: 4 }),
    ],
  });
  renderAt('/cartelera');

  const dune = await screen.findByRole('article', { name: 'Duna: Parte Dos' });
  const twoD = within(dune).getByRole('list', { name: 'Horarios en 2D de Duna: Parte Dos' });
  expect(within(twoD).getByText('10:00')).toHaveTextContent('10:00 Comenzó');
  expect(within(twoD).getByText('20:30')).toHaveTextContent('20:30 Agotada');
  expect(within(twoD).queryAllByRole('link')).toEqual([]);
  const threeD = within(dune).getByRole('list', { name: 'Horarios en 3D de Duna: Parte Dos' });
  expect(within(threeD).getByRole('link', { name: '22:00 Sala 3, 3D: comprar entradas' })).toHaveAttribute(
    'href',
    '/movies/dune?funcion=6b04a48846b7a8f7611761f2',
  );
  expect(screen.getByRole('article', { name: 'Barbie' })).toBeInTheDocument();
  expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual([
    'pelicula-dune',
    'pelicula-barbie',
  ]);
});

test('the strip offers the next 7 days, today first; ?fecha= picks one', async () => {
  const api = installFakeApi().on('GET', `/api/show/date?date=${tomorrow}`, { status: 200, body: [] });
  renderAt(`/cartelera?fecha=${tomorrow}`);
  const strip = screen.getByRole('navigation', { name: 'Elegir día' });
  const days = within(strip).getAllByRole('link');
  expect(days).toHaveLength(7);
  expect(days[0]).toHaveAccessibleName(/^Hoy \S+ \d\d\/\d\d$/);
  expect(days[0]).toHaveAttribute('href', `/cartelera?fecha=${today}`);
  expect(days[1]).toHaveAttribute('aria-current', 'page');
  expect(await screen.findByText(/No hay funciones programadas para este día/)).toBeInTheDocument();
  expect(api.requestsTo('GET', `/api/show/date?date=${tomorrow}`)).toHaveLength(1);
});

test('a show behind a presale says Preventa with its opening and leads to the line (issue 40); a closed presale changes nothing', async () => {
  const presale = {
    opensAt: '2026-12-01T13:00:00.000Z',
    seatsLeft: 80,
    waiting: 3,
    admitPerMinute: 600,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 4,
    admittedThrough: 0,
    cinemaId: 'c1e000000000000000000001',
  };
  installFakeApi()
    .on('GET', `/api/show/date?date=${today}`, {
      status: 200,
      body: [aShow('6b04a48846b7a8f7611761f2', { schedule: '22:00', roomId: 3 }), aShow('6b04a48846b7a8f7611761f5', { schedule: '23:30' })],
    })
    .on('GET', '/api/presales/active', {
      status: 200,
      body: [
        { ...presale, id: 'p1', showIds: ['6b04a48846b7a8f7611761f2'], state: 'scheduled' },
        { ...presale, id: 'p0', showIds: ['6b04a48846b7a8f7611761f5'], state: 'closed' },
      ],
    });
  renderAt('/cartelera');
  const line = await screen.findByRole('link', { name: /^22:00 Sala 3, 2D: preventa abre el 01\/12 a las \d\d:00\. Unirme a la fila$/ });
  expect(line).toHaveAttribute('href', '/fila/p1');
  expect(line).toHaveTextContent('22:00 Preventa');
  expect(screen.getByRole('link', { name: '23:30 Sala 1, 2D: comprar entradas' })).toHaveAttribute(
    'href',
    '/movies/dune?funcion=6b04a48846b7a8f7611761f5',
  );
});
