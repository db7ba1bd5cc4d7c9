import { PRESALE_MESSAGES, type PresaleMeView, type PresaleView, type ShowView } from '@cine/contracts';
import { Types, type Model } from 'mongoose';
import { AdmissionSigner } from '../src/presales/admission';
import { presaleModels, type PresaleDocument, type PresalePlaceDocument } from '../src/presales/presale-model';
import { markPresaleShows, presaleShows } from '../src/presales/presale-shows';
import {
  adminHeaders,
  anotherInstance,
  createShow,
  newId,
  publishMovie,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/**
 * Issue 40's gate, on a real database: holds and checkouts of a presale's shows need the caller's own
 * admission (403 'Espera tu turno en la fila'), a hold stays within maxTicketsPerBuyer (409), a lapsed
 * session's holds go back on sale, and shows of no presale, or of a closed one, sell as before.
 * The presales and places are written as the line's ticker writes them (presale-model.ts).
 */
let booking: BookingUnderTest;
let presales: Model<PresaleDocument>;
let places: Model<PresalePlaceDocument>;
let movieId: string;
let day = 0;

beforeAll(async () => {
  // The line ticker is moved by hand (the last block); the other tests write the lines' documents as it would.
  booking = await startBooking({ presales: { ticker: { tickMs: 0 }, openingSettleMs: 0 } });
  ({ presales, places } = await presaleModels(booking.context.db));
  ({ movieId } = await publishMovie(booking.context));
});
afterAll(() => booking.close());

const now = () => booking.clock.now();

/** A new show (100 seats) on its own day of June 2026. */
function freshShow(): Promise<ShowView> {
  day += 1;
  return createShow(booking, { movieId, roomId: 1, day: `2026-06-${String(day).padStart(2, '0')}`, schedule: '20:00', type: '2D' });
}

/** A presale of the shows, open (admitting) unless said otherwise. */
async function presaleOf(showIds: string[], fields: Partial<PresaleDocument> = {}): Promise<PresaleDocument> {
  const at = now();
  const created = await presales.create({
    showIds,
    cinemaId: 'cinema',
    opensAt: new Date(at.getTime() - 60_000),
    admitPerMinute: 600,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 4,
    seed: 'seed',
    state: 'open',
    openedAt: at,
    admittedThrough: 1,
    meteredAt: at,
    lastPosition: 1,
    joined: 1,
    seatsLeft: 100 * showIds.length,
    version: 1,
    createdBy: newId(),
    createdAt: at,
    ...fields,
  });
  // As Presales.create marks them (the gate looks a show's presale up by the show's id).
  await markPresaleShows(booking.context.db, created._id.toHexString(), showIds, at);
  return created.toObject();
}

/** The user's place in the line, admitted now for ten minutes unless said otherwise. */
async function placeOf(
  presale: PresaleDocument,
  userId: string,
  fields: Partial<PresalePlaceDocument> = {},
): Promise<PresalePlaceDocument> {
  const at = now();
  const created = await places.create({
    presaleId: presale._id.toHexString(),
    userId,
    joinedAt: at,
    early: true,
    position: 1,
    admittedAt: at,
    expiresAt: new Date(at.getTime() + 10 * 60_000),
    state: 'admitted',
    nonce: new Types.ObjectId().toHexString(),
    ...fields,
  });
  return created.toObject();
}

/** The admission GET /presales/{id}/me gives the place. */
function admissionOf(place: PresalePlaceDocument, presale: PresaleDocument): string {
  const issued = booking.app.presaleGate.admissionFor(place, presale, now());
  if (!issued) throw new Error('the place has no admission');
  return issued.admission;
}

function hold(showId: string, userId: string, seats: number, admission?: string, asUser = userId) {
  return booking.app.inject({
    method: 'POST',
    url: '/tickets/addTickets',
    headers: userHeaders(booking.app, asUser),
    payload: { userId, seats, showId, ...(admission === undefined ? {} : { admission }) },
  });
}

function checkout(showId: string, userId: string, ticket: number, admission?: string) {
  return booking.app.inject({
    method: 'POST',
    url: '/movies/checkout',
    headers: userHeaders(booking.app, userId),
    payload: { idUser: userId, show: showId, ticket, paymentMethodId: 'pm_card_visa', ...(admission === undefined ? {} : { admission }) },
  });
}

const waitYourTurn = { statusCode: 403, error: PRESALE_MESSAGES.waitYourTurn };

async function seatsOf(showId: string): Promise<Array<{ label: string; state: string; userId?: string }>> {
  const show = await booking.context.db.collection('shows').findOne({ _id: new Types.ObjectId(showId) });
  return (show?.seats ?? []) as Array<{ label: string; state: string; userId?: string }>;
}

describe('a show of a presale not closed', () => {
  it('is held and paid only with the caller’s admission: 403 without it, 200 with it', async () => {
    const show = await freshShow();
    const presale = await presaleOf([show.id]);
    const userId = newId();
    const admission = admissionOf(await placeOf(presale, userId), presale);

    const without = await hold(show.id, userId, 2);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject(waitYourTurn);
    expect(await seatsOf(show.id)).toEqual([]);

    expect((await hold(show.id, userId, 2, admission)).statusCode).toBe(200);
    const unpaid = await checkout(show.id, userId, 2);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json()).toMatchObject(waitYourTurn);
    expect((await seatsOf(show.id)).every((seat) => seat.state === 'held')).toBe(true);

    const paid = await checkout(show.id, userId, 2, admission);
    expect(paid.statusCode).toBe(200);
    expect((await seatsOf(show.id)).map((seat) => seat.state)).toEqual(['sold', 'sold']);
  });

  it('takes an admission one booking instance issued at another (one secret, the place in the database)', async () => {
    const other = await anotherInstance(booking, { ticker: { tickMs: 0 } });
    try {
      const show = await freshShow();
      const presale = await presaleOf([show.id]);
      const userId = newId();
      const place = await placeOf(presale, userId);
      const admission = admissionOf(place, presale);
      const viaOther = (payload: Record<string, unknown>) =>
        other.inject({ method: 'POST', url: '/tickets/addTickets', headers: userHeaders(other, userId), payload });
      expect((await viaOther({ userId, seats: 1, showId: show.id })).statusCode).toBe(403);
      expect((await viaOther({ userId, seats: 1, showId: show.id, admission })).statusCode).toBe(200);
      // The place's state is the database's: expired there, refused here.
      await places.updateOne({ _id: place._id }, { $set: { state: 'expired' } });
      expect((await viaOther({ userId, seats: 1, showId: show.id, admission })).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('is the same show whatever the case of its id', async () => {
    const show = await freshShow();
    await presaleOf([show.id]);
    const userId = newId();
    expect((await hold(show.id.toUpperCase(), userId, 1)).json()).toMatchObject(waitYourTurn);
    expect((await checkout(show.id.toUpperCase(), userId, 1)).json()).toMatchObject(waitYourTurn);
  });

  it('refuses before the opening: nobody holds an admission yet', async () => {
    const show = await freshShow();
    await presaleOf([show.id], { state: 'scheduled', opensAt: new Date(now().getTime() + 3_600_000), admittedThrough: 0, lastPosition: 0 });
    expect((await hold(show.id, newId(), 1)).json()).toMatchObject(waitYourTurn);
  });

  describe('refuses an admission that is not the caller’s own, current one (403)', () => {
    let show: ShowView;
    let presale: PresaleDocument;
    let userId: string;
    let place: PresalePlaceDocument;
    let admission: string;

    beforeEach(async () => {
      show = await freshShow();
      presale = await presaleOf([show.id]);
      userId = newId();
      place = await placeOf(presale, userId);
      admission = admissionOf(place, presale);
    });

    it('another user’s', async () => {
      const other = newId();
      await placeOf(presale, other, { position: 2, state: 'waiting' });
      // The other user sends it as theirs, and for the admitted user's name with their own token (403 by identity first).
      expect((await hold(show.id, other, 1, admission)).json()).toMatchObject(waitYourTurn);
      expect((await hold(show.id, userId, 1, admission, other)).statusCode).toBe(403);
      expect((await hold(show.id, userId, 1, admission)).statusCode).toBe(200);
    });

    it('another presale’s', async () => {
      const otherShow = await freshShow();
      const otherPresale = await presaleOf([otherShow.id]);
      const elsewhere = admissionOf(await placeOf(otherPresale, userId), otherPresale);
      expect((await hold(show.id, userId, 1, elsewhere)).json()).toMatchObject(waitYourTurn);
      expect((await hold(otherShow.id, userId, 1, elsewhere)).statusCode).toBe(200);
    });

    it('expired: the session’s end passed, though the ticker has not yet marked the place', async () => {
      expect((await hold(show.id, userId, 1, admission)).statusCode).toBe(200);
      booking.clock.advanceMinutes(10);
      try {
        expect((await hold(show.id, userId, 1, admission)).json()).toMatchObject(waitYourTurn);
        expect((await checkout(show.id, userId, 1, admission)).json()).toMatchObject(waitYourTurn);
      } finally {
        booking.clock.advanceMinutes(-10);
      }
    });

    it('replayed: a nonce the place no longer has, or a place no longer admitted', async () => {
      await places.updateOne({ _id: place._id }, { $set: { nonce: new Types.ObjectId().toHexString() } });
      expect((await hold(show.id, userId, 1, admission)).json()).toMatchObject(waitYourTurn);
      const renewed = admissionOf({ ...place, nonce: (await places.findById(place._id).lean())!.nonce }, presale);
      expect((await hold(show.id, userId, 1, renewed)).statusCode).toBe(200);
      await places.updateOne({ _id: place._id }, { $set: { state: 'expired' } });
      expect((await hold(show.id, userId, 1, renewed)).json()).toMatchObject(waitYourTurn);
      expect((await checkout(show.id, userId, 1, renewed)).json()).toMatchObject(waitYourTurn);
    });

    it('tampered: its signature or its payload changed, or signed with another secret', async () => {
      const [body, signature] = admission.split('.') as [string, string];
      const flipped = `${body}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      expect((await hold(show.id, userId, 1, flipped)).json()).toMatchObject(waitYourTurn);
      // Another user's name put in the payload, with the admitted one's signature.
      const other = newId();
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      const renamed = `${Buffer.from(JSON.stringify({ ...payload, u: other })).toString('base64url')}.${signature}`;
      expect((await hold(show.id, other, 1, renamed)).json()).toMatchObject(waitYourTurn);
      const forged = new AdmissionSigner('not-the-service-secret-at-all').sign({
        presaleId: presale._id.toHexString(),
        userId,
        placeId: place._id.toHexString(),
        nonce: place.nonce,
        expiresAt: place.expiresAt as Date,
      });
      expect((await hold(show.id, userId, 1, forged)).json()).toMatchObject(waitYourTurn);
      expect((await hold(show.id, userId, 1, 'x'.repeat(20))).json()).toMatchObject(waitYourTurn);
    });
  });

  it('holds no more than maxTicketsPerBuyer over its shows, bought or being held (409)', async () => {
    const [first, second] = [await freshShow(), await freshShow()];
    const presale = await presaleOf([first.id, second.id], { maxTicketsPerBuyer: 4 });
    const userId = newId();
    const admission = admissionOf(await placeOf(presale, userId), presale);
    const tooMany = { statusCode: 409, error: PRESALE_MESSAGES.tooManyTickets(4) };

    expect((await hold(first.id, userId, 5, admission)).json()).toMatchObject(tooMany);
    expect((await hold(first.id, userId, 3, admission)).statusCode).toBe(200);
    // A new hold replaces the one held: 4 on the same show is within the limit.
    expect((await hold(first.id, userId, 4, admission)).statusCode).toBe(200);
    expect((await hold(first.id, userId, 3, admission)).statusCode).toBe(200);
    expect((await checkout(first.id, userId, 3, admission)).statusCode).toBe(200);
    // Three bought: one more on the other show, not two.
    expect((await hold(second.id, userId, 2, admission)).json()).toMatchObject(tooMany);
    expect((await hold(second.id, userId, 1, admission)).statusCode).toBe(200);
    expect((await hold(first.id, userId, 2, admission)).json()).toMatchObject(tooMany);
    expect(await seatsOf(second.id)).toHaveLength(1);
  });

  it('stops at the payment a hold that raced past the limit: a checkout counts the seats it pays (409)', async () => {
    const [first, second] = [await freshShow(), await freshShow()];
    const presale = await presaleOf([first.id, second.id], { maxTicketsPerBuyer: 4 });
    const userId = newId();
    const admission = admissionOf(await placeOf(presale, userId), presale);
    expect((await hold(first.id, userId, 4, admission)).statusCode).toBe(200);
    // The first show's four seats are being paid when a hold of the second show, counted before they were, is written.
    const terms = {
      movieId: first.movieId,
      date: first.date,
      schedule: first.schedule,
      roomId: first.roomId,
      type: first.type,
      price: first.price,
    };
    const until = new Date(now().getTime() + 15 * 60_000);
    expect(await booking.app.seatInventory.reserveForOrder(first.id, userId, newId(), terms, now(), until)).toMatchObject({
      outcome: 'reserved',
    });
    expect(await booking.app.seatHolds.hold(second.id, userId, 4, now(), '127.0.0.1')).toHaveProperty('seatLabels');

    const paid = await checkout(second.id, userId, 4, admission);
    expect(paid.json()).toMatchObject({ statusCode: 409, error: PRESALE_MESSAGES.tooManyTickets(4) });
    expect((await seatsOf(second.id)).every((seat) => seat.state === 'held')).toBe(true);
  });

  it('a session that ran out frees its holds on the presale’s shows, not the seats an order is paying (releaseExpired)', async () => {
    const [first, second] = [await freshShow(), await freshShow()];
    const presale = await presaleOf([first.id, second.id]);
    const userId = newId();
    const place = await placeOf(presale, userId);
    const admission = admissionOf(place, presale);
    // Two seats of the first show being paid (the checkout's reservation), then a plain hold of the second.
    expect((await hold(first.id, userId, 2, admission)).statusCode).toBe(200);
    const orderId = newId();
    const terms = {
      movieId: first.movieId,
      date: first.date,
      schedule: first.schedule,
      roomId: first.roomId,
      type: first.type,
      price: first.price,
    };
    const reserved = await booking.app.seatInventory.reserveForOrder(
      first.id,
      userId,
      orderId,
      terms,
      now(),
      new Date(now().getTime() + 15 * 60_000),
    );
    expect(reserved).toEqual({ outcome: 'reserved', seatLabels: expect.any(Array) });
    expect((await hold(second.id, userId, 2, admission)).statusCode).toBe(200);
    const keeper = newId();
    expect((await hold(second.id, keeper, 1, admissionOf(await placeOf(presale, keeper), presale))).statusCode).toBe(200);

    const released = await booking.app.presaleGate.releaseExpired(place, presale, now());

    expect(released).toBe(2);
    // The other buyer's seat stays held, and so do the seats being paid (the order finishes); the plain hold is on sale again.
    expect((await seatsOf(second.id)).map((seat) => seat.userId)).toEqual([keeper]);
    expect((await seatsOf(first.id)).map((seat) => [seat.userId, seat.state])).toEqual([
      [userId, 'held'],
      [userId, 'held'],
    ]);
  });
});

describe('shows the gate leaves alone', () => {
  it('a show of no presale is held and paid without an admission', async () => {
    const show = await freshShow();
    const other = await freshShow();
    await presaleOf([other.id]);
    const userId = newId();
    expect((await hold(show.id, userId, 2)).statusCode).toBe(200);
    expect((await checkout(show.id, userId, 2)).statusCode).toBe(200);
  });

  it('a closed presale gates nothing: its shows sell as any (and its show’s entry goes)', async () => {
    const show = await freshShow();
    await presaleOf([show.id], { state: 'closed', closedAt: now() });
    const userId = newId();
    expect((await hold(show.id, userId, 6)).statusCode).toBe(200);
    expect((await checkout(show.id, userId, 6)).statusCode).toBe(200);
    expect(await presaleShows(booking.context.db).findOne({ _id: show.id })).toBeNull();
  });

  it('a later presale of the show of a closed one gates it again', async () => {
    const show = await freshShow();
    await presaleOf([show.id], { state: 'closed', closedAt: now() });
    await presaleOf([show.id]);
    expect((await hold(show.id, newId(), 1)).json()).toMatchObject(waitYourTurn);
  });

  it('an entry naming a presale never written gates nothing, and goes a minute later', async () => {
    const show = await freshShow();
    await markPresaleShows(booking.context.db, newId(), [show.id], now());
    expect((await hold(show.id, newId(), 1)).statusCode).toBe(200);
    expect(await presaleShows(booking.context.db).findOne({ _id: show.id })).not.toBeNull();
    booking.clock.advanceMinutes(2);
    try {
      expect((await hold(show.id, newId(), 1)).statusCode).toBe(200);
      expect(await presaleShows(booking.context.db).findOne({ _id: show.id })).toBeNull();
    } finally {
      booking.clock.advanceMinutes(-2);
    }
  });
});

describe('through the line (the presales’ routes and ticker)', () => {
  beforeAll(async () => {
    // The lines written by hand above are done with: the ticker moves only this block's.
    await presales.updateMany({}, { $set: { state: 'closed' } });
  });

  async function me(presaleId: string, userId: string): Promise<PresaleMeView> {
    const response = await booking.app.inject({
      method: 'GET',
      url: `/presales/${presaleId}/me`,
      headers: userHeaders(booking.app, userId),
    });
    expect(response.statusCode).toBe(200);
    return response.json<PresaleMeView>();
  }

  it('GET /me gives the admitted buyer the admission that holds seats; the ticker’s expiry frees them', async () => {
    const show = await freshShow();
    const created = await booking.app.inject({
      method: 'POST',
      url: '/presales',
      headers: adminHeaders(booking.app),
      payload: {
        showIds: [show.id],
        opensAt: new Date(now().getTime() + 10 * 60_000).toISOString(),
        admitPerMinute: 60,
        sessionMinutes: 2,
        maxTicketsPerBuyer: 2,
      },
    });
    expect(created.statusCode).toBe(201);
    const presale = created.json<PresaleView>();
    const [first, second] = [newId(), newId()];
    for (const userId of [first, second]) {
      expect(
        (await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/join`, headers: userHeaders(booking.app, userId) }))
          .statusCode,
      ).toBe(201);
    }
    // Before the opening: nobody is admitted, no admission is given, and the show is not on sale.
    expect(await me(presale.id, first)).not.toHaveProperty('admission');
    expect((await hold(show.id, first, 1)).json()).toMatchObject(waitYourTurn);

    booking.clock.advanceMinutes(10);
    await booking.app.presales.ticker.tick();
    booking.clock.set(new Date(now().getTime() + 1_000));
    await booking.app.presales.ticker.tick();
    const standings = [await me(presale.id, first), await me(presale.id, second)];
    const admitted = standings.find((standing) => standing.admitted) as PresaleMeView;
    const waiting = standings.find((standing) => !standing.admitted) as PresaleMeView;
    const [buyer, other] = admitted === standings[0] ? [first, second] : [second, first];
    expect(admitted).toMatchObject({ position: 1, admission: expect.any(String), admissionExpiresAt: expect.any(String) });
    expect(new Date(admitted.admissionExpiresAt as string).getTime()).toBe(now().getTime() + 2 * 60_000);
    expect(waiting).toMatchObject({ position: 2, admitted: false });
    expect(waiting).not.toHaveProperty('admission');
    // The same admission on every read of the session (the gateway's stream asks GET /me too): the first stays good.
    expect((await me(presale.id, buyer)).admission).toBe(admitted.admission);

    expect((await hold(show.id, other, 1, admitted.admission)).json()).toMatchObject(waitYourTurn);
    expect((await hold(show.id, buyer, 3, admitted.admission)).json()).toMatchObject({
      statusCode: 409,
      error: PRESALE_MESSAGES.tooManyTickets(2),
    });
    expect((await hold(show.id, buyer, 2, admitted.admission)).statusCode).toBe(200);
    expect(await seatsOf(show.id)).toHaveLength(2);

    booking.clock.advanceMinutes(2);
    await booking.app.presales.ticker.tick();
    expect(await me(presale.id, buyer)).toMatchObject({ expired: true, admitted: false });
    expect(await me(presale.id, buyer)).not.toHaveProperty('admission');
    // The session ended: its seats are on sale again, and its admission buys nothing.
    expect(await seatsOf(show.id)).toEqual([]);
    expect((await checkout(show.id, buyer, 2, admitted.admission)).json()).toMatchObject(waitYourTurn);
  });
});
