import type { CartView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import {
  addCandy,
  cartOf,
  checkout,
  createShow,
  hold,
  newUser,
  publishCandy,
  startBooking,
  type BookingUnderTest,
} from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

describe('POST /cart/userCart', () => {
  it('is empty with orderPrice 0 for a user with nothing held', async () => {
    expect(await cartOf(booking, newUser(booking.app))).toEqual({ tickets: [], candy: [], orderPrice: 0 });
  });

  it('prices held seats and candy lines on the server: orderPrice = tickets + every candy line, in cents', async () => {
    const show = await createShow(booking, { price: 950, title: 'La Sala Oscura' });
    const nachos = await publishCandy(booking, { name: 'COMBO NACHOS', price: 1250 });
    const icee = await publishCandy(booking, { name: 'COMBO ICEE', price: 799 });
    const user = newUser(booking.app);

    expect((await hold(booking, user, show.id, 2)).statusCode).toBe(200);
    expect((await addCandy(booking, user, nachos.candyId, 2)).statusCode).toBe(200);
    expect((await addCandy(booking, user, icee.candyId, 1)).statusCode).toBe(200);
    const cart = await cartOf(booking, user);

    expect(cart.tickets).toEqual([
      {
        showId: show.id,
        seats: 2,
        seatLabels: expect.arrayContaining([expect.stringMatching(/^[A-J]\d+$/)]),
        unitPrice: 950,
        totalPrice: 1900,
        movieId: show.movieId,
        title: 'La Sala Oscura',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        day: expect.any(String),
        schedule: expect.stringMatching(/^\d{2}:\d{2}$/),
        roomId: 1,
        type: '2D',
        heldUntil: expect.any(String),
        lines: cart.tickets[0]?.seatLabels.map((seatLabel) => ({
          seatLabel,
          type: 'general',
          typeName: 'General',
          category: 'standard',
          base: 950,
          surcharges: [],
          total: 950,
        })),
      },
    ]);
    expect(cart.candy).toEqual([
      { id: nachos.candyId, name: 'COMBO NACHOS', picture: nachos.picture, quantity: 2, unitPrice: 1250, totalPrice: 2500 },
      { id: icee.candyId, name: 'COMBO ICEE', picture: icee.picture, quantity: 1, unitPrice: 799, totalPrice: 799 },
    ]);
    expect(cart.orderPrice).toBe(1900 + 2500 + 799);
  });

  it('POST /cart answers the same cart', async () => {
    const candy = await publishCandy(booking);
    const user = newUser(booking.app);
    await addCandy(booking, user, candy.candyId, 3);

    const response = await booking.app.inject({ method: 'POST', url: '/cart', headers: user.headers, payload: { idUser: user.id } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await cartOf(booking, user));
    expect(response.json<CartView>().orderPrice).toBe(3 * candy.price);
  });

  it('prices candy at the projection’s current price and drops a deleted item', async () => {
    const candy = await publishCandy(booking, { price: 500 });
    const user = newUser(booking.app);
    await addCandy(booking, user, candy.candyId, 2);

    await booking.context.bus.publish(createEvent('candy.updated', { ...candy, price: 650 }));
    expect((await cartOf(booking, user)).orderPrice).toBe(1300);

    await booking.context.bus.publish(createEvent('candy.deleted', candy));
    expect(await cartOf(booking, user)).toEqual({ tickets: [], candy: [], orderPrice: 0 });
  });

  it('drops the ticket line when the hold lapses', async () => {
    const show = await createShow(booking);
    const user = newUser(booking.app);
    await hold(booking, user, show.id, 1);
    expect((await cartOf(booking, user)).tickets).toHaveLength(1);

    booking.advance(11 * 60_000);
    try {
      expect((await cartOf(booking, user)).tickets).toEqual([]);
    } finally {
      booking.advance(-11 * 60_000);
    }
  });

  it('drops the ticket line of a show that has started, though the hold has not lapsed; checkout refuses it (issue 20)', async () => {
    const show = await createShow(booking, { price: 950 });
    const candy = await publishCandy(booking, { price: 300 });
    const user = newUser(booking.app);
    const startsAt = Date.parse(
      (await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}` })).json<{ startsAt: string }>().startsAt,
    );
    const toFiveMinutesBefore = startsAt - booking.app.clock().getTime() - 5 * 60_000;
    booking.advance(toFiveMinutesBefore);
    try {
      expect((await hold(booking, user, show.id, 2)).statusCode).toBe(200);
      await addCandy(booking, user, candy.candyId, 1);
      expect((await cartOf(booking, user)).orderPrice).toBe(2 * 950 + 300);

      booking.advance(6 * 60_000);
      expect(await cartOf(booking, user)).toEqual({
        tickets: [],
        candy: [expect.objectContaining({ id: candy.candyId, totalPrice: 300 })],
        orderPrice: 300,
      });
      expect((await checkout(booking, user, { show: show.id, ticket: 2 })).json()).toEqual({
        statusCode: 409,
        error: 'La función ya comenzó: ya no se venden entradas.',
      });
    } finally {
      booking.advance(-toFiveMinutesBefore - 6 * 60_000);
    }
  });

  it("refuses another user's cart (403) and a guest (401)", async () => {
    const me = newUser(booking.app);
    const other = newUser(booking.app);
    for (const url of ['/cart/userCart', '/cart', '/cart/tickets']) {
      const forbidden = await booking.app.inject({ method: 'POST', url, headers: me.headers, payload: { idUser: other.id } });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ statusCode: 403, error: 'Solo puedes operar con tu propio usuario.' });
      expect((await booking.app.inject({ method: 'POST', url, payload: { idUser: other.id } })).statusCode).toBe(401);
    }
  });

  it('refuses a body without idUser or with extra fields, in Spanish', async () => {
    const me = newUser(booking.app);
    const missing = await booking.app.inject({ method: 'POST', url: '/cart/userCart', headers: me.headers, payload: {} });
    expect(missing.json()).toEqual({ statusCode: 400, error: "Falta el campo obligatorio 'idUser'." });
    const extra = await booking.app.inject({
      method: 'POST',
      url: '/cart/userCart',
      headers: me.headers,
      payload: { idUser: me.id, total: 1 },
    });
    expect(extra.json()).toEqual({ statusCode: 400, error: "El campo 'total' no está permitido." });
  });
});

describe('POST /candy/add and /candy/delete', () => {
  it('sets the line’s quantity (not adds) and answers the cart with orderPrice', async () => {
    const candy = await publishCandy(booking, { price: 300 });
    const user = newUser(booking.app);

    await addCandy(booking, user, candy.candyId, 4);
    const response = await addCandy(booking, user, candy.candyId, 2);

    expect(response.statusCode).toBe(200);
    expect(response.json<CartView>().candy).toEqual([expect.objectContaining({ id: candy.candyId, quantity: 2, totalPrice: 600 })]);
    expect(response.json<CartView>().orderPrice).toBe(600);
  });

  it('accepts the bounds 1 and 100', async () => {
    const candy = await publishCandy(booking, { quantity: 500 });
    const user = newUser(booking.app);
    expect((await addCandy(booking, user, candy.candyId, 1)).statusCode).toBe(200);
    expect((await addCandy(booking, user, candy.candyId, 100)).json<CartView>().candy[0]?.quantity).toBe(100);
  });

  it.each([
    [0, "El campo 'quantity' debe ser como mínimo 1."],
    [-1, "El campo 'quantity' debe ser como mínimo 1."],
    [101, "El campo 'quantity' debe ser como máximo 100."],
    [1e9, "El campo 'quantity' debe ser como máximo 100."],
    [2.5, "El campo 'quantity' debe ser número entero."],
    ['3', "El campo 'quantity' debe ser número entero."],
    ['muchos', "El campo 'quantity' debe ser número entero."],
    [null, "El campo 'quantity' debe ser número entero."],
  ])('refuses quantity %p with 400 and changes nothing', async (quantity, message) => {
    const candy = await publishCandy(booking);
    const user = newUser(booking.app);
    await addCandy(booking, user, candy.candyId, 2);

    const response = await addCandy(booking, user, candy.candyId, quantity);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
    expect((await cartOf(booking, user)).candy[0]?.quantity).toBe(2);
  });

  it('refuses an unknown candy (404) and more than the stock (409, naming the item)', async () => {
    const candy = await publishCandy(booking, { name: 'COMBO GRANDE', quantity: 3 });
    const user = newUser(booking.app);

    const unknown = await addCandy(booking, user, 'no-existe', 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'No existe el producto.' });

    const tooMany = await addCandy(booking, user, candy.candyId, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ statusCode: 409, error: 'No hay suficiente stock de COMBO GRANDE: quedan 3.' });
    expect((await addCandy(booking, user, candy.candyId, 3)).statusCode).toBe(200);
  });

  it("refuses another user's id (403) without touching their cart", async () => {
    const candy = await publishCandy(booking);
    const victim = newUser(booking.app);
    const intruder = newUser(booking.app);
    await addCandy(booking, victim, candy.candyId, 1);

    const add = await booking.app.inject({
      method: 'POST',
      url: '/candy/add',
      headers: intruder.headers,
      payload: { index: candy.candyId, quantity: 50, userId: victim.id },
    });
    const remove = await booking.app.inject({
      method: 'POST',
      url: '/candy/delete',
      headers: intruder.headers,
      payload: { index: candy.candyId, userId: victim.id },
    });

    expect(add.statusCode).toBe(403);
    expect(remove.statusCode).toBe(403);
    expect((await cartOf(booking, victim)).candy[0]?.quantity).toBe(1);
  });

  it('removes a line and answers the cart without it', async () => {
    const keep = await publishCandy(booking, { name: 'cafe', price: 200 });
    const drop = await publishCandy(booking, { name: 'hotdog', price: 400 });
    const user = newUser(booking.app);
    await addCandy(booking, user, keep.candyId, 1);
    await addCandy(booking, user, drop.candyId, 1);

    const response = await booking.app.inject({
      method: 'POST',
      url: '/candy/delete',
      headers: user.headers,
      payload: { index: drop.candyId, userId: user.id },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<CartView>()).toEqual({ tickets: [], candy: [expect.objectContaining({ id: keep.candyId })], orderPrice: 200 });
  });

  it('refuses to delete a candy that exists nowhere (404) and a body without index (400)', async () => {
    const user = newUser(booking.app);
    const unknown = await booking.app.inject({
      method: 'POST',
      url: '/candy/delete',
      headers: user.headers,
      payload: { index: 'nada', userId: user.id },
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await booking.app.inject({ method: 'POST', url: '/candy/delete', headers: user.headers, payload: { userId: user.id } });
    expect(missing.json()).toEqual({ statusCode: 400, error: "Falta el campo obligatorio 'index'." });
  });

  it('keeps concurrent changes of one cart (no lost line)', async () => {
    const items = await Promise.all(Array.from({ length: 8 }, (_, i) => publishCandy(booking, { name: `item ${i}`, price: 100 })));
    const user = newUser(booking.app);

    await Promise.all(items.map((item) => addCandy(booking, user, item.candyId, 1)));

    expect((await cartOf(booking, user)).candy).toHaveLength(8);
  });
});
