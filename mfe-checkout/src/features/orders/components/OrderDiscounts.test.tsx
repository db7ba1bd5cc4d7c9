import { cinemaPlaceOf, generalLines } from '@cine/web-kit/testing';
import type { MyGiftCard, OrderView } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ana, installFakeApi } from '../../../test/fixtures';
import MyPurchasesPage from './MyPurchasesPage';
import OrderConfirmationPage from './OrderConfirmationPage';

const ORDER_ID = '6b04a48846b7a8f7611761bb';

/** Two $ 8,50 tickets, $ 4,25 off the second with MARTES-2X1; $ 10,00 paid by a gift card, $ 2,75 by the bank card. */
function discountedOrder(overrides: Partial<OrderView> = {}): OrderView {
  const [f7, f8] = generalLines(['F7', 'F8'], 850);
  return {
    id: ORDER_ID,
    code: 'P4QX7M2K',
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
    lines: [f7!, { ...f8!, discount: 425 }],
    ticketTotal: 1700,
    candy: [],
    total: 1275,
    discount: 425,
    promo: { code: 'MARTES-2X1', name: 'Martes 2x1' },
    payments: [
      { kind: 'gift_card', amount: 1000, last4: 'WN3C' },
      { kind: 'card', amount: 275 },
    ],
    paidAt: '2026-11-20T12:00:00.000Z',
    state: 'paid',
    refundedAmount: 0,
    refunds: [],
    cancellableUntil: '2099-11-26T21:30:00.000Z',
    refundable: {
      seats: [
        { seatLabel: 'F7', amount: 850, refundable: true },
        { seatLabel: 'F8', amount: 425, refundable: true },
      ],
      candy: [],
      amount: 1275,
    },
    ...overrides,
  };
}

const myCards: MyGiftCard[] = [
  {
    id: 'g1',
    orderId: 'o9',
    last4: 'WN3C',
    amount: 5000,
    expiresAt: '2027-11-20T12:00:00.000Z',
    recipientEmail: 'bruno@cine.test',
    recipientName: 'Bruno',
    boughtAt: '2026-11-20T12:00:00.000Z',
  },
];

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/compra/:orderId" element={<OrderConfirmationPage session={ana} />} />
        <Route path="/mis-compras" element={<MyPurchasesPage session={ana} />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('the order page shows the discounted line, the discount with its code, the total paid and how it was paid', async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: discountedOrder() })
    .on('GET', '/api/tickets/mine', { status: 200, body: [] });
  renderAt(`/compra/${ORDER_ID}`);
  const paid = await screen.findByRole('list', { name: 'Lo que pagaste' });
  expect(paid).toHaveTextContent('2 entradas$ 17,00');
  expect(paid).toHaveTextContent('Descuento (MARTES-2X1 · Martes 2x1)− $ 4,25');
  expect(paid).toHaveTextContent('Total$ 12,75');
  expect(paid).toHaveTextContent('Pagado con tarjeta regalo ···· WN3C$ 10,00');
  expect(paid).toHaveTextContent('Pagado con tarjeta bancaria$ 2,75');
  const lines = screen.getByRole('list', { name: 'Tus entradas y sus precios' });
  expect(within(lines).getAllByRole('listitem')[1]).toHaveTextContent('Butaca F8 · General$ 4,25');
});

test('cancelling an order paid in part by gift card says how much goes back to each', async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: discountedOrder() })
    .on('GET', '/api/tickets/mine', { status: 200, body: [] });
  renderAt(`/compra/${ORDER_ID}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Cancelar compra' }));
  const back = within(screen.getByRole('dialog')).getByRole('list', { name: 'Adónde vuelve el reembolso' });
  // splitRefund: the gift card's share of $ 12,75 (1000/1275) rounded down, the rest to the bank card.
  expect(back).toHaveTextContent('Reembolso a tu tarjeta regalo ···· WN3C: $ 10,00');
  expect(back).toHaveTextContent('Reembolso a tu tarjeta bancaria: $ 2,75');
});

test('Mis compras shows an order’s discount and payment parts, and the gift cards the buyer bought', async () => {
  installFakeApi()
    .on('POST', '/api/cart/tickets', { status: 200, body: [discountedOrder()] })
    .on('GET', '/api/gift-cards/mine', { status: 200, body: myCards });
  renderAt('/mis-compras');
  const order = await screen.findByRole('link', { name: /Dune III/ });
  expect(order).toHaveTextContent('Descuento MARTES-2X1: − $ 4,25');
  expect(order).toHaveTextContent('Pagado con tarjeta regalo ···· WN3C $ 10,00 y tarjeta bancaria $ 2,75');
  const cards = await screen.findByRole('region', { name: 'Tarjetas regalo' });
  expect(cards).toHaveTextContent('$ 50,00 para Bruno (bruno@cine.test)');
  expect(cards).toHaveTextContent('Código terminado en WN3C · comprada el 20/11/2026 · vence el 20/11/2027');
});

/** Issue 41: $ 17,00 paid $ 8,50 by the Cine Pase (one ticket's General base), $ 5,00 by 500 points, $ 3,50 by bank card. */
const clubOrder = () =>
  discountedOrder({
    total: 1700,
    discount: 0,
    promo: undefined,
    lines: generalLines(['F7', 'F8'], 850),
    payments: [
      { kind: 'pass', amount: 850 },
      { kind: 'points', amount: 500, points: 500 },
      { kind: 'card', amount: 350 },
    ],
  });

test('issue 41: the order page names the points part with its points and the Cine Pase part', async () => {
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: clubOrder() })
    .on('GET', '/api/tickets/mine', { status: 200, body: [] })
    .on('POST', '/api/cart/tickets', {
      status: 200,
      body: [{ ...clubOrder(), payments: [{ kind: 'points', amount: 1700, points: 1700 }] }],
    })
    .on('GET', '/api/gift-cards/mine', { status: 200, body: [] });
  renderAt(`/compra/${ORDER_ID}`);
  const paid = await screen.findByRole('list', { name: 'Lo que pagaste' });
  expect(paid).toHaveTextContent('Pagado con Cine Pase$ 8,50');
  expect(paid).toHaveTextContent('Pagado con Puntos Cine Club (500 puntos)$ 5,00');
  expect(paid).toHaveTextContent('Pagado con tarjeta bancaria$ 3,50');
});

test('issue 41: Mis compras lists the parts of an order paid by points alone', async () => {
  installFakeApi()
    .on('POST', '/api/cart/tickets', {
      status: 200,
      body: [{ ...clubOrder(), payments: [{ kind: 'points', amount: 1700, points: 1700 }] }],
    })
    .on('GET', '/api/gift-cards/mine', { status: 200, body: [] });
  renderAt('/mis-compras');
  const order = await screen.findByRole('link', { name: /Dune III/ });
  expect(order).toHaveTextContent('Pagado con Puntos Cine Club (1700 puntos) $ 17,00');
});

test('issue 41: cancelling an order paid in part by points says how many points come back and what goes to the bank card', async () => {
  const order = discountedOrder({
    total: 1700,
    discount: 0,
    promo: undefined,
    lines: generalLines(['F7', 'F8'], 850),
    payments: [
      { kind: 'points', amount: 500, points: 500 },
      { kind: 'card', amount: 1200 },
    ],
    refundable: {
      seats: [
        { seatLabel: 'F7', amount: 850, refundable: true },
        { seatLabel: 'F8', amount: 850, refundable: true },
      ],
      candy: [],
      amount: 1700,
    },
  });
  installFakeApi()
    .on('GET', `/api/orders/${ORDER_ID}`, { status: 200, body: order })
    .on('GET', '/api/tickets/mine', { status: 200, body: [] });
  renderAt(`/compra/${ORDER_ID}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Cancelar compra' }));
  const back = within(screen.getByRole('dialog')).getByRole('list', { name: 'Adónde vuelve el reembolso' });
  expect(back).toHaveTextContent('Reembolso en Puntos Cine Club (500 puntos): $ 5,00');
  expect(back).toHaveTextContent('Reembolso a tu tarjeta bancaria: $ 12,00');
});
