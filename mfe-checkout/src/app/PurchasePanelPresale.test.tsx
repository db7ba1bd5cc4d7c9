import type { PresaleMeView, PresaleView, SeatMapView } from '@cine/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeEventStream } from '@cine/web-kit/testing';
import { aCart, aShow, aTicketLine, ana, emptyCart, installFakeApi, movie, type FakeApi } from '../test/fixtures';
import PurchasePanel from './PurchasePanel';

// Issue 40: a show behind a presale's line, in the purchase controls.
const thursday = aShow({ id: 's1', date: '2026-11-26', day: 'Jueves', schedule: '20:30', type: '2D', roomId: 3 });

const presale: PresaleView = {
  id: 'p1',
  showIds: ['s1'],
  opensAt: '2026-11-26T13:00:00.000Z',
  state: 'scheduled',
  seatsLeft: 96,
  waiting: 12,
  admitPerMinute: 60,
  sessionMinutes: 10,
  maxTicketsPerBuyer: 4,
  admittedThrough: 0,
  cinemaId: thursday.cinemaId,
};

function me(overrides: Partial<PresaleMeView> = {}): PresaleMeView {
  return {
    presaleId: 'p1',
    state: 'scheduled',
    joined: false,
    position: null,
    ahead: null,
    seatsLeft: 96,
    admitted: false,
    estimateMinutes: null,
    seatsMessage: null,
    expired: false,
    opensAt: presale.opensAt,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 4,
    showIds: ['s1'],
    ...overrides,
  };
}

const room3Map: SeatMapView = {
  showId: 's1',
  roomId: 3,
  version: 1,
  layout: { rows: [12, 12, 12, 12, 12, 12, 12, 12], aisles: [6], wheelchair: [] },
  taken: {},
};

function presaleApi(standing: PresaleMeView, active: PresaleView[] = [presale]): FakeApi {
  return installFakeApi()
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [thursday] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [thursday] })
    .on('POST', '/api/cart/userCart', { status: 200, body: emptyCart })
    .on('GET', '/api/show/s1/seats', { status: 200, body: room3Map })
    .on('GET', '/api/presales/active', { status: 200, body: active })
    .on('GET', '/api/presales/p1/me', { status: 200, body: standing })
    .on('GET', '/api/presales/p1/me/stream', { status: 200, stream: fakeEventStream() });
}

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="URL">{pathname}</output>;
}

function renderPanel(session: typeof ana | null = ana) {
  return render(
    <MemoryRouter initialEntries={['/movies/m1']}>
      <Routes>
        <Route path="/movies/:id" element={<PurchasePanel movie={movie} session={session} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function chooseThursday() {
  await userEvent.selectOptions(await screen.findByLabelText('Día'), 'Jueves 26/11');
  await userEvent.selectOptions(await screen.findByLabelText('Horario'), '20:30');
}

test('a show in a presale says Preventa with its opening and offers the line, not Comprar; joining goes to the waiting page', async () => {
  const api = presaleApi(me()).on('POST', '/api/presales/p1/join', { status: 201, body: { joinedAt: presale.opensAt, position: null } });
  renderPanel();
  await chooseThursday();
  const notice = await screen.findByRole('region', { name: 'Preventa' });
  expect(notice).toHaveTextContent(/Preventa · abre el 26\/11\/2026 \d\d:00/);
  expect(screen.queryByRole('button', { name: 'Comprar' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Unirme a la fila' }));
  expect(await screen.findByLabelText('URL')).toHaveTextContent('/fila/p1');
  expect(api.onlyRequestTo('POST', '/api/presales/p1/join').headers.Authorization).toBe('Bearer tok-ana');
});

test('a buyer already in the line is shown their place and taken back to it', async () => {
  presaleApi(me({ state: 'open', joined: true, position: 7, ahead: 3 }), [{ ...presale, state: 'open' }]);
  renderPanel();
  await chooseThursday();
  expect(await screen.findByText(/Ya estás en la fila \(lugar 7\)/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Ver mi lugar en la fila' }));
  expect(await screen.findByLabelText('URL')).toHaveTextContent('/fila/p1');
});

test('a guest is sent to sign in first, and back to the line', async () => {
  presaleApi(me());
  renderPanel(null);
  await chooseThursday();
  await userEvent.click(await screen.findByRole('button', { name: 'Unirme a la fila' }));
  const dialog = screen.getByRole('dialog', { name: 'Inicia sesión para unirte a la fila' });
  expect(within(dialog).getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login?volver=%2Ffila%2Fp1');
  expect(within(dialog).getByRole('link', { name: 'regístrate' })).toHaveAttribute('href', '/register?volver=%2Ffila%2Fp1');
});

test("during the buyer's turn: Comprar, the turn's countdown in the controls and the dialog, and the hold carries the admission", async () => {
  const until = new Date(Date.now() + 8 * 60_000 + 5_000).toISOString();
  const api = presaleApi(
    me({
      state: 'open',
      joined: true,
      position: 1,
      ahead: 0,
      admitted: true,
      estimateMinutes: 0,
      admission: 'adm.signed.1',
      admissionExpiresAt: until,
    }),
    [{ ...presale, state: 'open' }],
  ).on('POST', '/api/tickets/addTickets', () => {
    api.on('POST', '/api/cart/userCart', { status: 200, body: aCart([aTicketLine({ seats: 1, seatLabels: ['E6'] })]) });
    return { status: 200, body: { showId: 's1', seats: 1, seatLabels: ['E6'], heldUntil: until, totalPrice: 850 } };
  });
  renderPanel();
  await chooseThursday();
  expect(await screen.findByRole('timer')).toHaveTextContent(/te quedan 8:0\d minutos para elegir butacas y pagar/);
  await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
  const dialog = screen.getByRole('dialog', { name: 'Entradas' });
  expect(within(dialog).getByRole('timer')).toHaveTextContent(/Es tu turno/);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar una entrada' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Elegir asientos' }));
  await screen.findByRole('grid', { name: 'Asientos de la sala 3' });
  await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
  await waitFor(() =>
    expect(api.onlyRequestTo('POST', '/api/tickets/addTickets').body).toMatchObject({ showId: 's1', admission: 'adm.signed.1' }),
  );
});

test('back from the waiting page on the turn (Comprar pressed in the URL), the tickets dialog opens once the turn is known', async () => {
  const linked = aShow({ id: '6b04a48846b7a8f7611761ff', date: '2026-11-26', day: 'Jueves', schedule: '20:30' });
  const until = new Date(Date.now() + 5 * 60_000).toISOString();
  presaleApi(me({ state: 'open', joined: true, position: 1, ahead: 0, admitted: true, admission: 'adm.2', admissionExpiresAt: until }), [
    { ...presale, state: 'open', showIds: [linked.id] },
  ])
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [linked] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [linked] });
  window.history.pushState({}, '', `/movies/m1?funcion=${linked.id}&comprar=1`);
  try {
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: 'Entradas' });
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/Es tu turno/);
  } finally {
    window.history.pushState({}, '', '/');
  }
});

test('back on the movie page while still waiting: no dialog, the line is offered', async () => {
  const linked = aShow({ id: '6b04a48846b7a8f7611761ff', date: '2026-11-26', day: 'Jueves', schedule: '20:30' });
  presaleApi(me({ state: 'open', joined: true, position: 9, ahead: 4 }), [{ ...presale, state: 'open', showIds: [linked.id] }])
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [linked] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [linked] });
  window.history.pushState({}, '', `/movies/m1?funcion=${linked.id}&comprar=1`);
  try {
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Ver mi lugar en la fila' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  } finally {
    window.history.pushState({}, '', '/');
  }
});

test('a sold-out line says it is closed', async () => {
  presaleApi(me({ state: 'sold_out', seatsLeft: 0 }), [{ ...presale, state: 'sold_out', seatsLeft: 0 }]);
  renderPanel();
  await chooseThursday();
  expect(await screen.findByText('La fila está cerrada: se agotaron las butacas de la preventa.')).toBeInTheDocument();
});

test('a closed presale gates nothing: Comprar as any show', async () => {
  presaleApi(me(), [{ ...presale, state: 'closed' }]);
  renderPanel();
  await chooseThursday();
  expect(await screen.findByRole('button', { name: 'Comprar' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Preventa' })).not.toBeInTheDocument();
});
