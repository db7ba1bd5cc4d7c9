import type { PresaleMeView, PresaleView } from '@cine/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeEventStream, type FakeEventStream } from '@cine/web-kit/testing';
import { aShow, ana, installFakeApi, type FakeApi } from '../test/fixtures';
import PresaleLinePage from './PresaleLinePage';

const presale: PresaleView = {
  id: 'p1',
  showIds: ['s1'],
  opensAt: '2026-12-01T13:00:00.000Z',
  state: 'open',
  seatsLeft: 140,
  waiting: 400,
  admitPerMinute: 100,
  sessionMinutes: 10,
  maxTicketsPerBuyer: 4,
  admittedThrough: 10,
  cinemaId: 'c1',
};

function standing(overrides: Partial<PresaleMeView> = {}): PresaleMeView {
  return {
    presaleId: 'p1',
    state: 'open',
    joined: true,
    placeId: 'pl1',
    joinedAt: '2026-12-01T12:40:00.000Z',
    position: 323,
    ahead: 312,
    seatsLeft: 140,
    admitted: false,
    estimateMinutes: 4,
    seatsMessage: 'Quedan 140 butacas y hay 312 personas delante: es posible que no alcancen',
    expired: false,
    opensAt: presale.opensAt,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 4,
    showIds: ['s1'],
    ...overrides,
  };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="URL">{`${pathname}${search}`}</output>;
}

function renderLine(session = ana) {
  return render(
    <MemoryRouter initialEntries={['/fila/p1']}>
      <Routes>
        <Route path="/fila/:id" element={<PresaleLinePage session={session} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function lineApi(me: () => PresaleMeView, stream: FakeEventStream = fakeEventStream()): FakeApi {
  return installFakeApi()
    .on('GET', '/api/presales/p1', { status: 200, body: presale })
    .on('GET', '/api/show/one/s1', { status: 200, body: aShow() })
    .on('GET', '/api/presales/p1/me', () => ({ status: 200, body: me() }))
    .on('GET', '/api/presales/p1/me/stream', { status: 200, stream });
}

test('the place moves live: position, people ahead, the wait and the seats against the people ahead; then the turn, with its countdown and the way to the seats', async () => {
  const stream = fakeEventStream();
  let me = standing();
  lineApi(() => me, stream);
  renderLine();

  const place = await screen.findByLabelText('Tu lugar en la fila');
  expect(place).toHaveTextContent('Tu lugar323');
  expect(place).toHaveTextContent('Personas delante312');
  expect(place).toHaveTextContent('Espera estimadaUnos 4 minutos');
  expect(screen.getByText('Quedan 140 butacas y hay 312 personas delante: es posible que no alcancen')).toBeInTheDocument();
  // Waiting: the seats are not offered yet.
  expect(screen.queryByRole('link', { name: /Elegir butacas/ })).not.toBeInTheDocument();

  await act(async () => {
    stream.send('standing', standing({ ahead: 2, estimateMinutes: 1, seatsMessage: 'Quedan 130 butacas y hay 2 personas delante.' }));
  });
  expect(screen.getByLabelText('Tu lugar en la fila')).toHaveTextContent('Personas delante2');
  expect(screen.getByLabelText('Tu lugar en la fila')).toHaveTextContent('Menos de un minuto');

  me = standing({
    admitted: true,
    ahead: 0,
    admission: 'adm.1',
    admissionExpiresAt: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
  });
  await act(async () => {
    stream.send('standing', standing({ admitted: true, ahead: 0, estimateMinutes: 0, seatsMessage: null }));
  });
  expect(await screen.findByText('¡Es tu turno!')).toBeInTheDocument();
  expect(await screen.findByRole('timer')).toHaveTextContent(/te quedan 9:(30|29) minutos para elegir butacas y pagar/);
  await userEvent.click(screen.getByRole('link', { name: /Elegir butacas/ }));
  expect(screen.getByLabelText('URL')).toHaveTextContent('/movies/m1?funcion=s1&comprar=1');
});

test('sold out is told at once, and the line closes; a closed presale says its shows sell without a line', async () => {
  const stream = fakeEventStream();
  lineApi(() => standing(), stream);
  renderLine();
  await screen.findByLabelText('Tu lugar en la fila');
  await act(async () => {
    stream.send(
      'standing',
      standing({ state: 'sold_out', seatsLeft: 0, estimateMinutes: null, seatsMessage: 'Se agotaron las butacas de la preventa.' }),
    );
  });
  expect(screen.getByRole('alert')).toHaveTextContent('La fila está cerrada: se agotaron las butacas de la preventa.');
  await act(async () => {
    stream.send('standing', standing({ state: 'closed' }));
  });
  expect(screen.getByText('La preventa terminó: las funciones ya están a la venta sin fila.')).toBeInTheDocument();
});

test('the turn over: the place is gone', async () => {
  lineApi(() => standing({ admitted: false, expired: true }));
  renderLine();
  expect(await screen.findByRole('alert')).toHaveTextContent('Tu turno terminó: el tiempo para elegir butacas y pagar se agotó.');
});

test('before the opening: joining takes a place, and the page says a lottery orders everyone who joined early', async () => {
  let me = standing({ joined: false, state: 'scheduled', position: null, ahead: null, estimateMinutes: null, seatsMessage: null });
  const api = lineApi(() => me).on('POST', '/api/presales/p1/join', () => {
    me = { ...me, joined: true };
    return { status: 201, body: { joinedAt: '2026-12-01T12:40:00.000Z', position: null } };
  });
  renderLine();
  await userEvent.click(await screen.findByRole('button', { name: 'Unirme a la fila' }));
  expect(await screen.findByText(/Ya estás en la fila\. La preventa abre el .*: en ese momento un sorteo/)).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/presales/p1/join').headers.Authorization).toBe('Bearer tok-ana');
});

test("a full line's join is refused in Spanish", async () => {
  lineApi(() => standing({ joined: false })).on('POST', '/api/presales/p1/join', {
    status: 409,
    body: { error: 'La fila está cerrada: se agotaron las butacas de la preventa.' },
  });
  renderLine();
  await userEvent.click(await screen.findByRole('button', { name: 'Unirme a la fila' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('La fila está cerrada');
});

test('a guest is asked to sign in, and comes back to the line', async () => {
  lineApi(() => standing());
  render(
    <MemoryRouter initialEntries={['/fila/p1']}>
      <Routes>
        <Route path="/fila/:id" element={<PresaleLinePage session={null} />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText(/Inicia sesión para unirte a la fila\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login?volver=%2Ffila%2Fp1');
  const shows = await screen.findByRole('region', { name: 'Dune III' });
  expect(within(shows).queryByRole('link')).not.toBeInTheDocument();
});

test('a presale that does not exist says so', async () => {
  installFakeApi().on('GET', '/api/presales/p1', { status: 404, body: { error: 'La preventa no existe.' } });
  renderLine();
  expect(await screen.findByRole('alert')).toHaveTextContent('La preventa no existe.');
});
