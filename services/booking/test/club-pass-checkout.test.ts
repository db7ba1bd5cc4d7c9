import { CLUB_MESSAGES, type OrderView, type PassPlanView, type PassResponse } from '@cine/contracts';
import { createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { adminHeaders, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

/**
 * Issue 41: booking with the Cine Pase (`usePass`): one seat's General base covered, the rest by bank card; the
 * month's allowance and one ticket a show day, refused before anything is charged; a cancelled pass ticket back to
 * the allowance while its month lasts (and not after).
 */
jest.setTimeout(60_000);

const DAY = 86_400_000;

type TestContext = Awaited<ReturnType<typeof createTestContext>>;
let context: TestContext;
let booking: BookingUnderTest;

beforeAll(async () => {
  context = await createTestContext('booking');
  booking = await startBooking({}, context);
});
afterAll(async () => {
  await booking.close();
  await context.dropDatabase();
});

async function member(ticketsPerMonth: number, formats: string[] = ['2D']) {
  const user = newUser(booking.app);
  expect((await booking.app.inject({ method: 'POST', url: '/club/join', headers: user.headers })).statusCode).toBe(201);
  const created = await booking.app.inject({
    method: 'POST',
    url: '/club/plans',
    headers: adminHeaders(booking.app),
    payload: { name: `Pase ${new Types.ObjectId().toHexString()}`, monthlyPrice: 3000, ticketsPerMonth, formats, active: true },
  });
  const plan = created.json<PassPlanView>();
  const subscribed = await booking.app.inject({
    method: 'POST',
    url: '/club/pass',
    headers: user.headers,
    payload: { planId: plan.id, paymentMethodId: 'pm_card_visa' },
  });
  expect(subscribed.statusCode).toBe(201);
  return { user, pass: subscribed.json<PassResponse>().pass };
}

function payWithPass(user: ReturnType<typeof newUser>, show: string, ticket: number, paymentMethodId: string | undefined = 'pm_card_visa') {
  return booking.app.inject({
    method: 'POST',
    url: '/movies/checkout',
    headers: user.headers,
    payload: { idUser: user.id, show, ticket, usePass: true, ...(paymentMethodId ? { paymentMethodId } : {}) },
  });
}

const dateOf = async (showId: string) =>
  (await context.db.collection('shows').findOne({ _id: new Types.ObjectId(showId) }))?.date as string;
const cardCharges = () => context.db.collection('payments').countDocuments({ _id: { $regex: '^pi_|^[0-9a-f]{24}$' } } as never);

/** A show on another day than `day`. */
async function showOnAnotherDay(day: string) {
  for (;;) {
    const show = await createShow(booking);
    if ((await dateOf(show.id)) !== day) return show;
  }
}

describe('booking with the Cine Pase', () => {
  it('covers one seat’s General base; the bank card pays the rest; the ticket counts in the month', async () => {
    const { user } = await member(4);
    const show = await createShow(booking, { price: 900 });
    expect((await hold(booking, user, show.id, 2)).statusCode).toBeLessThan(300);
    const response = await payWithPass(user, show.id, 2);
    expect(response.statusCode).toBe(200);
    const order = response.json<{ order: OrderView }>().order ?? response.json<OrderView>();
    expect(order.payments).toEqual([
      { kind: 'pass', amount: 900 },
      { kind: 'card', amount: 900 },
    ]);
    expect((await booking.app.clubPasses.summaryFor(user.id, booking.app.clock()))?.ticketsLeft).toBe(3);
  });

  it('a pass ticket alone needs no bank card', async () => {
    const { user } = await member(4);
    const show = await createShow(booking, { price: 900 });
    await hold(booking, user, show.id, 1);
    const response = await payWithPass(user, show.id, 1, undefined);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a second pass ticket the same show day and one beyond the month’s allowance, nothing charged', async () => {
    const { user } = await member(1);
    const first = await createShow(booking);
    const day = await dateOf(first.id);
    await hold(booking, user, first.id, 1);
    expect((await payWithPass(user, first.id, 1)).statusCode).toBe(200);

    const sameDay = await createShow(booking);
    expect(await dateOf(sameDay.id)).toBe(day);
    await hold(booking, user, sameDay.id, 1);
    const before = await cardCharges();
    const refusedDay = await payWithPass(user, sameDay.id, 1);
    expect(refusedDay.statusCode).toBe(409);
    expect(refusedDay.json().error).toBe(CLUB_MESSAGES.passSameDay);

    const otherDay = await showOnAnotherDay(day);
    await hold(booking, user, otherDay.id, 1);
    const refusedMonth = await payWithPass(user, otherDay.id, 1);
    expect(refusedMonth.statusCode).toBe(409);
    expect(refusedMonth.json().error).toBe(CLUB_MESSAGES.passAllowanceUsed);
    expect(await cardCharges()).toBe(before);
  });

  it('claims racing for the last ticket of the month: one held, the others refused (the allowance in the write’s filter)', async () => {
    const { user, pass } = await member(1);
    const period = (await booking.app.clubPasses.coverFor(user.id, { type: '2D', date: '2030-01-01' }, booking.app.clock())) as {
      period: string;
    };
    const claims = await Promise.all(
      ['2030-01-01', '2030-01-02', '2030-01-03', '2030-01-04'].map((day) =>
        booking.app.clubPasses.claim({ passId: pass.id, period: period.period, day }, new Types.ObjectId().toHexString()),
      ),
    );
    expect(claims.filter((claim) => 'outcome' in claim && claim.outcome === 'held')).toHaveLength(1);
    expect(claims.filter((claim) => 'message' in claim && claim.message === CLUB_MESSAGES.passAllowanceUsed)).toHaveLength(3);
    expect((await booking.app.clubPasses.summaryFor(user.id, booking.app.clock()))?.ticketsLeft).toBe(0);
    // The days of the refused claims were given back: only the held one's day is taken.
    expect(await context.db.collection('club_pass_days').countDocuments({ _id: { $regex: `^${pass.id}:` } } as never)).toBe(1);
  });

  it('refuses a format the plan leaves out, and without a pass', async () => {
    const { user } = await member(4, ['3D']);
    const show = await createShow(booking);
    await hold(booking, user, show.id, 1);
    const refused = await payWithPass(user, show.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CLUB_MESSAGES.passFormat('2D'));
    const stranger = newUser(booking.app);
    await hold(booking, stranger, show.id, 1);
    const none = await payWithPass(stranger, show.id, 1);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(CLUB_MESSAGES.noPass);
  });

  it('a cancelled pass ticket goes back to the month’s allowance (and frees its day)', async () => {
    const { user } = await member(1);
    const show = await createShow(booking);
    await hold(booking, user, show.id, 1);
    const paid = await payWithPass(user, show.id, 1);
    expect(paid.statusCode).toBe(200);
    const order = paid.json<{ order: OrderView }>().order ?? paid.json<OrderView>();
    expect((await booking.app.clubPasses.summaryFor(user.id, booking.app.clock()))?.ticketsLeft).toBe(0);

    const cancelled = await booking.app.inject({ method: 'POST', url: `/orders/${order.id}/cancel`, headers: user.headers });
    expect(cancelled.statusCode).toBe(200);
    expect((await booking.app.clubPasses.summaryFor(user.id, booking.app.clock()))?.ticketsLeft).toBe(1);
    const again = await createShow(booking);
    await hold(booking, user, again.id, 1);
    expect((await payWithPass(user, again.id, 1)).statusCode).toBe(200);
  });

  it('a pass ticket cancelled after its month ended goes back neither to that month nor to the new one', async () => {
    // Subscribed and the ticket booked 35 days ago (more than a month, less than two): its month has ended since.
    booking.advance(-35 * DAY);
    let bought: Awaited<ReturnType<typeof member>> & { show: Awaited<ReturnType<typeof createShow>>; order: OrderView };
    try {
      const subscribed = await member(1);
      const show = await createShow(booking);
      await hold(booking, subscribed.user, show.id, 1);
      const paid = await payWithPass(subscribed.user, show.id, 1);
      expect(paid.statusCode).toBe(200);
      bought = { ...subscribed, show, order: paid.json<{ order: OrderView }>().order ?? paid.json<OrderView>() };
    } finally {
      booking.advance(35 * DAY);
    }
    const { user, pass, show, order } = bought;
    const passNow = () => booking.app.clubPasses.summaryFor(user.id, booking.app.clock());
    // The renewal job has not run yet: the pass still shows the month that ended, its one ticket used.
    expect(new Date(pass.renewsAt).getTime()).toBeLessThan(booking.app.clock().getTime());
    expect(await passNow()).toMatchObject({ periodStart: pass.periodStart, ticketsLeft: 0 });

    const cancelled = await booking.app.inject({ method: 'POST', url: `/orders/${order.id}/cancel`, headers: user.headers });
    expect(cancelled.statusCode).toBe(200);
    // Not back to the month that ended (it would be booked on a month already over).
    expect(await passNow()).toMatchObject({ periodStart: pass.periodStart, ticketsLeft: 0 });
    // Renewed: the new month has its own allowance, one ticket, not one more.
    expect(await booking.app.clubRenewals.run()).toMatchObject({ charged: 1 });
    expect(await passNow()).toMatchObject({ status: 'active', periodStart: pass.renewsAt, ticketsLeft: 1 });
    // The cancelled ticket's show day is free: the new month's ticket books it.
    await hold(booking, user, show.id, 1);
    expect((await payWithPass(user, show.id, 1)).statusCode).toBe(200);
    expect((await passNow())?.ticketsLeft).toBe(0);
  });

  it('GET /club/me shows the pass; the pass, points and the bank card pay one order together', async () => {
    const { user, pass } = await member(4);
    const me = await booking.app.inject({ method: 'GET', url: '/club/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().pass).toMatchObject({ id: pass.id, status: 'active', ticketsLeft: 4 });
    const adjusted = await booking.app.inject({
      method: 'POST',
      url: `/club/members/${user.id}/adjust`,
      headers: adminHeaders(booking.app),
      payload: { points: 500, reason: 'Bienvenida' },
    });
    expect(adjusted.statusCode).toBe(201);

    const show = await createShow(booking, { price: 900 });
    await hold(booking, user, show.id, 2);
    const response = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: user.headers,
      payload: { idUser: user.id, show: show.id, ticket: 2, usePass: true, points: 500, paymentMethodId: 'pm_card_visa' },
    });
    expect(response.statusCode).toBe(200);
    const order = response.json<{ order: OrderView }>().order ?? response.json<OrderView>();
    expect(order.payments).toEqual([
      { kind: 'pass', amount: 900 },
      { kind: 'points', amount: 500, points: 500 },
      { kind: 'card', amount: 400 },
    ]);
  });
});
