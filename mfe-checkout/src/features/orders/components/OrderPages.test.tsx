import { cinemaPlaceOf, generalLines } from '@cine/web-kit/testing';
import type { OrderView, TicketView } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Session } from '@cine/web-kit';
import { ana, installFakeApi } from '../../../test/fixtures';
import MyPurchasesPage from './MyPurchasesPage';
import OrderConfirmationPage from './OrderConfirmationPage';

const ORDER_ID = '6b04a48846b7a8f7611761aa';
const ORDER_CODE = 'K7M2QX9P';

/** What a refund of the order gives back as the server tells it: everything, by default. */
function refundable(overrides: Partial<OrderView['refundable']> = {}): OrderView['refundable'] {
  return {
    seats: [
      { seatLabel: 'F7', amount: 850, refundable: true },
      { seatLabel: 'F8', amount: 850, refundable: true },
    ],
    candy: [{ id: 'c2', amount: 2500, refundable: true }],
    amount: 4200,
    ...overrides,
  };
}

/** The order's tickets as GET /tickets/mine lists them. */
function ticketsOfOrder(): TicketView[] {
  return ['F7', 'F8'].map((seatLabel, index) => ({
    ...aTicketShow(),
    id: `TK${index}CODE2`,
    code: `TK${index}CODE2`,
    token: `token-${seatLabel}`,
    orderId: ORDER_ID,
    seatLabel,
    state: 'valid' as const,
  }));
}

function aTicketShow() {
  return {
    showId: 's1',
    movieId: 'm1',
    title: 'Dune III',
    startsAt: '2099-11-26T23:30:00.000Z',
    endsAt: '2099-11-27T01:30:00.000Z',
    date: '2099-11-26',
    day: 'Jueves' as const,
    schedule: '20:30',
    roomId: 3,
    type: '2D' as const,
    cinema: cinemaPlaceOf('centro'),
  };
}

function anOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: ORDER_ID,
    code: ORDER_CODE,
    movieId: 'm1',
    title: 'Dune III',
    showId: 's1',
    cinema: cinemaPlaceOf('centro'),
    date: '2099-11-26',
    day: 'Jueves',
    schedule: '20:30',
    roomId: 3,
    type: '2D',
    seats: 2,
    seatLabels: ['F7', 'F8'],
    lines: generalLines(['F7', 'F8'], 850),
    ticketTotal: 1700,
    candy: [{ id: 'c2', name: 'COMBO NACHOS', picture: '/x.svg', quantity: 2, unitPrice: 1250, totalPrice: 2500 }],
    total: 4200,
    discount: 0,
    payments: [{ kind: 'card', amount: 4200 }],
    paidAt: '2026-11-20T12:00:00.000Z',
    state: 'paid',
    refundedAmount: 0,
    refunds: [],
    cancellableUntil: '2099-11-26T21:30:00.000Z',
    refundable: refundable(),
    ...overrides,
  };
}

function renderAt(url: string, session: Session | null = ana, state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: url, state }]}>
      <Routes>
        <Route path="/compra/:orderId" element={<OrderConfirmationPage session={session} />} />
        <Route path="/mis-compras" element={<MyPurchasesPage session={session} />} />
      </Routes>
    </MemoryRouter>,
  );
}

test("the confirmation page shows the order by its short code, the receipt address, each ticket's QR and code, and links to Mis entradas, the seats and Mis compras", async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: anOrder() })
    .on('GET', '/api/tickets/mine', { status: 200, body: ticketsOfOrder() });
  renderAt(`/compra/${ORDER_ID}`, ana, { justPaid: true });
  expect(await screen.findByRole('heading', { name: 'Compra confirmada' })).toBeInTheDocument();
  expect(screen.getByText('Pago realizado con éxito')).toHaveAttribute('role', 'status');
  expect(screen.getByRole('heading', { name: 'Dune III' })).toBeInTheDocument();
  expect(screen.getByText(ORDER_CODE)).toBeInTheDocument();
  expect(screen.queryByText(ORDER_ID)).not.toBeInTheDocument();
  const entradas = screen.getByRole('region', { name: 'Tus entradas' });
  expect(await within(entradas).findByRole('img', { name: 'Código QR de la entrada F7' })).toBeInTheDocument();
  expect(await within(entradas).findByRole('img', { name: 'Código QR de la entrada F8' })).toBeInTheDocument();
  expect(within(entradas).getByText('Código TK1CODE2')).toBeInTheDocument();
  expect(screen.getByText('Jueves 26/11/2099 · 20:30')).toBeInTheDocument();
  expect(screen.getByText('F7, F8')).toBeInTheDocument();
  const paid = screen.getByRole('list', { name: 'Lo que pagaste' });
  expect(paid).toHaveTextContent('COMBO NACHOS × 2$ 25,00');
  expect(paid).toHaveTextContent('Total$ 42,00');
  expect(screen.getByText('ana@cine.test')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ver entradas con QR' })).toHaveAttribute('href', '/mis-entradas');
  expect(screen.getByRole('link', { name: 'Ver butacas' })).toHaveAttribute('href', '#entradas');
  expect(screen.getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/mis-compras');
  expect(within(screen.getByRole('region', { name: 'Tus entradas' })).getAllByText(/^Butaca F/)).toHaveLength(2);
  expect(document.title).toBe('Cine — Compra confirmada');
});

/** Two tickets of a 3D show in the premium row: a General and a Menor, each with its surcharges (issue 37). */
const typedLines: OrderView['lines'] = [
  {
    seatLabel: 'L3',
    type: 'general',
    typeName: 'General',
    category: 'premium',
    base: 1200,
    surcharges: [
      { reason: 'Formato 3D', amount: 200 },
      { reason: 'Butaca premium', amount: 300 },
    ],
    total: 1700,
  },
  {
    seatLabel: 'L4',
    type: 'menor',
    typeName: 'Menor (hasta 12 años)',
    category: 'premium',
    base: 800,
    surcharges: [
      { reason: 'Formato 3D', amount: 200 },
      { reason: 'Butaca premium', amount: 300 },
    ],
    total: 1300,
  },
];
const typedOrder = () => anOrder({ type: '3D', seatLabels: ['L3', 'L4'], lines: typedLines, ticketTotal: 3000, candy: [], total: 3000 });

test('the confirmation page shows each ticket: seat, type, base price, each surcharge and its total; the totals stay', async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: typedOrder() })
    .on('GET', '/api/tickets/mine', { status: 200, body: ticketsOfOrder() });
  renderAt(`/compra/${ORDER_ID}`);
  const lines = await screen.findByRole('list', { name: 'Tus entradas y sus precios' });
  const [general, menor] = within(lines).getAllByRole('listitem');
  expect(general).toHaveTextContent('Butaca L3 · General$ 17,00Precio base$ 12,00Formato 3D+ $ 2,00Butaca premium+ $ 3,00');
  expect(menor).toHaveTextContent('Butaca L4 · Menor (hasta 12 años)$ 13,00Precio base$ 8,00');
  expect(screen.getByRole('list', { name: 'Lo que pagaste' })).toHaveTextContent('Total$ 30,00');
  // Each ticket card says its type too.
  expect(within(screen.getByRole('region', { name: 'Tus entradas' })).getByText('Butaca L4 · Menor (hasta 12 años)')).toBeInTheDocument();
});

test('Mis compras lists the lines of each order', async () => {
  installFakeApi().on('POST', '/api/cart/tickets', { status: 200, body: [typedOrder()] });
  renderAt('/mis-compras');
  const lines = await screen.findByRole('list', { name: `Entradas del pedido ${ORDER_CODE}` });
  expect(lines).toHaveTextContent('Butaca L4 · Menor (hasta 12 años)$ 13,00Precio base$ 8,00Formato 3D+ $ 2,00Butaca premium+ $ 3,00');
});

test("another user's order (404) reads as not found in the account", async () => {
  installFakeApi().on('GET', `/api/orders/${ORDER_ID}`, { status: 404, body: { statusCode: 404, error: 'No existe la compra.' } });
  renderAt(`/compra/${ORDER_ID}`);
  expect(await screen.findByText(/No encontramos esa compra en tu cuenta/)).toBeInTheDocument();
});

test('a guest is asked to sign in and comes back to the page', () => {
  installFakeApi();
  renderAt('/mis-compras', null);
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login?volver=%2Fmis-compras');
});

test('Mis compras lists upcoming shows first, then past ones, each opening its confirmation page', async () => {
  const api = installFakeApi().on('POST', '/api/cart/tickets', {
    status: 200,
    body: [anOrder({ id: 'b'.repeat(24), title: 'Vista', date: '2020-01-10' }), anOrder({ id: 'a'.repeat(24), title: 'Por ver' })],
  });
  renderAt('/mis-compras');
  const upcoming = await screen.findByRole('region', { name: 'Próximas funciones' });
  expect(within(upcoming).getByRole('link', { name: /Por ver/ })).toHaveAttribute('href', `/compra/${'a'.repeat(24)}`);
  expect(within(screen.getByRole('region', { name: 'Funciones pasadas' })).getByRole('link', { name: /Vista/ })).toHaveAttribute(
    'href',
    `/compra/${'b'.repeat(24)}`,
  );
  expect(api.onlyRequestTo('POST', '/api/cart/tickets').body).toEqual({ idUser: 'u-ana' });
});

test('without purchases Mis compras says so and points to the Cartelera por día', async () => {
  installFakeApi().on('POST', '/api/cart/tickets', { status: 200, body: [] });
  renderAt('/mis-compras');
  expect(await screen.findByText(/Todavía no compraste entradas/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Mira la cartelera por día' })).toHaveAttribute('href', '/cartelera');
});

const REFUNDED: Partial<OrderView> = {
  state: 'refunded',
  refundedAmount: 4200,
  refundable: refundable({
    seats: [
      { seatLabel: 'F7', amount: 850, refundable: false, reason: 'refunded' },
      { seatLabel: 'F8', amount: 850, refundable: false, reason: 'refunded' },
    ],
    candy: [{ id: 'c2', amount: 2500, refundable: false, reason: 'refunded' }],
    amount: 0,
  }),
  refunds: [
    {
      id: 'r1',
      seatLabels: ['F7', 'F8'],
      candy: [{ id: 'c2', name: 'COMBO NACHOS', quantity: 2, totalPrice: 2500 }],
      amount: 4200,
      by: 'buyer',
      refundedAt: '2026-11-21T15:00:00.000Z',
    },
  ],
};

test('Mis compras: "Cancelar compra" says what comes back and that it cannot be undone; afterwards the order reads "Reembolsada"', async () => {
  let cancelled = false;
  const api = installFakeApi()
    .on('POST', '/api/cart/tickets', () => ({ status: 200, body: [anOrder(cancelled ? REFUNDED : {})] }))
    .on('POST', `/api/orders/${ORDER_ID}/cancel`, () => {
      cancelled = true;
      return { status: 200, body: { message: 'Compra reembolsada.', order: anOrder(REFUNDED) } };
    });
  renderAt('/mis-compras');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancelar compra' }));

  const dialog = screen.getByRole('dialog', { name: 'Cancelar compra' });
  expect(within(dialog).getByRole('list', { name: 'Lo que se devuelve' })).toHaveTextContent('2 entradas (F7, F8)COMBO NACHOS × 2');
  expect(dialog).toHaveTextContent('Reembolso a tu tarjeta: $ 42,00');
  expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
  // Keyboard: 'Volver' has the focus (nothing happens by accident); Tab reaches the confirmation, Enter confirms.
  expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Cancelar compra' })).toHaveFocus();
  await user.keyboard('{Enter}');

  expect(await screen.findByText('Reembolsada')).toBeInTheDocument();
  expect(screen.getByText(/\$ 42,00 el 21\/11\/2026/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancelar compra' })).not.toBeInTheDocument();
  expect(api.requestsTo('POST', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(1);
});

test('once a ticket was used at the door, "Cancelar compra" lists only what can still be refunded, at its amount, and says why a seat is left out', async () => {
  const usedAtTheDoor = refundable({
    seats: [
      { seatLabel: 'F7', amount: 850, refundable: false, reason: 'checked_in' },
      { seatLabel: 'F8', amount: 850, refundable: true },
    ],
    amount: 3350,
  });
  installFakeApi().on('POST', '/api/cart/tickets', { status: 200, body: [anOrder({ refundable: usedAtTheDoor })] });
  renderAt('/mis-compras');
  const user = userEvent.setup();
  expect(await screen.findByText(`Pedido ${ORDER_CODE}`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cancelar compra' }));

  const dialog = screen.getByRole('dialog', { name: 'Cancelar compra' });
  expect(within(dialog).getByRole('list', { name: 'Lo que se devuelve' })).toHaveTextContent('1 entrada (F8)COMBO NACHOS × 2');
  expect(within(dialog).getByRole('list', { name: 'Lo que no se devuelve' })).toHaveTextContent(
    'Entrada F7: ya ingresó a la sala, no se reembolsa',
  );
  expect(dialog).toHaveTextContent('Reembolso a tu tarjeta: $ 33,50');
});

test('with nothing left to refund (one seat refunded, the other used at the door) "Cancelar compra" is not offered', async () => {
  const nothingLeft = refundable({
    seats: [
      { seatLabel: 'F7', amount: 850, refundable: false, reason: 'checked_in' },
      { seatLabel: 'F8', amount: 850, refundable: false, reason: 'refunded' },
    ],
    candy: [{ id: 'c2', amount: 2500, refundable: false, reason: 'refunded' }],
    amount: 0,
  });
  installFakeApi().on('POST', '/api/cart/tickets', {
    status: 200,
    body: [anOrder({ state: 'partially_refunded', refundedAmount: 3350, refundable: nothingLeft })],
  });
  renderAt('/mis-compras');
  expect(await screen.findByText(`Pedido ${ORDER_CODE}`)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancelar compra' })).not.toBeInTheDocument();
});

test('inside the cancellation window there is no "Cancelar compra"; a refusal of the server is shown in the dialog', async () => {
  installFakeApi()
    .on('POST', '/api/cart/tickets', {
      status: 200,
      body: [anOrder({ id: 'a'.repeat(24), title: 'Pronto', cancellableUntil: '2020-01-01T00:00:00.000Z' }), anOrder()],
    })
    .on('GET', '/api/gift-cards/mine', { status: 200, body: [] });
  renderAt('/mis-compras');
  const user = userEvent.setup();
  expect(await screen.findAllByRole('button', { name: 'Cancelar compra' })).toHaveLength(1);

  installFakeApi()
    .on('POST', '/api/cart/tickets', { status: 200, body: [anOrder()] })
    .on('POST', `/api/orders/${ORDER_ID}/cancel`, {
      status: 409,
      body: { statusCode: 409, error: 'Ya no se puede cancelar esta compra: se puede cancelar hasta 120 minutos antes de la función.' },
    });
  await user.click(screen.getByRole('button', { name: 'Cancelar compra' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar compra' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Ya no se puede cancelar esta compra');
});

test('the confirmation page of a refunded order says so, with the amount and date, and marks each ticket no longer valid', async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: anOrder(REFUNDED) })
    .on('GET', '/api/tickets/mine', { status: 200, body: ticketsOfOrder().map((ticket) => ({ ...ticket, state: 'refunded' as const })) });
  renderAt(`/compra/${ORDER_ID}`);
  expect(await screen.findByRole('heading', { name: 'Compra reembolsada' })).toBeInTheDocument();
  expect(screen.getByText(/\$ 42,00 el 21\/11\/2026/)).toBeInTheDocument();
  expect(screen.getAllByText('Reembolsada: ya no es válida')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Cancelar compra' })).not.toBeInTheDocument();
});

describe('the cinema of the purchase (issue 38)', () => {
  const norte = { id: 'c1e000000000000000000002', name: 'Cine Norte', address: 'Av. Maipú 2500, Olivos' };

  test('the confirmation page names the cinema and its address', async () => {
    installFakeApi()
      .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: anOrder({ cinema: norte }) })
      .on('GET', '/api/tickets/mine', { status: 200, body: ticketsOfOrder() });
    renderAt(`/compra/${ORDER_ID}`);
    const cinema = await screen.findByText('Cine', { selector: 'dt' });
    expect(cinema.nextElementSibling).toHaveTextContent('Cine NorteAv. Maipú 2500, Olivos');
  });

  test('Mis compras names each purchase’s cinema and address', async () => {
    installFakeApi().on('POST', '/api/cart/tickets', { status: 200, body: [anOrder({ cinema: norte })] });
    renderAt('/mis-compras');
    expect(await screen.findByText('Cine Norte · Av. Maipú 2500, Olivos')).toBeInTheDocument();
  });
});
