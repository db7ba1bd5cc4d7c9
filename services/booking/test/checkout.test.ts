import {
  CINEMA_TIME_ZONE,
  DEFAULT_CINEMA,
  FIRST_CINEMA_ID,
  PAYMENT_RECEIVED,
  type CartView,
  type CheckoutResponse,
  type OrderView,
} from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import { singlePriceLines } from '../src/pricing/show-pricing';
import {
  addCandy,
  adminHeaders,
  cartOf,
  checkout,
  createShow,
  hold,
  newUser,
  publishCandy,
  seatsOf,
  startBooking,
  type BookingUnderTest,
} from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

const orders = () => booking.context.db.collection('orders');
const payments = () => booking.context.db.collection('payments');
const candyStock = async (candyId: string) =>
  (await booking.context.db.collection('candy').findOne({ _id: candyId } as never))?.stock as number;

async function ordersOf(userId: string) {
  return orders().find({ userId }).toArray();
}

async function paidEventsOf(userId: string) {
  await booking.app.ordersOutbox.flush();
  return booking.paid.filter((event) => event.data.userId === userId);
}

/** A user holding `seats` of a new show, with `nachos` COMBO NACHOS in the cart. */
async function buyerWithCart(seats = 2, nachos = 2, stock = 20) {
  const show = await createShow(booking, { price: 900, title: 'El Último Rollo' });
  const candy = await publishCandy(booking, { name: 'COMBO NACHOS', price: 1250, quantity: stock });
  const user = newUser(booking.app);
  const held = await hold(booking, user, show.id, seats);
  expect(held.statusCode).toBe(200);
  if (nachos > 0) expect((await addCandy(booking, user, candy.candyId, nachos)).statusCode).toBe(200);
  return {
    show,
    candy,
    user,
    seatLabels: held.json<{ seatLabels: string[] }>().seatLabels,
    heldUntil: held.json<{ heldUntil: string }>().heldUntil,
  };
}

describe('POST /movies/checkout: a paid order', () => {
  it("answers 'Payment received' with the order, sells the seats, empties the cart and records one order.paid", async () => {
    const { show, candy, user, seatLabels } = await buyerWithCart(2, 2);

    const response = await checkout(booking, user, { show: show.id, ticket: 2 });

    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutResponse>();
    expect(body.message).toBe(PAYMENT_RECEIVED);
    expect(body.order).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: expect.stringMatching(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/),
      movieId: show.movieId,
      title: 'El Último Rollo',
      showId: show.id,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      day: expect.any(String),
      schedule: expect.stringMatching(/^\d{2}:\d{2}$/),
      roomId: 1,
      cinema: { id: FIRST_CINEMA_ID, name: 'Cine Centro', address: DEFAULT_CINEMA.address },
      type: '2D',
      seats: 2,
      seatLabels,
      lines: seatLabels.map((seatLabel) => ({
        seatLabel,
        type: 'general',
        typeName: 'General',
        category: 'standard',
        base: 900,
        surcharges: [],
        total: 900,
      })),
      ticketTotal: 1800,
      candy: [{ id: candy.candyId, name: 'COMBO NACHOS', picture: candy.picture, quantity: 2, unitPrice: 1250, totalPrice: 2500 }],
      total: 4300,
      discount: 0,
      payments: [{ kind: 'card', amount: 4300 }],
      paidAt: expect.any(String),
      state: 'paid',
      refundedAmount: 0,
      refunds: [],
      cancellableUntil: expect.any(String),
      refundable: {
        seats: seatLabels.map((seatLabel) => ({ seatLabel, amount: 900, refundable: true })),
        candy: [{ id: candy.candyId, amount: 2500, refundable: true }],
        amount: 4300,
      },
    });

    const seats = await seatsOf(booking, show.id);
    expect(
      seats
        .filter((seat) => seat.state === 'sold')
        .map((seat) => seat.label)
        .sort(),
    ).toEqual([...seatLabels].sort());
    expect(seats.filter((seat) => seat.state === 'sold').every((seat) => seat.orderId === body.order.id && seat.userId === user.id)).toBe(
      true,
    );
    expect(await cartOf(booking, user)).toEqual({ tickets: [], candy: [], orderPrice: 0 });
    expect(await candyStock(candy.candyId)).toBe(18);

    const history = await booking.app.inject({ method: 'POST', url: '/cart/tickets', headers: user.headers, payload: { idUser: user.id } });
    expect(history.json<OrderView[]>()).toEqual([body.order]);

    const events = await paidEventsOf(user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: expect.any(String),
      type: 'order.paid',
      version: 2,
      occurredAt: expect.any(String),
      data: {
        orderId: body.order.id,
        orderCode: body.order.code,
        userId: user.id,
        movieId: show.movieId,
        title: 'El Último Rollo',
        showId: show.id,
        date: body.order.date,
        schedule: body.order.schedule,
        roomId: 1,
        cinema: { id: FIRST_CINEMA_ID, name: 'Cine Centro', address: DEFAULT_CINEMA.address, timeZone: CINEMA_TIME_ZONE },
        type: '2D',
        capacity: show.capacity,
        seats: 2,
        seatLabels,
        ticketTotal: 1800,
        lines: singlePriceLines(seatLabels, 900),
        candy: [{ candyId: candy.candyId, name: 'COMBO NACHOS', quantity: 2, unitPrice: 1250, totalPrice: 2500 }],
        total: 4300,
        payments: [{ kind: 'card', amount: 4300 }],
        paidAt: body.order.paidAt,
      },
    });
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ state: 'paid', outbox: [] });
    expect(await payments().countDocuments({ _id: order?._id.toHexString() } as never)).toBe(1);
  });

  it('charges the amount of the server’s cart, whatever the client believes', async () => {
    const { show, user } = await buyerWithCart(3, 1);

    const response = await checkout(booking, user, { show: show.id, ticket: 3 });
    const [order] = await ordersOf(user.id);
    const payment = await payments().findOne({ _id: order?._id.toHexString() } as never);

    expect(response.json<CheckoutResponse>().order.total).toBe(3 * 900 + 1250);
    expect(payment).toMatchObject({ amount: 3 * 900 + 1250, currency: 'usd', paymentMethodId: 'pm_card_visa' });
  });

  it('keeps candy lines the user changed while paying, and lets them buy again later', async () => {
    const { show, user } = await buyerWithCart(1, 0);
    const response = await checkout(booking, user, { show: show.id, ticket: 1 });
    expect(response.statusCode).toBe(200);

    const again = await hold(booking, user, show.id, 1);
    expect(again.statusCode).toBe(200);
    expect((await checkout(booking, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
    expect((await ordersOf(user.id)).map((order) => order.state)).toEqual(['paid', 'paid']);
  });
});

describe('POST /movies/checkout: a declined card', () => {
  it('answers 402 with a Spanish message and the provider’s code apart, sells nothing, gives the stock back and keeps the hold until it expires', async () => {
    const { show, candy, user, seatLabels, heldUntil } = await buyerWithCart(2, 2);

    const response = await checkout(booking, user, { show: show.id, ticket: 2, paymentMethodId: 'pm_card_chargeDeclined' });

    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      statusCode: 402,
      error: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
      code: 'card_declined',
    });
    const mine = (await seatsOf(booking, show.id)).filter((seat) => seat.userId === user.id);
    expect(mine.map((seat) => [seat.label, seat.state, seat.orderId, seat.heldUntil?.toISOString()]).sort()).toEqual(
      [...seatLabels].sort().map((label) => [label, 'held', undefined, heldUntil]),
    );
    expect(await candyStock(candy.candyId)).toBe(20);
    const cart = await cartOf(booking, user);
    expect(cart.tickets[0]?.seatLabels).toEqual(seatLabels);
    expect(cart.candy[0]?.quantity).toBe(2);
    expect(await paidEventsOf(user.id)).toEqual([]);
    expect((await ordersOf(user.id)).map((order) => [order.state, order.declineReason])).toEqual([['declined', 'Your card was declined.']]);

    booking.advance(11 * 60_000);
    try {
      expect((await cartOf(booking, user)).tickets).toEqual([]);
    } finally {
      booking.advance(-11 * 60_000);
    }
  });

  it.each([
    ['pm_card_chargeDeclinedInsufficientFunds', 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.', 'card_declined'],
    ['pm_card_chargeDeclinedExpiredCard', 'Tu tarjeta está vencida. Prueba con otra tarjeta.', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'El código de seguridad de la tarjeta es incorrecto.', 'incorrect_cvc'],
    [
      'pm_card_chargeDeclinedProcessingError',
      'Hubo un error al procesar tu tarjeta. Intenta de nuevo en unos minutos.',
      'processing_error',
    ],
    // The provider's message would echo the input ("No such PaymentMethod: '…'"): never passed on.
    ['pm_fake_<script>alert(1)</script>', 'No reconocemos ese medio de pago. Prueba con otra tarjeta.', 'resource_missing'],
  ])('%s → 402 %p', async (paymentMethodId, error, code) => {
    const { show, user } = await buyerWithCart(1, 0);
    const response = await checkout(booking, user, { show: show.id, ticket: 1, paymentMethodId });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ statusCode: 402, error, code });
  });

  it('lets the user pay the same hold with another card after a decline', async () => {
    const { show, user, seatLabels } = await buyerWithCart(2, 1);
    expect((await checkout(booking, user, { show: show.id, ticket: 2, paymentMethodId: 'pm_card_chargeDeclined' })).statusCode).toBe(402);

    const response = await checkout(booking, user, { show: show.id, ticket: 2, paymentMethodId: 'pm_card_mastercard' });

    expect(response.statusCode).toBe(200);
    expect(response.json<CheckoutResponse>().order.seatLabels).toEqual(seatLabels);
    expect((await ordersOf(user.id)).map((order) => order.state)).toEqual(['declined', 'paid']);
    expect(await paidEventsOf(user.id)).toHaveLength(1);
  });
});

describe('POST /movies/checkout: refusals before charging', () => {
  it('409 when nothing is held for the show', async () => {
    const show = await createShow(booking);
    const user = newUser(booking.app);
    const response = await checkout(booking, user, { show: show.id, ticket: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'No tienes entradas reservadas para esta función. Vuelve a elegir tus entradas.',
    });
  });

  it('409 when the ticket count is not the held seats’ count, or the show is another', async () => {
    const { show, user } = await buyerWithCart(2, 0);
    const other = await createShow(booking);

    const wrongCount = await checkout(booking, user, { show: show.id, ticket: 3 });
    const wrongShow = await checkout(booking, user, { show: other.id, ticket: 2 });

    expect(wrongCount.statusCode).toBe(409);
    expect(wrongCount.json()).toEqual({
      statusCode: 409,
      error: 'Pediste pagar 3 entradas, pero tu carrito tiene 2 reservadas para esta función.',
    });
    expect(wrongShow.statusCode).toBe(409);
    expect(await payments().countDocuments({ paymentMethodId: 'pm_card_visa', description: { $regex: show.id } })).toBe(0);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('409 naming the item when the candy stock ran short; nothing charged, seats and stock given back', async () => {
    const { show, candy, user, seatLabels } = await buyerWithCart(2, 5, 10);
    // An admin edit lowered the stock after the line was added.
    await booking.context.bus.publish(createEvent('candy.updated', { ...candy, quantity: 3 }));

    const response = await checkout(booking, user, { show: show.id, ticket: 2 });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'No hay suficiente stock de COMBO NACHOS: quedan 3.' });
    expect(await candyStock(candy.candyId)).toBe(3);
    const mine = (await seatsOf(booking, show.id)).filter((seat) => seat.userId === user.id);
    expect(mine.map((seat) => [seat.label, seat.state, seat.orderId]).sort()).toEqual(
      [...seatLabels].sort().map((label) => [label, 'held', undefined]),
    );
    const [order] = await ordersOf(user.id);
    expect(order?.state).toBe('failed');
    expect(await payments().countDocuments({ _id: order?._id.toHexString() } as never)).toBe(0);

    // With fewer combos the same hold can be paid.
    await addCandy(booking, user, candy.candyId, 3);
    expect((await checkout(booking, user, { show: show.id, ticket: 2 })).statusCode).toBe(200);
    expect(await candyStock(candy.candyId)).toBe(0);
  });

  it('409 when an admin changed the price after the seats were held (the hold was read from memory); nothing charged, seats back to the hold', async () => {
    const { show, user, seatLabels } = await buyerWithCart(2, 0);
    const edit = await booking.app.inject({
      method: 'PUT',
      url: `/show/one/${show.id}`,
      headers: adminHeaders(booking.app),
      payload: { price: 1100 },
    });
    expect(edit.statusCode).toBe(200);

    const response = await checkout(booking, user, { show: show.id, ticket: 2 });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'La función cambió mientras pagabas (película, fecha, horario, sala, formato o precio). Revisa tu carrito y vuelve a pagar.',
    });
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ state: 'failed', unitPrice: 900 });
    expect(await payments().countDocuments({ _id: order?._id.toHexString() } as never)).toBe(0);
    const mine = (await seatsOf(booking, show.id)).filter((seat) => seat.userId === user.id);
    expect(mine.map((seat) => [seat.label, seat.state, seat.orderId]).sort()).toEqual(
      [...seatLabels].sort().map((label) => [label, 'held', undefined]),
    );

    // Asked again, the same hold is paid at the new price.
    const again = await checkout(booking, user, { show: show.id, ticket: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResponse>().order.ticketTotal).toBe(2200);
  });

  it('409 for a show whose movie was deleted after the seats were held; nothing charged, the ticket line leaves the cart (issue 20, item 5)', async () => {
    const { show, user } = await buyerWithCart(2, 0);
    await booking.context.bus.publish(
      createEvent('movie.deleted', { movieId: show.movieId, title: show.title, runtime: 100, type: '2D', release: '2020-01-01' }),
    );

    const response = await checkout(booking, user, { show: show.id, ticket: 2 });

    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'La película de esta función ya no está en cartelera: no se venden entradas.',
    });
    expect(await payments().countDocuments({ description: { $regex: show.id } })).toBe(0);
    expect((await ordersOf(user.id)).filter((order) => order.state === 'paid')).toEqual([]);
    expect((await cartOf(booking, user)).tickets).toEqual([]);
  });

  it("403 for another user's idUser, 401 for a guest", async () => {
    const { show, user } = await buyerWithCart(1, 0);
    const intruder = newUser(booking.app);
    const forbidden = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: intruder.headers,
      payload: { idUser: user.id, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
    });
    const guest = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      payload: { idUser: user.id, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
    });

    expect(forbidden.statusCode).toBe(403);
    expect(guest.statusCode).toBe(401);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it.each([
    [{ ticket: 0 }, "El campo 'ticket' debe ser como mínimo 1."],
    [{ ticket: '2' }, "El campo 'ticket' debe ser número entero."],
    [{ ticket: -1 }, "El campo 'ticket' debe ser como mínimo 1."],
    [{ paymentMethodId: '' }, "El campo 'paymentMethodId' no puede estar vacío."],
    [{ amount: 1 }, "El campo 'amount' no está permitido."],
  ])('400 for %p', async (change, message) => {
    const user = newUser(booking.app);
    const payload = { idUser: user.id, show: new Types.ObjectId().toHexString(), ticket: 1, paymentMethodId: 'pm_card_visa', ...change };
    const response = await booking.app.inject({ method: 'POST', url: '/movies/checkout', headers: user.headers, payload });
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });
});

describe('POST /movies/checkout: the same request twice charges once', () => {
  it('sequentially: the second answers the first order, with one charge, one order and one event', async () => {
    const { show, user } = await buyerWithCart(2, 1);

    const first = await checkout(booking, user, { show: show.id, ticket: 2 });
    const second = await checkout(booking, user, { show: show.id, ticket: 2 });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const stored = await ordersOf(user.id);
    expect(stored).toHaveLength(1);
    expect(await payments().countDocuments({ _id: stored[0]?._id.toHexString() } as never)).toBe(1);
    expect(await paidEventsOf(user.id)).toHaveLength(1);
  });

  it('sequentially after a decline: the same 402, charged once', async () => {
    const { show, user } = await buyerWithCart(1, 0);
    const body = { show: show.id, ticket: 1, paymentMethodId: 'pm_card_chargeDeclinedFraudulent' };

    const first = await checkout(booking, user, body);
    const second = await checkout(booking, user, body);

    expect([first.statusCode, second.statusCode]).toEqual([402, 402]);
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(
      await payments().countDocuments({
        paymentMethodId: 'pm_card_chargeDeclinedFraudulent',
        amount: 900,
        _id: { $in: (await ordersOf(user.id)).map((o) => o._id.toHexString()) },
      } as never),
    ).toBe(1);
  });

  it('concurrently: one order paid, one charge, one event; the others answer it or that it is in progress', async () => {
    const { show, user, seatLabels } = await buyerWithCart(2, 2);

    const responses = await Promise.all(Array.from({ length: 6 }, () => checkout(booking, user, { show: show.id, ticket: 2 })));

    const paidIds = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json<CheckoutResponse>().order.id));
    expect(paidIds.size).toBe(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.json()).toEqual({ statusCode: 409, error: 'El pago ya está en proceso.' });
    }
    const stored = await ordersOf(user.id);
    expect(stored.map((order) => order.state)).toEqual(['paid']);
    expect(await payments().countDocuments({ _id: stored[0]?._id.toHexString() } as never)).toBe(1);
    expect(await paidEventsOf(user.id)).toHaveLength(1);
    expect(
      (await seatsOf(booking, show.id))
        .filter((seat) => seat.state === 'sold')
        .map((seat) => seat.label)
        .sort(),
    ).toEqual([...seatLabels].sort());
    expect(await cartOf(booking, user)).toEqual<CartView>({ tickets: [], candy: [], orderPrice: 0 });
  });

  it('two different cards at once for one hold: only one is charged', async () => {
    const { show, user } = await buyerWithCart(1, 0);

    const responses = await Promise.all(
      ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex'].map((paymentMethodId) =>
        checkout(booking, user, { show: show.id, ticket: 1, paymentMethodId }),
      ),
    );

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const stored = await ordersOf(user.id);
    expect(stored.filter((order) => order.state === 'paid')).toHaveLength(1);
    expect(await payments().countDocuments({ _id: { $in: stored.map((order) => order._id.toHexString()) } } as never)).toBe(1);
  });
});
