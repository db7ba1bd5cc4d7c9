import { FIRST_CINEMA_ID, type PresaleMeView, type PresaleView } from '@cine/contracts';
import { Types } from 'mongoose';
import { lotteryOrder } from '../src/presales/presale-rules';
import type { PresalePriority } from '../src/presales/presales';
import { adminHeaders, createShow, newId, publishMovie, startBooking, userHeaders, type BookingUnderTest } from './helpers';

/**
 * Issue 41: at a presale's opening the buyers with presale priority (the club's Oro members who joined it before the
 * opening: booking's club answers PresalePriority) come first, in lottery order among themselves, then everyone
 * else in lottery order; the first instance to draw fixes who they are. Real FerretDB, the ticker moved by hand.
 */
let booking: BookingUnderTest;
let movieId: string;
/** The Oro members the club would answer, and what the presales asked it. */
const oro = new Set<string>();
const asked: Array<{ userIds: string[]; joinedBefore: Date }> = [];
const priority: PresalePriority = {
  priorityOf: async (userIds, joinedBefore) => {
    asked.push({ userIds, joinedBefore });
    return new Set(userIds.filter((userId) => oro.has(userId)));
  },
};

beforeAll(async () => {
  booking = await startBooking({ presales: { ticker: { tickMs: 0 }, openingSettleMs: 0, priority } });
  movieId = (await publishMovie(booking.context)).movieId;
});
afterAll(() => booking.close());

const inMinutes = (minutes: number) => new Date(booking.clock.now().getTime() + minutes * 60_000).toISOString();

async function newPresale(day: string): Promise<PresaleView> {
  const show = await createShow(booking, { cinemaId: FIRST_CINEMA_ID, movieId, roomId: 1, day, schedule: '20:00', type: '2D' });
  const response = await booking.app.inject({
    method: 'POST',
    url: '/presales',
    headers: adminHeaders(booking.app),
    payload: { opensAt: inMinutes(10), admitPerMinute: 3, showIds: [show.id] },
  });
  expect(response.statusCode).toBe(201);
  return response.json<PresaleView>();
}

async function join(presaleId: string, userId: string): Promise<void> {
  const response = await booking.app.inject({
    method: 'POST',
    url: `/presales/${presaleId}/join`,
    headers: userHeaders(booking.app, userId),
  });
  expect(response.statusCode).toBe(201);
}

async function me(presaleId: string, userId: string): Promise<PresaleMeView> {
  const response = await booking.app.inject({ method: 'GET', url: `/presales/${presaleId}/me`, headers: userHeaders(booking.app, userId) });
  expect(response.statusCode).toBe(200);
  return response.json<PresaleMeView>();
}

const tick = () => booking.app.presales.ticker.tick();

it('admits the Oro joiners first, in lottery order among themselves, then the rest in lottery order', async () => {
  const presale = await newPresale('2026-03-20');
  const everyone = Array.from({ length: 12 }, () => newId());
  const members = [everyone[2], everyone[5], everyone[9], everyone[11]] as string[];
  for (const userId of members) oro.add(userId);
  for (const userId of everyone) await join(presale.id, userId);

  booking.clock.advanceMinutes(10);
  await tick();
  const standings = new Map<string, PresaleMeView>();
  for (const userId of everyone) standings.set(userId, await me(presale.id, userId));
  // The club was asked once, of every early joiner, for members who joined before the opening.
  expect(asked).toHaveLength(1);
  expect([...(asked[0]?.userIds ?? [])].sort()).toEqual([...everyone].sort());
  expect(asked[0]?.joinedBefore.toISOString()).toBe(presale.opensAt);

  const seed = (await booking.context.db.collection('presales').findOne({ _id: new Types.ObjectId(presale.id) }))?.seed as string;
  const placeOf = (userId: string) => standings.get(userId)?.placeId as string;
  const userOf = new Map(everyone.map((userId) => [placeOf(userId), userId]));
  const drawn = lotteryOrder(everyone.map(placeOf), seed).map((placeId) => userOf.get(placeId) as string);
  const expected = [...drawn.filter((userId) => oro.has(userId)), ...drawn.filter((userId) => !oro.has(userId))];
  expect(expected.map((userId) => standings.get(userId)?.position)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));

  // Three a minute: after a minute the first three admitted are Oro members.
  booking.clock.advanceMinutes(1);
  await tick();
  const admitted = [];
  for (const userId of everyone) if ((await me(presale.id, userId)).admitted) admitted.push(userId);
  expect(admitted.length).toBeGreaterThanOrEqual(3);
  expect(admitted.filter((userId) => !oro.has(userId)).length).toBe(Math.max(0, admitted.length - members.length));
  expect(admitted.slice(0, 3).every((userId) => oro.has(userId))).toBe(true);
});

it('draws with the priority the first drawing instance fixed, even if the club answers otherwise later', async () => {
  const presale = await newPresale('2026-03-21');
  const buyers = [newId(), newId(), newId()];
  for (const userId of buyers) await join(presale.id, userId);
  // Another instance fixed buyers[1] as first; this one's club would answer nobody (a tier changed between the two draws).
  const id = new Types.ObjectId(presale.id);
  const placeId = (await me(presale.id, buyers[1] as string)).placeId as string;
  await booking.context.db.collection('presales').updateOne({ _id: id }, { $set: { priorityPlaceIds: [placeId] } });

  booking.clock.advanceMinutes(10);
  await tick();
  expect((await me(presale.id, buyers[1] as string)).position).toBe(1);
});

/**
 * The wiring (app.ts): booking's club answers who comes first — members whose tier at the opening has presale priority
 * (Oro, from 12 visits) and who joined the club before it. The visits are written on the member documents here (the
 * earn consumer writes them from 12 paid orders, club.test.ts).
 */
describe("with booking's club", () => {
  let clubbed: BookingUnderTest;
  let clubMovieId: string;

  beforeAll(async () => {
    clubbed = await startBooking({ presales: { ticker: { tickMs: 0 }, openingSettleMs: 0 } });
    clubMovieId = (await publishMovie(clubbed.context)).movieId;
  });
  afterAll(() => clubbed.close());

  const joinClub = async (userId: string) => {
    const response = await clubbed.app.inject({ method: 'POST', url: '/club/join', headers: userHeaders(clubbed.app, userId) });
    expect(response.statusCode).toBe(201);
  };
  /** Twelve paid visits this year: Oro. */
  const makeOro = (userId: string) =>
    clubbed.context.db
      .collection<{ _id: string }>('club_members')
      .updateOne(
        { _id: userId },
        { $set: { visits: Array.from({ length: 12 }, (_, index) => ({ orderId: `o${index}`, day: '2026-03-01' })) } },
      );
  const standing = async (presaleId: string, userId: string) => {
    const response = await clubbed.app.inject({
      method: 'GET',
      url: `/presales/${presaleId}/me`,
      headers: userHeaders(clubbed.app, userId),
    });
    return response.json<PresaleMeView>();
  };

  it('puts the Oro members who joined before the opening first; a Clásico member, a late Oro joiner and the rest after', async () => {
    const show = await createShow(clubbed, {
      cinemaId: FIRST_CINEMA_ID,
      movieId: clubMovieId,
      roomId: 1,
      day: '2026-03-25',
      schedule: '20:00',
      type: '2D',
    });
    const opensAt = new Date(clubbed.clock.now().getTime() + 10 * 60_000).toISOString();
    const created = await clubbed.app.inject({
      method: 'POST',
      url: '/presales',
      headers: adminHeaders(clubbed.app),
      payload: { opensAt, admitPerMinute: 60, showIds: [show.id] },
    });
    expect(created.statusCode).toBe(201);
    const presale = created.json<PresaleView>();

    const oroEarly = [newId(), newId()];
    const clasico = newId();
    const oroLate = newId();
    const others = Array.from({ length: 8 }, () => newId());
    for (const userId of [...oroEarly, clasico]) await joinClub(userId);
    for (const userId of oroEarly) await makeOro(userId);
    for (const userId of [...oroEarly, clasico, oroLate, ...others]) {
      const joined = await clubbed.app.inject({
        method: 'POST',
        url: `/presales/${presale.id}/join`,
        headers: userHeaders(clubbed.app, userId),
      });
      expect(joined.statusCode).toBe(201);
    }
    // At the opening instant (not before it) the late one joins the club and reaches Oro.
    clubbed.clock.advanceMinutes(10);
    await joinClub(oroLate);
    await makeOro(oroLate);
    await clubbed.app.presales.ticker.tick();

    const everyone = [...oroEarly, clasico, oroLate, ...others];
    const standings = new Map<string, PresaleMeView>();
    for (const userId of everyone) standings.set(userId, await standing(presale.id, userId));
    const seed = (await clubbed.context.db.collection('presales').findOne({ _id: new Types.ObjectId(presale.id) }))?.seed as string;
    const userOf = new Map(everyone.map((userId) => [standings.get(userId)?.placeId as string, userId]));
    const drawn = lotteryOrder([...userOf.keys()], seed).map((placeId) => userOf.get(placeId) as string);
    const first = new Set(oroEarly);
    const expected = [...drawn.filter((userId) => first.has(userId)), ...drawn.filter((userId) => !first.has(userId))];
    expect(expected.map((userId) => standings.get(userId)?.position)).toEqual(everyone.map((_, index) => index + 1));
  });
});
