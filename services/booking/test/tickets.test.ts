import type { ShowView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import { isRefusal } from '../src/refusal';
import { singlePriceLines } from '../src/pricing/show-pricing';
import { MOVIE_WITHDRAWN } from '../src/shows/booking-errors';
import { createShow, newId, publishMovie, startBooking, userHeaders, type BookingUnderTest } from './helpers';

let booking: BookingUnderTest;
let movieId: string;
let day = 0;

beforeAll(async () => {
  booking = await startBooking();
  movieId = (await publishMovie(booking.context, { title: 'Butacas', runtime: 90 })).movieId;
});
afterAll(() => booking.close());
afterEach(() => booking.clock.set('2026-03-11T15:00:00.000Z'));

/** A fresh 100-seat show (room 1) on its own day. */
async function freshShow(overrides: { roomId?: number; schedule?: string; price?: number } = {}): Promise<ShowView> {
  day += 1;
  const date = `2026-04-${String(day).padStart(2, '0')}`;
  return createShow(booking, { movieId, roomId: 1, day: date, schedule: '20:00', type: '2D', ...overrides });
}

interface Held {
  showId: string;
  seats: number;
  seatLabels: string[];
  heldUntil: string;
  unitPrice: number;
  totalPrice: number;
  show: ShowView;
}

function addTickets(userId: string, payload: Record<string, unknown>, headers = userHeaders(booking.app, userId)) {
  return booking.app.inject({ method: 'POST', url: '/tickets/addTickets', headers, payload: { userId, ...payload } });
}

function deleteTickets(userId: string, showId: string, headers = userHeaders(booking.app, userId)) {
  return booking.app.inject({ method: 'POST', url: '/tickets/delete', headers, payload: { userId, showId } });
}

async function seatsOf(showId: string): Promise<Array<{ label: string; orderId?: string }>> {
  return ((await booking.context.db.collection('shows').findOne({ _id: new Types.ObjectId(showId) }))?.seats ?? []) as Array<{
    label: string;
    orderId?: string;
  }>;
}

async function seatsLeft(showId: string): Promise<number> {
  return (await booking.app.inject({ method: 'GET', url: `/show/one/${showId}` })).json<ShowView>().seats;
}

describe('POST /tickets/addTickets', () => {
  it('holds the best adjacent seats for HOLD_MINUTES (10) and answers their labels and price', async () => {
    const show = await freshShow({ price: 950 });
    const user = newId();
    const response = await addTickets(user, { seats: 3, showId: show.id });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      showId: show.id,
      seats: 3,
      seatLabels: ['F4', 'F5', 'F6'],
      heldUntil: '2026-03-11T15:10:00.000Z',
      unitPrice: 950,
      totalPrice: 2850,
      lines: singlePriceLines(['F4', 'F5', 'F6'], 950),
      show: { ...show, seats: 97 },
    });
    expect(await seatsLeft(show.id)).toBe(97);
    const [cart] = await booking.app.seatInventory.holdsOf(user, booking.clock.now());
    expect(cart).toMatchObject({
      show: { ...show, seats: 97 },
      seatLabels: ['F4', 'F5', 'F6'],
      ticketTypes: ['general', 'general', 'general'],
      heldUntil: new Date('2026-03-11T15:10:00.000Z'),
    });
  });

  it('replaces the user’s hold on the show instead of adding to it', async () => {
    const show = await freshShow();
    const user = newId();
    await addTickets(user, { seats: 2, showId: show.id });
    const again = (await addTickets(user, { seats: 4, showId: show.id })).json<Held>();

    expect(again.seatLabels).toEqual(['F4', 'F5', 'F6', 'F7']);
    expect(await seatsLeft(show.id)).toBe(96);
    expect((await addTickets(user, { seats: 1, showId: show.id })).json<Held>().seatLabels).toEqual(['F5']);
    expect(await seatsLeft(show.id)).toBe(99);
  });

  it('releases the user’s holds on other shows: one show in the cart', async () => {
    const first = await freshShow();
    const second = await freshShow();
    const user = newId();
    await addTickets(user, { seats: 2, showId: first.id });
    await addTickets(user, { seats: 3, showId: second.id });

    expect(await seatsLeft(first.id)).toBe(100);
    expect(await seatsLeft(second.id)).toBe(97);
    const holds = await booking.app.seatInventory.holdsOf(user, booking.clock.now());
    expect(holds.map((hold) => [hold.show.id, hold.seatLabels.length])).toEqual([[second.id, 3]]);
  });

  it('gives other users the next best seats, never the same seat twice', async () => {
    const show = await freshShow();
    const labels = [];
    for (let i = 0; i < 3; i++) labels.push(...(await addTickets(newId(), { seats: 4, showId: show.id })).json<Held>().seatLabels);

    expect(new Set(labels).size).toBe(12);
    expect(await seatsLeft(show.id)).toBe(88);
  });

  it('answers 409 with how many are left when there are not enough seats', async () => {
    const show = await freshShow();
    for (let i = 0; i < 9; i++) await addTickets(newId(), { seats: 10, showId: show.id });
    await addTickets(newId(), { seats: 8, showId: show.id });

    const response = await addTickets(newId(), { seats: 3, showId: show.id });
    expect(response.json()).toEqual({ statusCode: 409, error: 'No quedan suficientes asientos disponibles para esta función (quedan 2).' });
    expect((await addTickets(newId(), { seats: 2, showId: show.id })).statusCode).toBe(200);
    expect((await addTickets(newId(), { seats: 1, showId: show.id })).json().error).toBe(
      'No quedan suficientes asientos disponibles para esta función (quedan 0).',
    );
  });

  it('treats lapsed holds as free seats everywhere, without any timer', async () => {
    const show = await freshShow();
    const early = newId();
    for (let i = 0; i < 9; i++) await addTickets(newId(), { seats: 10, showId: show.id });
    await addTickets(early, { seats: 10, showId: show.id });
    expect(await seatsLeft(show.id)).toBe(0);
    expect((await addTickets(newId(), { seats: 1, showId: show.id })).statusCode).toBe(409);

    booking.clock.advanceMinutes(10);
    expect(await seatsLeft(show.id)).toBe(100);
    const shows = (await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${movieId}` })).json<ShowView[]>();
    expect(shows.find((listed) => listed.id === show.id)?.seats).toBe(100);
    expect(await booking.app.seatInventory.holdsOf(early, booking.clock.now())).toEqual([]);

    const late = (await addTickets(newId(), { seats: 2, showId: show.id })).json<Held>();
    expect(late.seatLabels).toEqual(['F5', 'F6']);
    expect(await seatsLeft(show.id)).toBe(98);
    expect((await deleteTickets(early, show.id)).json()).toEqual({ released: 0 });
  });

  it('answers 409 once the show has started and 404 for an unknown show', async () => {
    const show = await freshShow();
    booking.clock.set(show.startsAt);
    expect((await addTickets(newId(), { seats: 1, showId: show.id })).json()).toEqual({
      statusCode: 409,
      error: 'La función ya comenzó: ya no se venden entradas.',
    });
    expect((await addTickets(newId(), { seats: 1, showId: newId() })).json()).toEqual({ statusCode: 404, error: 'No existe la función.' });
  });

  it('answers 409 for a show whose movie was deleted from the catalog (issue 20, item 5)', async () => {
    const gone = await publishMovie(booking.context, { title: 'Retirada', runtime: 90 });
    const show = await createShow(booking, { movieId: gone.movieId, roomId: 2, day: '2026-04-20', schedule: '20:00', type: '2D' });
    const early = newId();
    expect((await addTickets(early, { seats: 2, showId: show.id })).statusCode).toBe(200);
    await booking.context.bus.publish(createEvent('movie.deleted', gone));

    expect((await addTickets(newId(), { seats: 1, showId: show.id })).json()).toEqual({ statusCode: 409, error: MOVIE_WITHDRAWN });
    // Renewing a hold made before is refused too.
    expect((await addTickets(early, { seats: 2, showId: show.id })).json()).toEqual({ statusCode: 409, error: MOVIE_WITHDRAWN });
    // A later event that puts the movie back in the catalog puts its shows back on sale.
    await booking.context.bus.publish(createEvent('movie.updated', gone));
    expect((await addTickets(newId(), { seats: 1, showId: show.id })).statusCode).toBe(200);
  });

  it.each([
    ['zero seats', { seats: 0 }, "El campo 'seats' debe ser como mínimo 1."],
    ['negative seats', { seats: -3 }, "El campo 'seats' debe ser como mínimo 1."],
    ['more than 10 seats', { seats: 11 }, "El campo 'seats' debe ser como máximo 10."],
    ['a huge number', { seats: 1e15 }, "El campo 'seats' debe ser como máximo 10."],
    ['a fraction', { seats: 1.5 }, "El campo 'seats' debe ser número entero."],
    ['text', { seats: 'dos' }, "El campo 'seats' debe ser número entero."],
    ['a numeric text', { seats: '2' }, "El campo 'seats' debe ser número entero."],
    ['no seats', { seats: undefined }, 'Indica cuántas entradas quieres (seats) o cuáles (tickets).'],
    ['a malformed show id', { showId: 'abc' }, "El campo 'showId' no tiene un formato válido."],
    ['a MongoDB operator', { showId: { $ne: '' } }, "El campo 'showId' debe ser texto."],
    ['an unknown field', { price: 1 }, "El campo 'price' no está permitido."],
  ])('refuses %s with 400', async (_label, change, message) => {
    const user = newId();
    const response = await addTickets(user, { seats: 2, showId: newId(), ...change });
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });

  it('needs a session (401) and the caller’s own user id (403); an admin may act for a user', async () => {
    const show = await freshShow();
    const user = newId();
    const guest = await booking.app.inject({
      method: 'POST',
      url: '/tickets/addTickets',
      payload: { userId: user, seats: 1, showId: show.id },
    });
    expect(guest.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });

    const someoneElse = await addTickets(user, { seats: 1, showId: show.id }, userHeaders(booking.app, newId()));
    expect(someoneElse.json()).toEqual({ statusCode: 403, error: 'Solo puedes operar con tu propio usuario.' });
    expect(await seatsLeft(show.id)).toBe(100);

    const { bearer } = await import('@cine/service-kit/testing');
    const byAdmin = await addTickets(user, { seats: 1, showId: show.id }, bearer(booking.app, { sub: newId(), role: 'admin' }));
    expect(byAdmin.statusCode).toBe(200);
    expect((await booking.app.seatInventory.holdsOf(user, booking.clock.now()))[0]?.seatLabels).toEqual(['F5']);
  });
});

describe('POST /tickets/delete', () => {
  it('releases the user’s held seats and answers how many', async () => {
    const show = await freshShow();
    const user = newId();
    await addTickets(user, { seats: 3, showId: show.id });

    expect((await deleteTickets(user, show.id)).json()).toEqual({ released: 3 });
    expect(await seatsLeft(show.id)).toBe(100);
    expect((await deleteTickets(user, show.id)).json()).toEqual({ released: 0 });
  });

  it('leaves other users’ seats, and seats being paid or sold', async () => {
    const show = await freshShow();
    const user = newId();
    const other = newId();
    await addTickets(other, { seats: 2, showId: show.id });
    await addTickets(user, { seats: 2, showId: show.id });
    const now = booking.clock.now();
    await booking.app.seatInventory.reserveForOrder(show.id, user, 'order-pay', show, now, new Date(now.getTime() + 20 * 60_000));

    expect((await deleteTickets(user, show.id)).json()).toEqual({ released: 0 });
    expect(await seatsLeft(show.id)).toBe(96);
  });

  it('answers 404 for an unknown show, 401 for a guest and 403 for another user’s id', async () => {
    const user = newId();
    expect((await deleteTickets(user, newId())).json()).toEqual({ statusCode: 404, error: 'No existe la función.' });
    const show = await freshShow();
    expect(
      (await booking.app.inject({ method: 'POST', url: '/tickets/delete', payload: { userId: user, showId: show.id } })).statusCode,
    ).toBe(401);
    expect((await deleteTickets(user, show.id, userHeaders(booking.app, newId()))).statusCode).toBe(403);
    expect(
      (
        await booking.app.inject({
          method: 'POST',
          url: '/tickets/delete',
          headers: userHeaders(booking.app, user),
          payload: { userId: user },
        })
      ).json(),
    ).toEqual({
      statusCode: 400,
      error: "Falta el campo obligatorio 'showId'.",
    });
  });
});

describe('SeatInventory for checkout', () => {
  const inventory = () => booking.app.seatInventory;
  const holds = () => booking.app.seatHolds;

  /** A new user holding two seats (F5, F6) of a fresh show, and a reservation end 30 minutes on. */
  async function twoSeatsHeld() {
    const show = await freshShow();
    const user = newId();
    const now = booking.clock.now();
    await holds().hold(show.id, user, 2, now, '127.0.0.1');
    return { show, user, now, until: new Date(now.getTime() + 30 * 60_000) };
  }

  it('reserves held seats for an order (idempotently), sells them, and never sells a lapsed seat someone else took', async () => {
    const { show, user, now, until } = await twoSeatsHeld();

    const reserved = { outcome: 'reserved', seatLabels: ['F5', 'F6'] };
    expect(await inventory().reserveForOrder(show.id, user, 'order-a', show, now, until)).toEqual(reserved);
    expect(await inventory().reserveForOrder(show.id, user, 'order-a', show, now, until)).toEqual(reserved);
    // Past the hold's own end, the reserved seats stay the user's until `until`.
    booking.clock.advanceMinutes(15);
    expect((await inventory().holdsOf(user, booking.clock.now()))[0]?.seatLabels).toEqual(['F5', 'F6']);
    expect(await inventory().sellForOrder(show.id, 'order-a')).toEqual(['F5', 'F6']);
    expect(await inventory().sellForOrder(show.id, 'order-a')).toEqual(['F5', 'F6']);
    expect(await seatsLeft(show.id)).toBe(98);
    expect(await inventory().holdsOf(user, booking.clock.now())).toEqual([]);
    expect(await inventory().reserveForOrder(show.id, user, 'order-b', show, booking.clock.now(), until)).toEqual({
      outcome: 'reserved',
      seatLabels: [],
    });
  });

  it('tags nothing when the show’s terms are not the ones the order copied (an admin changed them)', async () => {
    const { show, user, now, until } = await twoSeatsHeld();

    for (const changed of [
      { price: show.price + 100 },
      { schedule: '21:00' },
      { roomId: 2 },
      { type: '3D' as const },
      { date: '2026-05-01' },
      { movieId: newId() },
    ]) {
      expect(await inventory().reserveForOrder(show.id, user, 'order-x', { ...show, ...changed }, now, until)).toEqual({
        outcome: 'terms-changed',
      });
    }
    // Tagged for order-x, the seats could not be reserved for another order.
    expect(await inventory().reserveForOrder(show.id, user, 'order-t', show, now, until)).toEqual({
      outcome: 'reserved',
      seatLabels: ['F5', 'F6'],
    });
  });

  it('tags nothing once the show’s movie was deleted, even when this process remembers the show from before (issue 20, item 5)', async () => {
    const gone = await publishMovie(booking.context, { title: 'Descatalogada', runtime: 90 });
    const show = await createShow(booking, { movieId: gone.movieId, roomId: 3, day: '2026-04-21', schedule: '20:00', type: '2D' });
    const user = newId();
    const now = booking.clock.now();
    await holds().hold(show.id, user, 2, now, '127.0.0.1');
    await booking.context.bus.publish(createEvent('movie.deleted', gone));

    expect(await inventory().reserveForOrder(show.id, user, 'order-w', show, now, new Date(now.getTime() + 30 * 60_000))).toEqual({
      outcome: 'withdrawn',
    });
    expect((await seatsOf(show.id)).filter((seat) => seat.orderId !== undefined)).toEqual([]);
  });

  it('gives a declined order’s seats back to the hold until its own end', async () => {
    const show = await freshShow();
    const user = newId();
    const now = booking.clock.now();
    const held = await holds().hold(show.id, user, 1, now, '127.0.0.1');
    if (isRefusal(held)) throw new Error(held.message);
    await inventory().reserveForOrder(show.id, user, 'order-d', show, now, new Date(now.getTime() + 30 * 60_000));

    // Refused as a conflict (the routes answer 409), holding nothing.
    expect(await holds().hold(show.id, user, 2, now, '127.0.0.1')).toMatchObject({ outcome: 'refused', kind: 'conflict' });
    await inventory().releaseOrderReservation(show.id, 'order-d', held.heldUntil);
    expect(await inventory().sellForOrder(show.id, 'order-d')).toEqual([]);
    expect((await inventory().holdsOf(user, now))[0]?.heldUntil).toEqual(held.heldUntil);
    booking.clock.advanceMinutes(10);
    expect(await inventory().holdsOf(user, booking.clock.now())).toEqual([]);
    expect(await seatsLeft(show.id)).toBe(100);
  });
});

describe('contention', () => {
  it('150 concurrent holds of 1 seat on a 100-seat show: exactly 100 succeed, no seat twice', async () => {
    const show = await freshShow();
    const users = Array.from({ length: 150 }, () => newId());
    const started = Date.now();
    const responses = await Promise.all(users.map((user) => addTickets(user, { seats: 1, showId: show.id })));
    const elapsed = Date.now() - started;

    const won = responses.filter((response) => response.statusCode === 200).map((response) => response.json<Held>().seatLabels[0]);
    const lost = responses.filter((response) => response.statusCode !== 200);
    expect(won).toHaveLength(100);
    expect(new Set(won).size).toBe(100);
    expect(lost.every((response) => response.statusCode === 409)).toBe(true);
    expect(await seatsLeft(show.id)).toBe(0);
    expect(elapsed).toBeLessThan(20_000);
  }, 60_000);
});

describe('HOLD_MINUTES', () => {
  const saved = process.env.HOLD_MINUTES;
  afterEach(() => {
    if (saved === undefined) delete process.env.HOLD_MINUTES;
    else process.env.HOLD_MINUTES = saved;
  });

  it('sets how long a hold lasts, read when the service starts', async () => {
    process.env.HOLD_MINUTES = '3';
    const short = await startBooking();
    try {
      const movie = await publishMovie(short.context);
      const show = await createShow(short, { movieId: movie.movieId, roomId: 1, day: '2026-04-20', schedule: '20:00', type: '2D' });
      const user = newId();
      const held = await short.app.inject({
        method: 'POST',
        url: '/tickets/addTickets',
        headers: userHeaders(short.app, user),
        payload: { userId: user, seats: 1, showId: show.id },
      });
      expect(held.json<Held>().heldUntil).toBe('2026-03-11T15:03:00.000Z');
    } finally {
      await short.close();
    }
  });

  it.each(['0', '-5', 'diez', '1.5'])('refuses %p at start', async (value) => {
    process.env.HOLD_MINUTES = value;
    await expect(startBooking()).rejects.toThrow(`HOLD_MINUTES must be a positive whole number of minutes, not '${value}'`);
  });
});
