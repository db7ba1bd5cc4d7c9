import type { ShowView } from '@cine/contracts';
import { adminHeaders, createShow, newId, publishMovie, startBooking, userHeaders, type BookingUnderTest } from './helpers';

// The real defaults: 20 seats per client address, holds renewed up to 20 minutes (2 × HOLD_MINUTES).
let booking: BookingUnderTest;
let movieId: string;
let day = 0;

beforeAll(async () => {
  booking = await startBooking({ holdLimits: { perAddress: 20 } });
  movieId = (await publishMovie(booking.context, { title: 'Acaparadores', runtime: 90 })).movieId;
});
afterAll(() => booking.close());

/** A fresh 100-seat show on its own day, and the clock back at the start (earlier holds lapse 20 minutes on). */
async function freshShow(): Promise<ShowView> {
  day += 1;
  booking.clock.advanceMinutes(60);
  return createShow(booking, { movieId, roomId: 1, day: `2026-05-${String(day).padStart(2, '0')}`, schedule: '20:00', type: '2D' });
}

function addTickets(userId: string, showId: string, seats: number, address = '203.0.113.7') {
  return booking.app.inject({
    method: 'POST',
    url: '/tickets/addTickets',
    // What the gateway sends: the client's address in X-Forwarded-For, overwriting whatever the client sent.
    headers: { ...userHeaders(booking.app, userId), 'x-forwarded-for': address },
    payload: { userId, seats, showId },
  });
}

describe('seat hoarding', () => {
  it('limits the seats one client address holds at once, across its accounts and shows', async () => {
    const [first, second] = [await freshShow(), await freshShow()];
    const accounts = Array.from({ length: 11 }, () => newId());
    const answers = await Promise.all(accounts.map((account, index) => addTickets(account, (index % 2 ? first : second).id, 10)));

    const held = answers.filter((answer) => answer.statusCode === 200);
    expect(held).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.json()).toEqual({
      statusCode: 409,
      error:
        'Desde tu conexión ya hay demasiados asientos reservados a la vez (máximo 20). Completa o libera una compra antes de reservar más.',
    });
    // Another address is not affected.
    expect((await addTickets(newId(), first.id, 10, '198.51.100.9')).statusCode).toBe(200);
  });

  it('counts an account once: renewing or resizing its own hold is not more seats', async () => {
    const show = await freshShow();
    const account = newId();
    expect((await addTickets(account, show.id, 10, '203.0.113.20')).statusCode).toBe(200);
    expect((await addTickets(account, show.id, 10, '203.0.113.20')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 10, '203.0.113.20')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 1, '203.0.113.20')).statusCode).toBe(409);
  });

  it('counts the seats another instance held from the address since this one last wrote its entry', async () => {
    const show = await freshShow();
    const address = '203.0.113.30';
    expect((await addTickets(newId(), show.id, 1, address)).statusCode).toBe(200);
    // Another instance of the service counts 19 seats at the address (its write moves the entry's version on).
    const until = new Date(booking.clock.now().getTime() + 60 * 60_000);
    await booking.context.db
      .collection('hold_addresses')
      .updateOne({ _id: address } as never, { $set: { 'holders.b3RoZXI': { seats: 19, until } }, $inc: { version: 1 } });
    // This instance's copy of the entry is stale: its write is refused, it reads the entry again and counts 20 seats.
    expect((await addTickets(newId(), show.id, 1, address)).statusCode).toBe(409);
  });

  it('frees the address’s allowance when a hold is released', async () => {
    const show = await freshShow();
    const [a, b, c] = [newId(), newId(), newId()];
    expect((await addTickets(a, show.id, 10, '203.0.113.30')).statusCode).toBe(200);
    expect((await addTickets(b, show.id, 10, '203.0.113.30')).statusCode).toBe(200);
    expect((await addTickets(c, show.id, 10, '203.0.113.30')).statusCode).toBe(409);
    const release = await booking.app.inject({
      method: 'POST',
      url: '/tickets/delete',
      headers: userHeaders(booking.app, a),
      payload: { userId: a, showId: show.id },
    });
    expect(release.json()).toEqual({ released: 10 });
    expect((await addTickets(c, show.id, 10, '203.0.113.30')).statusCode).toBe(200);
  });

  it('gives the allowance back when the seats cannot be had', async () => {
    const show = await freshShow();
    expect((await addTickets(newId(), show.id, 10, '203.0.113.60')).statusCode).toBe(200);
    expect((await addTickets(newId(), newId(), 10, '203.0.113.60')).statusCode).toBe(404);
    expect((await addTickets(newId(), show.id, 10, '203.0.113.60')).statusCode).toBe(200);
  });

  it('gives back the allowances of many holds of one address at once (batched), losing none', async () => {
    const show = await freshShow();
    const address = '203.0.113.70';
    const first = Array.from({ length: 15 }, () => newId());
    expect(
      (await Promise.all(first.map((account) => addTickets(account, show.id, 1, address)))).map((answer) => answer.statusCode),
    ).toEqual(first.map(() => 200));

    // All released at once, beside holds that fail (an unknown show) after their claim (room for 5 is left), so give it back.
    const releases = first.map((account) =>
      booking.app.inject({
        method: 'POST',
        url: '/tickets/delete',
        headers: userHeaders(booking.app, account),
        payload: { userId: account, showId: show.id },
      }),
    );
    const failing = Array.from({ length: 5 }, () => addTickets(newId(), newId(), 1, address));
    expect((await Promise.all(releases)).map((answer) => answer.json())).toEqual(first.map(() => ({ released: 1 })));
    expect((await Promise.all(failing)).map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);

    const second = Array.from({ length: 20 }, () => newId());
    expect(
      (await Promise.all(second.map((account) => addTickets(account, show.id, 1, address)))).map((answer) => answer.statusCode),
    ).toEqual(second.map(() => 200));
    const entry = await booking.context.db.collection('hold_addresses').findOne({ _id: address } as never);
    expect(Object.keys(entry?.holders ?? {})).toHaveLength(20);
  });

  it('caps renewals: a hold ends 20 minutes after the first at the latest, then the seats go back on sale for 10 minutes', async () => {
    const show = await freshShow();
    const account = newId();
    const first = await addTickets(account, show.id, 4, '203.0.113.40');
    const start = booking.clock.now().getTime();
    expect(first.json().heldUntil).toBe(new Date(start + 10 * 60_000).toISOString());

    booking.clock.advanceMinutes(9);
    expect((await addTickets(account, show.id, 4, '203.0.113.40')).json().heldUntil).toBe(new Date(start + 19 * 60_000).toISOString());
    booking.clock.advanceMinutes(9);
    // The third hold is cut at 20 minutes from the first.
    expect((await addTickets(account, show.id, 4, '203.0.113.40')).json().heldUntil).toBe(new Date(start + 20 * 60_000).toISOString());

    booking.clock.advanceMinutes(3);
    const refused = await addTickets(account, show.id, 4, '203.0.113.40');
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Tu reserva de esta función ya se renovó el máximo permitido. Podrás elegir asientos de nuevo en 9 minutos.',
    });
    // Releasing and holding again does not start a new window.
    await booking.app.inject({
      method: 'POST',
      url: '/tickets/delete',
      headers: userHeaders(booking.app, account),
      payload: { userId: account, showId: show.id },
    });
    expect((await addTickets(account, show.id, 4, '203.0.113.40')).statusCode).toBe(409);
    // Someone else can take the seats meanwhile; the account can hold again after the wait.
    expect((await addTickets(newId(), show.id, 4, '198.51.100.40')).statusCode).toBe(200);
    booking.clock.advanceMinutes(9);
    expect((await addTickets(account, show.id, 4, '203.0.113.40')).statusCode).toBe(200);
  });

  it('keeps each show’s window while the account holds another: going back to a show does not restart it (issue 20, item 1)', async () => {
    const [x, y] = [await freshShow(), await freshShow()];
    const account = newId();
    const address = '203.0.113.90';
    const start = booking.clock.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    expect((await addTickets(account, x.id, 2, address)).json().heldUntil).toBe(at(10));
    booking.clock.advanceMinutes(9);
    expect((await addTickets(account, x.id, 2, address)).json().heldUntil).toBe(at(19));

    // Minute 11: the buyer changes their mind, and Y gets a whole window of its own.
    booking.clock.advanceMinutes(2);
    expect((await addTickets(account, y.id, 2, address)).json().heldUntil).toBe(at(21));
    // Minute 12: back to X, whose window still started at minute 0.
    booking.clock.advanceMinutes(1);
    expect((await addTickets(account, x.id, 2, address)).json().heldUntil).toBe(at(20));
    // Minute 20.5, after another detour by Y: X is refused as for an account that never left it.
    booking.clock.advanceMinutes(7);
    expect((await addTickets(account, y.id, 2, address)).statusCode).toBe(200);
    booking.clock.advanceMinutes(1.5);
    expect((await addTickets(account, x.id, 2, address)).json()).toEqual({
      statusCode: 409,
      error: 'Tu reserva de esta función ya se renovó el máximo permitido. Podrás elegir asientos de nuevo en 10 minutos.',
    });
    const seatsOf = async (id: string) => (await booking.app.inject({ method: 'GET', url: `/show/one/${id}` })).json<ShowView>().seats;
    expect(await seatsOf(x.id)).toBe(100);
    // After the wait X can be held again, with a new window.
    booking.clock.advanceMinutes(10);
    expect((await addTickets(account, x.id, 2, address)).json().heldUntil).toBe(at(40.5));
    // Y's window and its wait are over at minute 41: the next hold's write drops it, so the account's windows do not pile up.
    booking.clock.advanceMinutes(11);
    expect((await addTickets(account, x.id, 2, address)).statusCode).toBe(200);
    const holds = await booking.context.db.collection('user_holds').findOne({ _id: account } as never);
    expect(Object.keys(holds?.windows ?? {})).toEqual([x.id]);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address; IPv4 addresses count one each (issue 20, item 2)', async () => {
    const show = await freshShow();
    expect((await addTickets(newId(), show.id, 10, '2001:db8:1:1::6')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 10, '2001:db8:1:1::7')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 1, '2001:DB8:1:1:ffff:ffff:ffff:ffff')).statusCode).toBe(409);
    expect((await addTickets(newId(), show.id, 10, '2001:db8:1:2::6')).statusCode).toBe(200);

    expect((await addTickets(newId(), show.id, 10, '::ffff:198.51.100.60')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 10, '198.51.100.60')).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 1, '::ffff:c633:643c')).statusCode).toBe(409);

    // Neighbouring IPv4 addresses are separate clients (docs/security.md, known limits).
    for (const address of ['198.51.100.53', '198.51.100.54', '198.51.100.55']) {
      expect((await addTickets(newId(), show.id, 10, address)).statusCode).toBe(200);
    }
  });

  it('a purchase ends the account’s entry: its seats stop counting at the address and its next hold of the show starts a new window', async () => {
    const show = await freshShow();
    const account = newId();
    const address = '203.0.113.80';
    expect((await addTickets(account, show.id, 10, address)).statusCode).toBe(200);
    booking.clock.advanceMinutes(9);
    expect((await addTickets(account, show.id, 10, address)).statusCode).toBe(200);
    const paid = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: userHeaders(booking.app, account),
      payload: { idUser: account, show: show.id, ticket: 10, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);

    // The 10 bought seats no longer count: another account fills the address's 20.
    expect((await addTickets(newId(), show.id, 10, address)).statusCode).toBe(200);
    expect((await addTickets(newId(), show.id, 10, address)).statusCode).toBe(200);
    // 21 minutes after its first hold, the buyer holds the show again: a new window, not a renewal.
    booking.clock.advanceMinutes(12);
    const again = await addTickets(account, show.id, 2, '198.51.100.80');
    expect(again.statusCode).toBe(200);
    expect(again.json().heldUntil).toBe(new Date(booking.clock.now().getTime() + 10 * 60_000).toISOString());
  });

  it.each(['a\u0000b', 'a.b', '$where', 'Ñ\u00001𫿍t'])(
    'an admin holding seats for the user id %j gets an answer, not a 500',
    async (userId) => {
      const show = await freshShow();
      const response = await booking.app.inject({
        method: 'POST',
        url: '/tickets/addTickets',
        headers: { ...adminHeaders(booking.app), 'x-forwarded-for': '203.0.113.70' },
        payload: { userId, seats: 2, showId: show.id },
      });
      expect(response.statusCode).toBe(200);
      const release = await booking.app.inject({
        method: 'POST',
        url: '/tickets/delete',
        headers: adminHeaders(booking.app),
        payload: { userId, showId: show.id },
      });
      expect(release.json()).toEqual({ released: 2 });
    },
  );

  it('one account holds seats of one show at a time (at most 10)', async () => {
    const [first, second] = [await freshShow(), await freshShow()];
    const account = newId();
    expect((await addTickets(account, first.id, 10, '203.0.113.50')).statusCode).toBe(200);
    expect((await addTickets(account, second.id, 10, '203.0.113.50')).statusCode).toBe(200);
    const seatsOf = async (id: string) => (await booking.app.inject({ method: 'GET', url: `/show/one/${id}` })).json<ShowView>().seats;
    expect(await seatsOf(first.id)).toBe(100);
    expect(await seatsOf(second.id)).toBe(90);
    expect((await addTickets(account, second.id, 11, '203.0.113.50')).statusCode).toBe(400);
  });
});
