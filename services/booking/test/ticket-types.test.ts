import {
  eventVersions,
  type CartView,
  type CheckinAnswer,
  type DoorShowView,
  type OrderPaid,
  type OrderRefunded,
  type OrderView,
  type PricedLine,
  type ShowPricing,
  type TicketView,
} from '@cine/contracts';
import { InProcessEventBus } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import {
  adminHeaders,
  cartOf,
  checkout,
  clockBefore,
  createShow,
  newUser,
  seatsOf,
  startBooking,
  type BookingUnderTest,
  type TestContext,
} from './checkout-helpers';

// Each test buys before it looks: on a loaded machine that passes jest's 5 s.
jest.setTimeout(60_000);

type User = ReturnType<typeof newUser>;

/** A 3D show's pricing: General, Menor and Jubilado (ID at the door); 3D +$ 2,00, premium +$ 3,00. No Estudiante. */
const PRICING: ShowPricing = {
  card: { id: 'tarifa-general', name: 'Tarifa general' },
  types: [
    { type: 'general', name: 'General', description: '', requiresId: false, base: 1000 },
    { type: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, base: 700 },
    { type: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, base: 600 },
  ],
  format: '3D',
  formatSurcharge: 200,
  categorySurcharges: { premium: 300 },
};

let context: TestContext;
let booking: BookingUnderTest & { refunded: OrderRefunded[] };

beforeAll(async () => {
  context = await createTestContext('booking');
  const bus = new InProcessEventBus();
  const refunded: OrderRefunded[] = [];
  await bus.subscribe('test.order-refunded', ['order.refunded'], async (event) => {
    refunded.push(event);
  });
  booking = Object.assign(await startBooking({}, { ...context, bus }), { refunded });
});
afterAll(async () => {
  await booking.close();
  await context.dropDatabase();
});

const showsCollection = () => context.db.collection('shows');

/**
 * A show of room 2 (wheelchair spaces A1, A8) priced by PRICING, written to its document as the show model keeps it:
 * 3D, row J premium, A2 the companion seat of A1.
 */
async function pricedShow(): Promise<{ id: string }> {
  const show = await createShow(booking, { roomId: 2 });
  const _id = new Types.ObjectId(show.id);
  const stored = await showsCollection().findOne({ _id });
  const layout = stored?.layout as { rows: number[]; wheelchair: string[] };
  const premium = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`J${index + 1}`, 'premium']));
  await showsCollection().updateOne(
    { _id },
    {
      $set: {
        type: '3D',
        price: 1200,
        pricing: PRICING,
        layout: { ...layout, categories: { ...premium, A1: 'wheelchair', A8: 'wheelchair', A2: 'companion' }, companions: { A2: 'A1' } },
      },
      $inc: { version: 1 },
    },
  );
  return { id: show.id };
}

function addTickets(user: User, payload: Record<string, unknown>) {
  return booking.app.inject({
    method: 'POST',
    url: '/tickets/addTickets',
    headers: user.headers,
    payload: { userId: user.id, ...payload },
  });
}

/** Waits for what the relays publish after a write. */
async function settled(): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) {
    await booking.app.ordersOutbox.flush();
    await booking.app.ticketsOutbox.flush();
  }
}

const line = (seatLabel: string, type: string, typeName: string, base: number, premium: boolean): PricedLine => ({
  seatLabel,
  type,
  typeName,
  category: premium ? 'premium' : 'standard',
  base,
  surcharges: [{ reason: 'Formato 3D', amount: 200 }, ...(premium ? [{ reason: 'Butaca premium', amount: 300 }] : [])],
  total: base + 200 + (premium ? 300 : 0),
});

const J5 = line('J5', 'general', 'General', 1000, true);
const J6 = line('J6', 'menor', 'Menor (hasta 12 años)', 700, true);
const J7 = line('J7', 'jubilado', 'Jubilado', 600, true);
const J_TOTAL = 1500 + 1200 + 1100;

/** Two General-priced types and a Menor in the premium row J of a 3D show, paid. */
async function boughtInRowJ() {
  const show = await pricedShow();
  const user = newUser(booking.app);
  const held = await addTickets(user, {
    showId: show.id,
    tickets: [
      { seatLabel: 'J5', type: 'general' },
      { seatLabel: 'J6', type: 'menor' },
      { seatLabel: 'J7', type: 'jubilado' },
    ],
  });
  expect(held.statusCode).toBe(200);
  const paid = await checkout(booking, user, { show: show.id, ticket: 3 });
  expect(paid.statusCode).toBe(200);
  await settled();
  return {
    show,
    user,
    held: held.json<{ lines: PricedLine[]; totalPrice: number; unitPrice: number }>(),
    order: paid.json<{ order: OrderView }>().order,
  };
}

describe('holds by ticket type (POST /tickets/addTickets `tickets`)', () => {
  it('holds each seat as its type and answers its lines: type, base, 3D and premium surcharges; the total is their sum', async () => {
    const show = await pricedShow();
    const user = newUser(booking.app);
    const response = await addTickets(user, {
      showId: show.id,
      tickets: [
        { seatLabel: 'J5', type: 'general' },
        { seatLabel: 'J6', type: 'menor' },
        { seatLabel: 'C3', type: 'general' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ seatLabels: string[]; lines: PricedLine[]; unitPrice: number; totalPrice: number }>();
    expect(body.seatLabels).toEqual(['C3', 'J5', 'J6']);
    expect(body.lines).toEqual([line('C3', 'general', 'General', 1000, false), J5, J6]);
    expect(body.totalPrice).toBe(1200 + 1500 + 1200);
    expect(body.unitPrice).toBe(1200);
    const stored = await seatsOf(booking, show.id);
    expect(Object.fromEntries(stored.map((seat) => [seat.label, (seat as { ticketType?: string }).ticketType]))).toEqual({
      C3: 'general',
      J5: 'general',
      J6: 'menor',
    });

    const cart: CartView = await cartOf(booking, user);
    expect(cart.tickets[0]?.lines).toEqual(body.lines);
    expect(cart.tickets[0]?.totalPrice).toBe(3900);
    expect(cart.tickets[0]?.unitPrice).toBe(1200);
    expect(cart.orderPrice).toBe(3900);
  });

  it('gives seats chosen for the buyer the types in request order; `seats` alone still means General', async () => {
    const show = await pricedShow();
    const chosen = await addTickets(newUser(booking.app), { showId: show.id, tickets: [{ type: 'menor' }, { type: 'general' }] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<{ lines: PricedLine[] }>().lines.map((held) => held.type)).toEqual(['menor', 'general']);
    const general = await addTickets(newUser(booking.app), { showId: show.id, seats: 2 });
    expect(general.statusCode).toBe(200);
    const lines = general.json<{ lines: PricedLine[]; totalPrice: number }>();
    expect(lines.lines.map((held) => held.type)).toEqual(['general', 'general']);
    expect(lines.totalPrice).toBe(2 * 1200);
  });

  it('refuses (400, in Spanish) an unknown type, a type the show does not sell and seats on some entries only, holding nothing', async () => {
    const show = await pricedShow();
    const user = newUser(booking.app);
    const unknown = await addTickets(user, {
      showId: show.id,
      tickets: [
        { seatLabel: 'J5', type: 'general' },
        { seatLabel: 'J6', type: 'vip' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toBe('La función no vende entradas de tipo «vip».');
    const notSold = await addTickets(user, { showId: show.id, tickets: [{ type: 'estudiante' }] });
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json<{ error: string }>().error).toBe('La función no vende entradas de tipo «estudiante».');
    const mixed = await addTickets(user, { showId: show.id, tickets: [{ seatLabel: 'J5', type: 'general' }, { type: 'menor' }] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<{ error: string }>().error).toBe('Indica la butaca de cada entrada o de ninguna.');
    expect(await seatsOf(booking, show.id)).toEqual([]);
    // A refusal after an earlier hold leaves that hold as it was.
    expect((await addTickets(user, { showId: show.id, tickets: [{ seatLabel: 'J1', type: 'menor' }] })).statusCode).toBe(200);
    expect((await addTickets(user, { showId: show.id, tickets: [{ seatLabel: 'J2', type: 'estudiante' }] })).statusCode).toBe(400);
    expect((await seatsOf(booking, show.id)).map((seat) => seat.label)).toEqual(['J1']);
  });
});

describe('the companion seat (COMPANION_RELEASE_MINUTES, default 120)', () => {
  const COMPANION_REFUSAL = 'Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta 2 h antes de la función';

  it('is sold only with its wheelchair space until 2 h before the show (409, nothing held), then alone', async () => {
    const show = await pricedShow();
    const alone = await addTickets(newUser(booking.app), { showId: show.id, tickets: [{ seatLabel: 'A2', type: 'general' }] });
    expect(alone.statusCode).toBe(409);
    expect(alone.json<{ error: string }>().error).toBe(COMPANION_REFUSAL);
    expect(await seatsOf(booking, show.id)).toEqual([]);

    const together = await addTickets(newUser(booking.app), {
      showId: show.id,
      tickets: [
        { seatLabel: 'A1', type: 'general' },
        { seatLabel: 'A2', type: 'general' },
      ],
    });
    expect(together.statusCode).toBe(200);

    const later = await pricedShow();
    const before = await clockBefore(booking, later.id, 121);
    try {
      const stillBound = await addTickets(newUser(booking.app), { showId: later.id, seats: 1, seatLabels: ['A2'] });
      expect(stillBound.statusCode).toBe(409);
    } finally {
      before();
    }
    const after = await clockBefore(booking, later.id, 119);
    try {
      const released = await addTickets(newUser(booking.app), { showId: later.id, seats: 1, seatLabels: ['A2'] });
      expect(released.statusCode).toBe(200);
      expect(released.json<{ seatLabels: string[] }>().seatLabels).toEqual(['A2']);
    } finally {
      after();
    }
  });
});

describe('lines from the hold to the order, the refund and the tickets', () => {
  it('the order keeps its lines (3D and premium surcharges): totals are their sums, and a later price change leaves it alone', async () => {
    const { show, user, held, order } = await boughtInRowJ();
    expect(held.lines).toEqual([J5, J6, J7]);
    expect(held.totalPrice).toBe(J_TOTAL);
    expect(order.lines).toEqual([J5, J6, J7]);
    expect(order.ticketTotal).toBe(J_TOTAL);
    expect(order.total).toBe(J_TOTAL);
    expect(order.refundable.seats.map((seat) => seat.amount)).toEqual([1500, 1200, 1100]);

    const stored = await context.db.collection('orders').findOne({ _id: new Types.ObjectId(order.id) });
    expect(stored?.lines).toEqual([J5, J6, J7]);

    // The admin changes the show's prices: the order, its page and its tickets stay as sold.
    await showsCollection().updateOne(
      { _id: new Types.ObjectId(show.id) },
      {
        $set: {
          'pricing.types': PRICING.types.map((type) => ({ ...type, base: type.base * 3 })),
          'pricing.categorySurcharges': { premium: 5000 },
        },
        $inc: { version: 1 },
      },
    );
    const page = await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: user.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json<OrderView>()).toMatchObject({ lines: [J5, J6, J7], ticketTotal: J_TOTAL, total: J_TOTAL });
    const history = await booking.app.inject({ method: 'POST', url: '/cart/tickets', headers: user.headers, payload: { idUser: user.id } });
    expect(history.json<OrderView[]>()[0]).toMatchObject({ lines: [J5, J6, J7], total: J_TOTAL });
  });

  it('order.paid (version 2) carries the lines, and the tickets carry their type', async () => {
    const { user, order, show } = await boughtInRowJ();
    const paid = booking.paid.find((event) => event.data.orderId === order.id) as OrderPaid;
    expect(paid.version).toBe(2);
    expect(eventVersions['order.paid']).toBe(2);
    expect(paid.data.lines).toEqual([J5, J6, J7]);
    expect(paid.data.ticketTotal).toBe(J_TOTAL);

    const mine = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: user.headers })).json<TicketView[]>();
    expect(
      mine.map(({ seatLabel, ticketType, ticketTypeName, requiresId, line: priced }) => ({
        seatLabel,
        ticketType,
        ticketTypeName,
        requiresId,
        priced,
      })),
    ).toEqual([
      { seatLabel: 'J5', ticketType: 'general', ticketTypeName: 'General', requiresId: false, priced: J5 },
      { seatLabel: 'J6', ticketType: 'menor', ticketTypeName: 'Menor (hasta 12 años)', requiresId: false, priced: J6 },
      { seatLabel: 'J7', ticketType: 'jubilado', ticketTypeName: 'Jubilado', requiresId: true, priced: J7 },
    ]);

    const staff = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });
    const door = await booking.app.inject({ method: 'GET', url: `/checkin/shows/${show.id}`, headers: staff });
    expect(door.statusCode).toBe(200);
    expect(
      door.json<DoorShowView>().tickets.map(({ seatLabel, ticketType, requiresId }) => ({ seatLabel, ticketType, requiresId })),
    ).toEqual(
      [
        ...[
          { seatLabel: 'J5', ticketType: 'general', requiresId: false },
          { seatLabel: 'J6', ticketType: 'menor', requiresId: false },
          { seatLabel: 'J7', ticketType: 'jubilado', requiresId: true },
        ],
      ].sort((a, b) => {
        const code = (label: string) => mine.find((ticket) => ticket.seatLabel === label)?.code ?? '';
        return code(a.seatLabel).localeCompare(code(b.seatLabel));
      }),
    );

    const jubilado = mine.find((ticket) => ticket.seatLabel === 'J7') as TicketView;
    const restore = await clockBefore(booking, show.id, 10);
    try {
      const scan = await booking.app.inject({
        method: 'POST',
        url: '/checkin',
        headers: staff,
        payload: { token: jubilado.token, showId: show.id },
      });
      expect(scan.statusCode).toBe(200);
      expect(scan.json<CheckinAnswer>().ticket).toMatchObject({ ticketType: 'jubilado', ticketTypeName: 'Jubilado', requiresId: true });
    } finally {
      restore();
    }
  });

  it('refunding the Menor seat returns its line total and order.refunded (version 2) announces that line', async () => {
    const { order } = await boughtInRowJ();
    const refund = await booking.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/refund`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'Pedido del cliente', seatLabels: ['J6'] },
    });
    expect(refund.statusCode).toBe(200);
    await settled();
    const after = (
      await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: adminHeaders(booking.app) })
    ).json<OrderView>();
    expect(after.refundedAmount).toBe(1200);
    expect(after.refunds).toMatchObject([{ seatLabels: ['J6'], lines: [J6], amount: 1200 }]);
    expect(after.refundable.amount).toBe(1500 + 1100);
    const announced = booking.refunded.find((event) => event.data.orderId === order.id) as OrderRefunded;
    expect(announced.version).toBe(2);
    expect(announced.data).toMatchObject({ seatLabels: ['J6'], lines: [J6], ticketAmount: 1200, amount: 1200 });
  });

  it('an order made before priced lines (no lines stored) still replays, each seat General at its unit price', async () => {
    const { order } = await boughtInRowJ();
    // As a version 1 order was stored: no lines, every seat at the unit price.
    await context.db
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(order.id) },
        { $unset: { lines: '' }, $set: { unitPrice: 1000, ticketTotal: 3000, total: 3000 } },
      );
    const before = booking.paid.length;
    const replayed = await booking.app.inject({ method: 'POST', url: '/orders/replay', headers: adminHeaders(booking.app), payload: {} });
    expect(replayed.statusCode).toBe(200);
    const again = booking.paid.slice(before).find((event) => event.data.orderId === order.id) as OrderPaid;
    expect(again.data.republished).toBe(true);
    expect(again.version).toBe(2);
    expect(again.data.lines?.map(({ seatLabel, type, total }) => ({ seatLabel, type, total }))).toEqual([
      { seatLabel: 'J5', type: 'general', total: 1000 },
      { seatLabel: 'J6', type: 'general', total: 1000 },
      { seatLabel: 'J7', type: 'general', total: 1000 },
    ]);
    const page = (
      await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: adminHeaders(booking.app) })
    ).json<OrderView>();
    expect(page.refundable.seats.map((seat) => seat.amount)).toEqual([1000, 1000, 1000]);
  });
});
