import type { OrderDetail, OrderSearchPage, OrderView, TicketView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { localToday } from '../src/shows/cinema-time';
import { anotherInstance } from './helpers';
import { adminHeaders, checkout, clockBefore, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

type Buyer = ReturnType<typeof newUser>;

/** A user booking has heard of (identity's user.registered). */
async function registeredBuyer(username: string, email: string): Promise<Buyer> {
  const user = newUser(booking.app);
  await booking.context.bus.publish(createEvent('user.registered', { userId: user.id, email, username }));
  return user;
}

async function paidOrder(user: Buyer, show: { id: string }, seats = 1): Promise<OrderView> {
  expect((await hold(booking, user, show.id, seats)).statusCode).toBe(200);
  const paid = await checkout(booking, user, { show: show.id, ticket: seats });
  expect(paid.statusCode).toBe(200);
  // The search's index hears of the order from its order.paid.
  await booking.app.ordersOutbox.flush();
  return paid.json<{ order: OrderView }>().order;
}

function search(query: string, headers: Record<string, string> = adminHeaders(booking.app)) {
  return booking.app.inject({ method: 'GET', url: `/orders?${query}`, headers });
}

function orderPage(id: string, headers: Record<string, string>) {
  return booking.app.inject({ method: 'GET', url: `/orders/${id}`, headers });
}

const ids = (page: OrderSearchPage) => page.items.map((item) => item.id);

describe('GET /orders (the order search, admin)', () => {
  let ana: Buyer;
  let bruno: Buyer;
  let show: Awaited<ReturnType<typeof createShow>>;
  let other: Awaited<ReturnType<typeof createShow>>;
  let anasFirst: OrderView;
  let anasSecond: OrderView;
  let brunos: OrderView;

  beforeAll(async () => {
    ana = await registeredBuyer('Ana Núñez', 'ana.nunez@correo.test');
    bruno = await registeredBuyer('Bruno Díaz', 'bruno@otro.test');
    show = await createShow(booking, { title: 'Búsqueda' });
    other = await createShow(booking, { title: 'Otra búsqueda' });
    anasFirst = await paidOrder(ana, show, 2);
    brunos = await paidOrder(bruno, show);
    anasSecond = await paidOrder(ana, other);
  });

  it('finds an order by its id, with its buyer', async () => {
    const found = await search(`q=${brunos.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json<OrderSearchPage>()).toEqual({
      items: [
        {
          id: brunos.id,
          code: brunos.code,
          userId: bruno.id,
          buyer: { name: 'Bruno Díaz', email: 'bruno@otro.test' },
          movieId: show.movieId,
          title: 'Búsqueda',
          date: brunos.date,
          schedule: brunos.schedule,
          roomId: 1,
          type: '2D',
          seats: 1,
          total: show.price,
          refundedAmount: 0,
          state: 'paid',
          paidAt: brunos.paidAt,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    expect((await search(`q=${new Types.ObjectId().toHexString()}`)).json<OrderSearchPage>()).toMatchObject({ items: [], total: 0 });
  });

  it("finds a buyer's orders, newest first, by part of the e-mail or the name, ignoring case and accents", async () => {
    for (const q of ['ANA.NUNEZ@', 'correo.test', 'nunez', 'Núñez', 'ana n']) {
      const page = (await search(`q=${encodeURIComponent(q)}`)).json<OrderSearchPage>();
      expect({ q, ids: ids(page) }).toEqual({ q, ids: [anasSecond.id, anasFirst.id] });
      expect(page.items[0]?.buyer).toEqual({ name: 'Ana Núñez', email: 'ana.nunez@correo.test' });
    }
    expect((await search('q=nadie-se-llama-asi')).json<OrderSearchPage>()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    // A pattern is literal text: '.*' matches no e-mail.
    expect((await search(`q=${encodeURIComponent('.*')}`)).json<OrderSearchPage>().total).toBe(0);
  });

  it("finds an order by its short code and by one of its tickets' codes, in any case and with a dash", async () => {
    expect(brunos.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(anasFirst.code).not.toBe(brunos.code);
    for (const q of [brunos.code, brunos.code.toLowerCase(), `${brunos.code.slice(0, 4)}-${brunos.code.slice(4)}`]) {
      const page = (await search(`q=${encodeURIComponent(q)}`)).json<OrderSearchPage>();
      expect({ q, ids: ids(page), code: page.items[0]?.code }).toEqual({ q, ids: [brunos.id], code: brunos.code });
    }
    await booking.app.ticketsOutbox.flush();
    const tickets = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: ana.headers })).json<TicketView[]>();
    const ticket = tickets.find((candidate) => candidate.orderId === anasFirst.id) as TicketView;
    expect(ids((await search(`q=${ticket.code.toLowerCase()}`)).json())).toEqual([anasFirst.id]);
    // A code nobody has finds nothing.
    expect((await search('q=ZZZZ2222')).json<OrderSearchPage>().total).toBe(0);
  });

  it('narrows by movie and by the cinema days the order was paid, and pages with the total', async () => {
    expect(ids((await search(`q=ana&movieId=${show.movieId}`)).json())).toEqual([anasFirst.id]);
    expect(ids((await search(`movieId=${show.movieId}`)).json())).toEqual([brunos.id, anasFirst.id]);
    const today = localToday(new Date());
    expect(ids((await search(`q=ana&from=${today}&to=${today}`)).json())).toEqual([anasSecond.id, anasFirst.id]);
    expect((await search(`q=ana&from=2020-01-01&to=2020-12-31`)).json<OrderSearchPage>().total).toBe(0);

    const first = (await search(`movieId=${show.movieId}&pageSize=1`)).json<OrderSearchPage>();
    const second = (await search(`movieId=${show.movieId}&pageSize=1&page=2`)).json<OrderSearchPage>();
    const third = (await search(`movieId=${show.movieId}&pageSize=1&page=3`)).json<OrderSearchPage>();
    expect([first, second, third].map(({ total, page, pageSize }) => ({ total, page, pageSize }))).toEqual([
      { total: 2, page: 1, pageSize: 1 },
      { total: 2, page: 2, pageSize: 1 },
      { total: 2, page: 3, pageSize: 1 },
    ]);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([brunos.id, anasFirst.id]);
  });

  it('shows a refunded order as refunded', async () => {
    const refunded = await booking.app.inject({
      method: 'POST',
      url: `/orders/${brunos.id}/refund`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'Pedido del cliente' },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await search(`q=${brunos.id}`)).json<OrderSearchPage>().items[0]).toMatchObject({
      state: 'refunded',
      refundedAmount: show.price,
    });
  });

  it('a booking instance started later (a bus of its own: it heard no order.paid) finds the orders paid before it', async () => {
    const later = await anotherInstance(booking);
    try {
      const searchOn = async (q: string) =>
        ids((await later.inject({ method: 'GET', url: `/orders?q=${q}`, headers: adminHeaders(later) })).json<OrderSearchPage>());
      expect(await searchOn('ana.nunez')).toEqual([anasSecond.id, anasFirst.id]);
    } finally {
      await later.close();
    }
  });

  it('answers 400 in Spanish for bad values', async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=2026-02-30', /^Las fechas deben ser días existentes escritos AAAA-MM-DD\.$/],
      ['from=2026-03-10&to=2026-03-01', /^La fecha 'from' debe ser anterior o igual a 'to'\.$/],
      ['from=ayer', /.+/],
      ['page=0', /.+/],
      ['pageSize=101', /.+/],
      ['pageSize=diez', /.+/],
      ['movieId=no-es-un-id', /.+/],
      [`q=${'x'.repeat(101)}`, /.+/],
      ['q=', /.+/],
      ['sort=-paidAt', /.+/],
      ['q[$ne]=x', /.+/],
    ];
    for (const [query, message] of cases) {
      const answer = await search(query);
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
      const { error } = answer.json<{ error: string }>();
      expect(error).toMatch(message);
      // The kit's validation messages are Spanish: no English schema wording leaks.
      expect(error).not.toMatch(/must|should|property/i);
    }
  });

  it('is for admins only: a user 403, staff 403, a guest 401', async () => {
    expect((await search('q=ana', ana.headers)).statusCode).toBe(403);
    expect((await search('q=ana', bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' }))).statusCode).toBe(403);
    expect((await search('q=ana', {})).statusCode).toBe(401);
  });
});

describe('GET /orders/:id (the order page)', () => {
  it('answers the buyer and an admin the buyer, payment and history; anyone else 404', async () => {
    const buyer = await registeredBuyer('Carla Ruiz', 'carla@correo.test');
    const show = await createShow(booking, { title: 'Página' });
    const order = await paidOrder(buyer, show, 2);

    const asBuyer = await orderPage(order.id, buyer.headers);
    expect(asBuyer.statusCode).toBe(200);
    const detail = asBuyer.json<OrderDetail>();
    expect(detail).toMatchObject({
      ...order,
      userId: buyer.id,
      buyer: { name: 'Carla Ruiz', email: 'carla@correo.test' },
      refunding: false,
    });
    expect(detail.paymentId).toMatch(/^pi_/);
    expect(detail.history.map(({ kind, seatLabels, amount }) => ({ kind, seatLabels, amount }))).toEqual([
      { kind: 'held', seatLabels: order.seatLabels, amount: undefined },
      { kind: 'paid', seatLabels: order.seatLabels, amount: 2 * show.price },
    ]);
    expect(detail.history[1]?.at).toBe(order.paidAt);

    expect((await orderPage(order.id, adminHeaders(booking.app))).json()).toEqual(detail);
    const stranger = await orderPage(order.id, newUser(booking.app).headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ statusCode: 404, error: 'No existe la compra.' });
  });

  it('tells a buyer booking never heard of as null, and follows a rename and a deletion', async () => {
    const buyer = newUser(booking.app);
    const order = await paidOrder(buyer, await createShow(booking, { title: 'Sin nombre' }));
    const buyerOf = async () => (await orderPage(order.id, adminHeaders(booking.app))).json<OrderDetail>().buyer;
    expect(await buyerOf()).toBeNull();

    const renamed = createEvent('user.updated', { userId: buyer.id, email: 'nuevo@correo.test', username: 'Nuevo Nombre' });
    const older = {
      ...createEvent('user.registered', { userId: buyer.id, email: 'viejo@correo.test', username: 'Viejo' }),
      occurredAt: '2020-01-01T00:00:00.000Z',
    };
    await booking.context.bus.publish(renamed);
    await booking.context.bus.publish(older);
    expect(await buyerOf()).toEqual({ name: 'Nuevo Nombre', email: 'nuevo@correo.test' });
    expect(ids((await search('q=nuevo@correo')).json())).toEqual([order.id]);

    await booking.context.bus.publish(createEvent('user.deleted', { userId: buyer.id, email: 'nuevo@correo.test' }));
    await booking.context.bus.publish(createEvent('user.updated', { userId: buyer.id, email: 'tarde@correo.test', username: 'Tarde' }));
    expect(await buyerOf()).toBeNull();
    expect((await search('q=nuevo@correo')).json<OrderSearchPage>().total).toBe(0);
  });

  it("keeps the order's history: held, paid, each refund with its reason, each ticket admitted at the door", async () => {
    const buyer = await registeredBuyer('Diego Paz', 'diego@correo.test');
    const show = await createShow(booking, { title: 'Historia' });
    const order = await paidOrder(buyer, show, 2);
    for (let pass = 0; pass < 3; pass += 1) {
      await booking.app.ordersOutbox.flush();
      await booking.app.ticketsOutbox.flush();
    }
    const [first, second] = order.seatLabels as [string, string];
    const tickets = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: buyer.headers })).json<TicketView[]>();
    const ticketOf = (seat: string) => tickets.find((ticket) => ticket.seatLabel === seat) as TicketView;
    const staff = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });
    // At the show's door (10 minutes before its start) and, after it, the refund: the history in that order.
    const restore = await clockBefore(booking, show.id);
    const admitted = await booking.app.inject({
      method: 'POST',
      url: '/checkin',
      headers: staff,
      payload: { token: ticketOf(first).token, showId: show.id, entrance: 'Puerta 1' },
    });
    expect(admitted.statusCode).toBe(200);
    const refunded = await booking.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/refund`,
      headers: adminHeaders(booking.app),
      payload: { seatLabels: [second], reason: 'Butaca rota' },
    });
    expect(refunded.statusCode).toBe(200);

    restore();
    const detail = (await orderPage(order.id, buyer.headers)).json<OrderDetail>();
    expect(detail.history.map(({ kind, seatLabels, amount, reason, by }) => ({ kind, seatLabels, amount, reason, by }))).toEqual([
      { kind: 'held', seatLabels: order.seatLabels, amount: undefined, reason: undefined, by: undefined },
      { kind: 'paid', seatLabels: order.seatLabels, amount: 2 * show.price, reason: undefined, by: undefined },
      { kind: 'checked_in', seatLabels: [first], amount: undefined, reason: undefined, by: undefined },
      { kind: 'refunded', seatLabels: [second], amount: show.price, reason: 'Butaca rota', by: 'admin' },
    ]);
    const times = detail.history.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    expect(detail).toMatchObject({ state: 'partially_refunded', refundedAmount: show.price });
    // Nothing is left to refund: one seat went back, the other was used at the door.
    expect(detail.refundable).toEqual({
      seats: [
        { seatLabel: first, amount: show.price, refundable: false, reason: 'checked_in' },
        { seatLabel: second, amount: show.price, refundable: false, reason: 'refunded' },
      ],
      candy: [],
      amount: 0,
    });
  });

  it("shows what the buyer's cancellation gives back once a ticket was used at the door, and the cancellation refunds exactly that", async () => {
    const buyer = await registeredBuyer('Elena Ruiz', 'elena@correo.test');
    const show = await createShow(booking, { title: 'Vista previa' });
    const order = await paidOrder(buyer, show, 2);
    expect(order.refundable).toMatchObject({ amount: 2 * show.price });
    for (let pass = 0; pass < 3; pass += 1) {
      await booking.app.ordersOutbox.flush();
      await booking.app.ticketsOutbox.flush();
    }
    const [first, second] = order.seatLabels as [string, string];
    const tickets = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: buyer.headers })).json<TicketView[]>();
    const used = tickets.find((ticket) => ticket.seatLabel === first) as TicketView;
    const staff = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });
    // Admitted inside the show's door window (10 minutes before its start); the cancellation is now, before the window.
    const restore = await clockBefore(booking, show.id);
    const admitted = await booking.app.inject({
      method: 'POST',
      url: '/checkin',
      headers: staff,
      payload: { code: used.code, showId: show.id },
    });
    restore();
    expect(admitted.statusCode).toBe(200);

    const history = (
      await booking.app.inject({ method: 'POST', url: '/cart/tickets', headers: buyer.headers, payload: { idUser: buyer.id } })
    ).json<OrderView[]>();
    const listed = history.find((candidate) => candidate.id === order.id) as OrderView;
    expect(listed.code).toBe(order.code);
    expect(listed.refundable).toEqual({
      seats: [
        { seatLabel: first, amount: show.price, refundable: false, reason: 'checked_in' },
        { seatLabel: second, amount: show.price, refundable: true },
      ],
      candy: [],
      amount: show.price,
    });

    const cancelled = await booking.app.inject({ method: 'POST', url: `/orders/${order.id}/cancel`, headers: buyer.headers });
    expect(cancelled.statusCode).toBe(200);
    const after = cancelled.json<{ order: OrderView }>().order;
    expect(after.refunds.map((refund) => ({ seats: refund.seatLabels, amount: refund.amount }))).toEqual([
      { seats: [second], amount: listed.refundable.amount },
    ]);
    expect(after.refundable.amount).toBe(0);
  });
});
