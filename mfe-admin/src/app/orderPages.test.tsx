import { generalLines } from '@cine/web-kit/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail, OrderSearchPage, OrderSearchRow } from '@cine/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemotePageProps } from '@cine/web-kit';
import { installFakeApi, type FakeApi } from '../test/fakeApi';
import AdminPanel from './AdminPanel';

const admin: RemotePageProps['session'] = { token: 'admin-token', userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' };
const ORDER_ID = 'a'.repeat(24);
const ORDER_CODE = 'K7M2QX9P';

const row: OrderSearchRow = {
  id: ORDER_ID,
  code: ORDER_CODE,
  userId: 'u1',
  buyer: { name: 'Ana Núñez', email: 'ana@correo.test' },
  movieId: 'm1',
  title: 'Matrix',
  date: '2026-03-14',
  schedule: '20:00',
  roomId: 2,
  type: '3D',
  seats: 2,
  total: 3650,
  refundedAmount: 0,
  state: 'paid',
  paidAt: '2026-03-12T22:00:00.000Z',
};

const order: OrderDetail = {
  id: ORDER_ID,
  cinema: { id: 'c1e000000000000000000001', name: 'Cine Centro', address: 'Av. Corrientes 1234' },
  code: ORDER_CODE,
  movieId: 'm1',
  title: 'Matrix',
  showId: 's1',
  date: '2026-03-14',
  day: 'Sabado',
  schedule: '20:00',
  roomId: 2,
  type: '3D',
  seats: 2,
  seatLabels: ['F7', 'F8'],
  lines: generalLines(['F7', 'F8'], 1200),
  ticketTotal: 2400,
  candy: [{ id: 'c1', name: 'COMBO NACHOS', picture: '/x.svg', quantity: 1, unitPrice: 1250, totalPrice: 1250 }],
  total: 3650,
  discount: 0,
  payments: [{ kind: 'card', amount: 3650 }],
  paidAt: '2026-03-12T22:00:00.000Z',
  state: 'paid',
  refundedAmount: 0,
  refunds: [],
  cancellableUntil: '2026-03-14T21:00:00.000Z',
  refundable: {
    seats: [
      { seatLabel: 'F7', amount: 1200, refundable: true },
      { seatLabel: 'F8', amount: 1200, refundable: true },
    ],
    candy: [{ id: 'c1', amount: 1250, refundable: true }],
    amount: 3650,
  },
  userId: 'u1',
  buyer: { name: 'Ana Núñez', email: 'ana@correo.test' },
  paymentId: 'pi_offline_123',
  refunding: false,
  history: [
    { kind: 'held', at: '2026-03-12T21:59:00.000Z', seatLabels: ['F7', 'F8'] },
    { kind: 'paid', at: '2026-03-12T22:00:00.000Z', seatLabels: ['F7', 'F8'], amount: 3650 },
  ],
};

const page = (items: OrderSearchRow[], total = items.length, at = 1): OrderSearchPage => ({ items, total, page: at, pageSize: 20 });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/cinemas', { status: 200, body: [] })
    .on('GET', '/api/movies/billboard', { status: 200, body: [] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } });
});

/** Where the panel's router is: the order's page is a URL. */
function Location() {
  const location = useLocation();
  return <output aria-label="Dirección">{location.pathname + location.search}</output>;
}

function renderPanel(entry = '/admin') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/admin" element={<AdminPanel session={admin} />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

test("'Órdenes' lists the latest orders, searches by e-mail, movie and days, pages, and opens an order's page at its own URL", async () => {
  api.on('GET', '/api/orders', (request) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    if (query.get('q') === 'ana@correo') return { status: 200, body: page([row], 41, Number(query.get('page'))) };
    return { status: 200, body: page([]) };
  });
  api.on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: order });
  const user = userEvent.setup();
  renderPanel();
  await user.click(screen.getByRole('button', { name: 'Órdenes' }));
  expect(await screen.findByText('Todavía no hay órdenes pagadas.')).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/orders?page=1&pageSize=20')).toHaveLength(1);

  const search = screen.getByRole('search', { name: 'Buscar órdenes' });
  await user.type(within(search).getByLabelText('Código, e-mail o nombre'), ' ana@correo ');
  await user.type(within(search).getByLabelText('Pagadas desde'), '2026-03-20');
  await user.type(within(search).getByLabelText('Hasta'), '2026-03-01');
  await user.click(within(search).getByRole('button', { name: 'Buscar' }));
  expect(within(search).getByRole('alert')).toHaveTextContent('La fecha «Desde» debe ser anterior o igual a «Hasta».');
  await user.clear(within(search).getByLabelText('Pagadas desde'));
  await user.type(within(search).getByLabelText('Pagadas desde'), '2026-03-01');
  await user.clear(within(search).getByLabelText('Hasta'));
  await user.type(within(search).getByLabelText('Hasta'), '2026-03-31');
  // Keyboard: Enter in the form searches.
  await user.type(within(search).getByLabelText('Código, e-mail o nombre'), '{Enter}');

  const table = await screen.findByRole('table', { name: 'Órdenes' });
  expect(api.requestsTo('GET', '/api/orders?page=1&pageSize=20&q=ana%40correo&from=2026-03-01&to=2026-03-31')).toHaveLength(1);
  expect(screen.getByText('1–20 de 41 · página 1 de 3')).toBeInTheDocument();
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
    /Ana Núñez.*ana@correo\.test.*Matrix · 3D.*14\/03\/2026 20:00 · Sala 2.*\$\s36,50Pagada/,
  );
  expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByText('21–40 de 41 · página 2 de 3')).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/orders?page=2&pageSize=20&q=ana%40correo&from=2026-03-01&to=2026-03-31')).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: `Ver orden ${ORDER_CODE}` }));
  expect(await screen.findByRole('heading', { name: `Orden ${ORDER_CODE}` })).toBeInTheDocument();
  expect(screen.getByLabelText('Dirección')).toHaveTextContent(`/admin?seccion=ordenes&orden=${ORDER_ID}`);
  await user.click(screen.getByRole('button', { name: 'Volver a las órdenes' }));
  expect(screen.getByLabelText('Dirección')).toHaveTextContent(/^\/admin\?seccion=ordenes$/);
  expect(await screen.findByRole('search', { name: 'Buscar órdenes' })).toBeInTheDocument();
});

test("an order's URL opens its page: buyer, show, seats, candy, amounts, payment and history", async () => {
  api.on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: order });
  renderPanel(`/admin?orden=${ORDER_ID}`);
  expect(screen.getByText('Cargando la orden…')).toHaveAttribute('role', 'status');
  expect(await screen.findByRole('heading', { name: `Orden ${ORDER_CODE}` })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Órdenes');
  expect(screen.getByRole('button', { name: 'Órdenes' })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('region', { name: 'Comprador' })).toHaveTextContent('Ana Núñezana@correo.test');
  expect(screen.getByRole('region', { name: 'Función' })).toHaveTextContent(
    'MatrixSabado 14/03/2026 · 20:00 · Sala 2 · 3DCine Centro · Av. Corrientes 1234',
  );
  expect(screen.getByRole('region', { name: 'Butacas' })).toHaveTextContent('F7, F8');
  expect(screen.getByRole('region', { name: 'Candy' })).toHaveTextContent('COMBO NACHOS × 1: $ 12,50');
  expect(screen.getByRole('region', { name: 'Importes' })).toHaveTextContent(
    /Entradas\$\s24,00Candy\$\s12,50Total\$\s36,50Reembolsado\$\s0,00/,
  );
  expect(screen.getByRole('region', { name: 'Pago' })).toHaveTextContent('pi_offline_123Pagada');
  const history = within(screen.getByRole('region', { name: 'Historial' })).getAllByRole('listitem');
  expect(history.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^\d\d\/03\/2026 \d\d:59 Butacas reservadas para el pago · F7, F8$/),
    expect.stringMatching(/^\d\d\/03\/2026 \d\d:00 Pagada · F7, F8 · \$\s36,50$/),
  ]);
  // Another section leaves the order's URL.
  await userEvent.click(screen.getByRole('button', { name: 'Candy' }));
  expect(screen.getByLabelText('Dirección')).toHaveTextContent(/^\/admin\?seccion=candy$/);
});

test('an order paid with a promo code and a gift card shows the discount and each part of the payment (issue 39)', async () => {
  api.on('GET', `/api/orders/${ORDER_ID}`, {
    status: 200,
    body: {
      ...order,
      discount: 1200,
      promo: { code: 'MARTES-2X1', name: 'Martes 2x1' },
      total: 2450,
      payments: [
        { kind: 'gift_card', amount: 2000, last4: 'WN3C' },
        { kind: 'card', amount: 450 },
      ],
    },
  });
  renderPanel(`/admin?orden=${ORDER_ID}`);
  await screen.findByRole('heading', { name: `Orden ${ORDER_CODE}` });
  expect(screen.getByRole('region', { name: 'Importes' })).toHaveTextContent(
    /Entradas\$\s24,00Candy\$\s12,50Descuento \(MARTES-2X1\)− \$\s12,00Total\$\s24,50/,
  );
  expect(screen.getByRole('list', { name: 'Partes del pago' })).toHaveTextContent(
    /Tarjeta regalo ···· WN3C: \$\s20,00Tarjeta bancaria: \$\s4,50/,
  );
  // Refunding one ticket says what goes back to each part (contracts' splitRefund, as booking splits it).
  await userEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
  const dialog = screen.getByRole('dialog', { name: 'Reembolsar' });
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /F7/ }));
  // F7 gives back $ 12,00: 1200 × 2000 / 2450 = 979.59… → $ 9,79 to the gift card, $ 2,21 to the bank card.
  expect(dialog).toHaveTextContent(/Se devuelve a la tarjeta regalo ···· WN3C: \$\s9,79 y a la tarjeta bancaria: \$\s2,21\./);
});

test('an order paid by the Cine Pase and Cine Club points lists each part by its name (issue 41)', async () => {
  api.on('GET', `/api/orders/${ORDER_ID}`, {
    status: 200,
    body: {
      ...order,
      payments: [
        { kind: 'pass', amount: 1200 },
        { kind: 'points', amount: 500, points: 500 },
        { kind: 'card', amount: 1950 },
      ],
    },
  });
  renderPanel(`/admin?orden=${ORDER_ID}`);
  await screen.findByRole('heading', { name: `Orden ${ORDER_CODE}` });
  expect(screen.getByRole('list', { name: 'Partes del pago' })).toHaveTextContent(
    /Cine Pase: \$\s12,00Puntos Cine Club \(500 puntos\): \$\s5,00Tarjeta bancaria: \$\s19,50/,
  );
});

test("an unknown order says so, with 'Reintentar'", async () => {
  api.on('GET', `/api/orders/${ORDER_ID}`, { status: 404, body: { statusCode: 404, error: 'No existe la compra.' } });
  renderPanel(`/admin?orden=${ORDER_ID}`);
  expect(await screen.findByText('No se pudo cargar la orden. No existe la compra.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
});

test("'Reembolsar' on the order page refunds the tickets chosen with a reason, says so, and shows the order again refunded in part", async () => {
  let refunded = false;
  const partly: OrderDetail = {
    ...order,
    state: 'partially_refunded',
    refundedAmount: 1200,
    refunds: [{ id: 'r1', seatLabels: ['F8'], candy: [], amount: 1200, by: 'admin', refundedAt: '2026-03-13T10:00:00.000Z' }],
    refundable: {
      ...order.refundable,
      seats: [
        { seatLabel: 'F7', amount: 1200, refundable: true },
        { seatLabel: 'F8', amount: 1200, refundable: false, reason: 'refunded' },
      ],
      amount: 2450,
    },
    history: [
      ...order.history,
      { kind: 'refunded', at: '2026-03-13T10:00:00.000Z', seatLabels: ['F8'], amount: 1200, reason: 'Butaca rota', by: 'admin' },
    ],
  };
  api
    .on('GET', `/api/orders/${ORDER_ID}`, () => ({ status: 200, body: refunded ? partly : order }))
    .on('POST', `/api/orders/${ORDER_ID}/refund`, () => {
      refunded = true;
      return { status: 200, body: { message: 'Reembolso realizado.', order: partly } };
    });
  const user = userEvent.setup();
  renderPanel(`/admin?orden=${ORDER_ID}`);
  await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
  expect(within(dialog).getByText(/Se devuelve a la tarjeta/)).toHaveTextContent('$ 36,50');
  await user.click(within(dialog).getByLabelText('Entrada F8'));
  expect(within(dialog).getByText(/Se devuelve a la tarjeta/)).toHaveTextContent('$ 12,00');
  await user.click(within(dialog).getByRole('button', { name: 'Reembolsar lo elegido' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Escribe el motivo del reembolso.');
  await user.type(within(dialog).getByLabelText('Motivo'), 'Butaca rota');
  await user.click(within(dialog).getByRole('button', { name: 'Reembolsar lo elegido' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('Reembolso realizado.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', `/api/orders/${ORDER_ID}/refund`).body).toEqual({
    seatLabels: ['F8'],
    candyIds: [],
    reason: 'Butaca rota',
  });
  expect(await screen.findByText(/Reembolsada \(por un administrador\) · F8 · \$\s12,00 · «Butaca rota»/)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Pago' })).toHaveTextContent('Reembolsada en parte');
});

test("'Reembolsar' marks a seat used at the door and leaves it out: not offered, not in the amount; with nothing else left it is not offered", async () => {
  const usedAtTheDoor: OrderDetail = {
    ...order,
    refundable: {
      seats: [
        { seatLabel: 'F7', amount: 1200, refundable: false, reason: 'checked_in' },
        { seatLabel: 'F8', amount: 1200, refundable: true },
      ],
      candy: [{ id: 'c1', amount: 1250, refundable: true }],
      amount: 2450,
    },
  };
  api.on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: usedAtTheDoor });
  const user = userEvent.setup();
  renderPanel(`/admin?orden=${ORDER_ID}`);
  await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
  const used = within(dialog).getByLabelText('Entrada F7: ya ingresó a la sala, no se reembolsa');
  expect(used).toBeDisabled();
  expect(used).not.toBeChecked();
  expect(within(dialog).getByLabelText('Entrada F8')).toBeEnabled();
  expect(within(dialog).getByText(/Se devuelve a la tarjeta/)).toHaveTextContent('$ 24,50');
});

test("an order with nothing left to refund (the rest used at the door) has no 'Reembolsar'", async () => {
  const nothingLeft: OrderDetail = {
    ...order,
    state: 'partially_refunded',
    refundedAmount: 2450,
    refundable: {
      seats: [
        { seatLabel: 'F7', amount: 1200, refundable: false, reason: 'checked_in' },
        { seatLabel: 'F8', amount: 1200, refundable: false, reason: 'refunded' },
      ],
      candy: [{ id: 'c1', amount: 1250, refundable: false, reason: 'refunded' }],
      amount: 0,
    },
  };
  api.on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: nothingLeft });
  renderPanel(`/admin?orden=${ORDER_ID}`);
  expect(await screen.findByRole('heading', { name: `Orden ${ORDER_CODE}` })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reembolsar' })).not.toBeInTheDocument();
});
