import { FIRST_CINEMA_ID, PRESALE_MESSAGES, type PresaleJoinView, type PresaleMeView, type PresaleView } from '@cine/contracts';
import { Types } from 'mongoose';
import { lotteryOrder } from '../src/presales/presale-rules';
import { placeIdOf } from '../src/presales/presales';
import {
  adminHeaders,
  createCinema,
  createShow,
  managerHeaders,
  newId,
  publishMovie,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/**
 * Issue 40: a presale's line on real FerretDB, moved by hand (`tick()`) at the test clock's instants: the lottery
 * of the early joiners, later arrivals at the back, the meter, sold out and reopening, closing, bad input.
 */
let booking: BookingUnderTest;
let movieId: string;
let smallRoom: number;
let madridId: string;

beforeAll(async () => {
  booking = await startBooking({ presales: { ticker: { tickMs: 0 }, openingSettleMs: 0 } });
  movieId = (await publishMovie(booking.context)).movieId;
  const madrid = await createCinema(booking);
  smallRoom = (madrid.rooms[0] as { id: number }).id;
  madridId = madrid.cinema.id;
});
afterAll(() => booking.close());

let day = 0;
/** A new show on its own day (of March 2026, after the test clock's 11th), in room 1 of the first cinema unless named. */
async function newShow(roomId = 1): Promise<string> {
  day += 1;
  const cinemaId = roomId === smallRoom ? madridId : FIRST_CINEMA_ID;
  const show = await createShow(booking, {
    cinemaId,
    movieId,
    roomId,
    day: `2026-03-${String(12 + day).padStart(2, '0')}`,
    schedule: '20:00',
    type: '2D',
  });
  return show.id;
}

const inMinutes = (minutes: number) => new Date(booking.clock.now().getTime() + minutes * 60_000).toISOString();

function postPresale(payload: Record<string, unknown>, headers = adminHeaders(booking.app)) {
  return booking.app.inject({ method: 'POST', url: '/presales', headers, payload });
}

async function newPresale(fields: Record<string, unknown> = {}): Promise<PresaleView> {
  const showIds = (fields.showIds as string[] | undefined) ?? [await newShow()];
  const response = await postPresale({ opensAt: inMinutes(10), admitPerMinute: 60, ...fields, showIds });
  expect(response.statusCode).toBe(201);
  return response.json<PresaleView>();
}

function join(presaleId: string, userId: string) {
  return booking.app.inject({ method: 'POST', url: `/presales/${presaleId}/join`, headers: userHeaders(booking.app, userId) });
}

async function me(presaleId: string, userId: string): Promise<PresaleMeView> {
  const response = await booking.app.inject({ method: 'GET', url: `/presales/${presaleId}/me`, headers: userHeaders(booking.app, userId) });
  expect(response.statusCode).toBe(200);
  return response.json<PresaleMeView>();
}

async function view(presaleId: string): Promise<PresaleView> {
  const response = await booking.app.inject({ method: 'GET', url: `/presales/${presaleId}` });
  expect(response.statusCode).toBe(200);
  return response.json<PresaleView>();
}

const places = () => booking.context.db.collection('presale_places');
const tick = () => booking.app.presales.ticker.tick();

/** Holds `seats` seats of the show straight through the seat inventory (as buyers admitted by the line would). */
async function holdSeats(showId: string, seats: number, userId = newId()): Promise<string> {
  const held = await booking.app.seatHolds.hold(showId, userId, seats, booking.clock.now(), '127.0.0.1');
  expect(held).toHaveProperty('seatLabels');
  return userId;
}

describe('the lottery at the opening', () => {
  it('gives the early joiners random positions (the secret seed’s order, not arrival) and later arrivals the back in arrival order', async () => {
    const presale = await newPresale();
    const early = Array.from({ length: 30 }, () => newId());
    for (const userId of early) {
      const joined = await join(presale.id, userId);
      expect(joined.statusCode).toBe(201);
      expect(joined.json<PresaleJoinView>().position).toBeNull();
    }
    expect((await view(presale.id)).waiting).toBe(30);
    // Before the opening nobody has a position, and the ticker draws nothing.
    await tick();
    expect((await me(presale.id, early[0] as string)).position).toBeNull();

    booking.clock.advanceMinutes(10);
    await tick();
    // Each buyer's place and position, as GET /me answers them.
    const standings = [];
    for (const userId of early) standings.push(await me(presale.id, userId));
    const arrival = standings.map((standing) => standing.placeId as string);
    const seed = (await booking.context.db.collection('presales').findOne({ _id: new Types.ObjectId(presale.id) }))?.seed as string;
    const drawn = lotteryOrder(arrival, seed);
    // Positions 1..30 in the seed's order, which is not the order they came in.
    expect(drawn.map((placeId) => standings.find((standing) => standing.placeId === placeId)?.position)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    expect(drawn).not.toEqual(arrival);

    const late = [newId(), newId(), newId()];
    const positions: Array<number | null> = [];
    for (const userId of late) positions.push((await join(presale.id, userId)).json<PresaleJoinView>().position);
    expect(positions).toEqual([31, 32, 33]);
    const line = await view(presale.id);
    expect(line).toMatchObject({ state: 'open', waiting: 33 - line.admittedThrough });
  });

  it('joining again answers the same place (200); each account has one', async () => {
    const presale = await newPresale();
    const userId = newId();
    const first = await join(presale.id, userId);
    expect(first.statusCode).toBe(201);
    const again = await join(presale.id, userId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await places().countDocuments({ presaleId: presale.id, userId })).toBe(1);
    expect((await view(presale.id)).waiting).toBe(1);
  });
});

describe('the meter', () => {
  it('admits in position order at admitPerMinute, and each buyer sees their place, the people ahead and the seats against them', async () => {
    const presale = await newPresale({ admitPerMinute: 60 });
    const users = Array.from({ length: 8 }, () => newId());
    for (const userId of users) await join(presale.id, userId);
    booking.clock.advanceMinutes(10);
    await tick();
    // Opened at opensAt: nothing owed yet.
    expect((await view(presale.id)).admittedThrough).toBe(0);
    const admittedAt: number[] = [];
    for (let second = 1; second <= 5; second++) {
      booking.clock.set(new Date(booking.clock.now().getTime() + 1_000));
      await tick();
      expect((await view(presale.id)).admittedThrough).toBe(second);
      const admitted = await places().find({ presaleId: presale.id, state: 'admitted' }).toArray();
      admittedAt.push(
        ...admitted.filter((place) => !admittedAt.includes(place.position as number)).map((place) => place.position as number),
      );
    }
    expect(admittedAt).toEqual([1, 2, 3, 4, 5]);

    const standings = new Map<number, string>();
    for (const userId of users) standings.set((await me(presale.id, userId)).position as number, userId);
    const userAt = (position: number) => standings.get(position) as string;
    const first = await me(presale.id, userAt(1));
    expect(first).toMatchObject({ joined: true, position: 1, ahead: 0, admitted: true, expired: false, state: 'open' });
    expect(first.admission).toEqual(expect.any(String));
    const last = await me(presale.id, userAt(8));
    expect(last).toMatchObject({ position: 8, ahead: 2, admitted: false, estimateMinutes: 1, seatsLeft: 100 });
    expect(last.seatsMessage).toBe('Quedan 100 butacas y hay 2 personas delante.');
    const stranger = await me(presale.id, newId());
    expect(stranger).toMatchObject({ joined: false, position: null, ahead: null, admitted: false });
  });

  it('ends an admitted buyer’s session after sessionMinutes: the place expires, and its release runs once', async () => {
    const presale = await newPresale({ sessionMinutes: 2 });
    // The lines of the tests before expire their places too: this line's are looked at.
    const released: string[] = [];
    booking.app.presales.ticker.onExpired(async (place, line) => {
      if (line._id.toHexString() === presale.id) released.push(place._id.toHexString());
    });
    const userId = newId();
    await join(presale.id, userId);
    booking.clock.advanceMinutes(10);
    await tick();
    booking.clock.set(new Date(booking.clock.now().getTime() + 1_000));
    await tick();
    expect(await me(presale.id, userId)).toMatchObject({ admitted: true, expired: false });
    booking.clock.advanceMinutes(2);
    await tick();
    expect(await me(presale.id, userId)).toMatchObject({ admitted: false, expired: true, seatsMessage: PRESALE_MESSAGES.sessionOver });
    expect((await places().findOne({ presaleId: presale.id, userId }))?.state).toBe('expired');
    await tick();
    expect(released).toEqual([(await me(presale.id, userId)).placeId]);
    booking.app.presales.ticker.onExpired(async () => undefined);
  });

  it('puts a place whose join broke off before it got a position at the back when its buyer looks', async () => {
    const presale = await newPresale();
    const early = newId();
    await join(presale.id, early);
    booking.clock.advanceMinutes(10);
    await tick();
    // A join that stopped after writing its place, before taking a position (a crash).
    const userId = newId();
    const stored = await booking.app.presales.store.find(presale.id);
    const placeId = placeIdOf(stored as NonNullable<typeof stored>, userId);
    await places().insertOne({
      _id: placeId,
      presaleId: presale.id,
      userId,
      joinedAt: booking.clock.now(),
      early: false,
      position: null,
      state: 'waiting',
      nonce: 'n',
    });
    booking.clock.set(new Date(booking.clock.now().getTime() + 3_000));
    expect(await me(presale.id, userId)).toMatchObject({ joined: true, position: 2, placeId: placeId.toHexString() });
    // Joining again answers it.
    expect((await join(presale.id, userId)).json<PresaleJoinView>().position).toBe(2);
  });
});

describe('sold out and reopening', () => {
  it('closes the line when no seat is left (join → 409) and reopens it when seats come back', async () => {
    const showId = await newShow(smallRoom);
    const presale = await newPresale({ showIds: [showId] });
    expect(presale.seatsLeft).toBe(12);
    await join(presale.id, newId());
    booking.clock.advanceMinutes(10);
    await tick();
    const holders = [await holdSeats(showId, 4), await holdSeats(showId, 4), await holdSeats(showId, 4)];
    await tick();
    expect(await view(presale.id)).toMatchObject({ state: 'sold_out', seatsLeft: 0 });
    const refused = await join(presale.id, newId());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PRESALE_MESSAGES.lineClosed);

    await booking.app.seatHolds.release(showId, holders[0] as string, booking.clock.now());
    await tick();
    expect(await view(presale.id)).toMatchObject({ state: 'open', seatsLeft: 4 });
    expect((await join(presale.id, newId())).statusCode).toBe(201);
  });
});

describe('closing', () => {
  it('an admin closes it (again: the same), and then joining is refused', async () => {
    const presale = await newPresale();
    const closed = await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: adminHeaders(booking.app) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<PresaleView>().state).toBe('closed');
    const again = await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: adminHeaders(booking.app) });
    expect(again.statusCode).toBe(200);
    const refused = await join(presale.id, newId());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PRESALE_MESSAGES.presaleClosed);
    const active = await booking.app.inject({ method: 'GET', url: '/presales/active' });
    expect(active.json<PresaleView[]>().map((one) => one.id)).not.toContain(presale.id);
    // Its show may go behind a new presale.
    expect((await postPresale({ showIds: presale.showIds, opensAt: inMinutes(10) })).statusCode).toBe(201);
  });

  it('closes by itself once every show has started', async () => {
    const presale = await newPresale();
    const before = booking.clock.now();
    booking.clock.advanceMinutes(60 * 24 * 20);
    await tick();
    expect((await view(presale.id)).state).toBe('closed');
    booking.clock.set(before);
  });
});

describe('bad input and who may', () => {
  it('creates a presale with the defaults the admin leaves out, listed as active and by id', async () => {
    const created = await postPresale({ showIds: [await newShow()], opensAt: inMinutes(30) });
    expect(created.statusCode).toBe(201);
    const presale = created.json<PresaleView>();
    expect(presale).toMatchObject({
      state: 'scheduled',
      admitPerMinute: 600,
      sessionMinutes: 10,
      maxTicketsPerBuyer: 4,
      seatsLeft: 100,
      waiting: 0,
      admittedThrough: 0,
      cinemaId: FIRST_CINEMA_ID,
    });
    expect(await view(presale.id)).toEqual(presale);
    const active = await booking.app.inject({ method: 'GET', url: '/presales/active' });
    expect(active.json<PresaleView[]>().map((one) => one.id)).toContain(presale.id);
  });

  it('refuses an opening in the past, no shows, shows of two cinemas (400), an unknown show (404)', async () => {
    const showId = await newShow();
    const past = await postPresale({ showIds: [showId], opensAt: inMinutes(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(PRESALE_MESSAGES.opensInPast);
    expect((await postPresale({ showIds: [], opensAt: inMinutes(10) })).statusCode).toBe(400);
    expect((await postPresale({ showIds: ['nope'], opensAt: inMinutes(10) })).statusCode).toBe(400);
    expect((await postPresale({ showIds: [showId], opensAt: 'mañana' })).statusCode).toBe(400);
    const twoCinemas = await postPresale({ showIds: [showId, await newShow(smallRoom)], opensAt: inMinutes(10) });
    expect(twoCinemas.statusCode).toBe(400);
    expect(twoCinemas.json().error).toBe(PRESALE_MESSAGES.twoCinemas);
    const unknown = await postPresale({ showIds: [newId()], opensAt: inMinutes(10) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PRESALE_MESSAGES.showNotFound);
  });

  it('refuses a show with seats held or sold, one in another presale, one started (409)', async () => {
    const sold = await newShow();
    await holdSeats(sold, 2);
    const withSales = await postPresale({ showIds: [sold], opensAt: inMinutes(10) });
    expect(withSales.statusCode).toBe(409);
    expect(withSales.json().error).toMatch(/^La función del \d\d\/03\/2026 a las 20:00 ya tiene entradas vendidas o reservadas/);

    const taken = await newPresale();
    const twice = await postPresale({ showIds: taken.showIds, opensAt: inMinutes(10) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/ya está en otra preventa\.$/);

    const started = await newShow();
    const before = booking.clock.now();
    booking.clock.advanceMinutes(60 * 24 * 30);
    const late = await postPresale({ showIds: [started], opensAt: inMinutes(10) });
    booking.clock.set(before);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(PRESALE_MESSAGES.showStarted);
  });

  it('answers 404 for an unknown presale, 401 without a token, 403 to buyers and to a manager of another cinema', async () => {
    const unknown = newId();
    expect((await booking.app.inject({ method: 'GET', url: `/presales/${unknown}` })).json().error).toBe(PRESALE_MESSAGES.unknown);
    expect((await join(unknown, newId())).statusCode).toBe(404);
    expect(
      (await booking.app.inject({ method: 'GET', url: `/presales/${unknown}/me`, headers: userHeaders(booking.app, newId()) })).statusCode,
    ).toBe(404);
    expect((await booking.app.inject({ method: 'GET', url: `/presales/${unknown}/feed` })).statusCode).toBe(404);

    const presale = await newPresale();
    // The feed without Accept: text/event-stream: the line once, as JSON.
    const line = await booking.app.inject({ method: 'GET', url: `/presales/${presale.id}/feed` });
    expect(line.statusCode).toBe(200);
    expect(line.json()).toMatchObject({ version: 0, state: 'scheduled', joined: 0, admittedThrough: 0, lastPosition: 0 });
    expect((await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/join` })).statusCode).toBe(401);
    expect((await booking.app.inject({ method: 'GET', url: `/presales/${presale.id}/me` })).statusCode).toBe(401);
    const buyer = userHeaders(booking.app, newId());
    expect((await postPresale({ showIds: [await newShow()], opensAt: inMinutes(10) }, buyer)).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'GET', url: '/presales', headers: buyer })).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: buyer })).statusCode).toBe(403);

    const madridManager = managerHeaders(booking.app, [madridId]);
    expect((await postPresale({ showIds: [await newShow()], opensAt: inMinutes(10) }, madridManager)).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: madridManager })).statusCode).toBe(
      403,
    );
    const mine = await postPresale({ showIds: [await newShow(smallRoom)], opensAt: inMinutes(10) }, madridManager);
    expect(mine.statusCode).toBe(201);
    const listed = await booking.app.inject({ method: 'GET', url: '/presales', headers: madridManager });
    expect(listed.json<PresaleView[]>().map((one) => one.cinemaId)).toEqual(expect.arrayContaining([madridId]));
    expect(listed.json<PresaleView[]>().every((one) => one.cinemaId === madridId)).toBe(true);
    const firstManager = managerHeaders(booking.app, [FIRST_CINEMA_ID]);
    expect((await booking.app.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: firstManager })).statusCode).toBe(
      200,
    );
  });
});
