import { addDays, localToday } from '../src/shows/cinema-time';
import { adminHeaders, checkout, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

async function buy(seats: number): Promise<string> {
  const show = await createShow(booking, { price: 900, title: 'La Repetición' });
  const user = newUser(booking.app);
  expect((await hold(booking, user, show.id, seats)).statusCode).toBe(200);
  const paid = await checkout(booking, user, { show: show.id, ticket: seats });
  expect(paid.statusCode).toBe(200);
  return paid.json<{ order: { id: string } }>().order.id;
}

const replay = (payload: unknown, headers = adminHeaders(booking.app)) =>
  booking.app.inject({ method: 'POST', url: '/orders/replay', headers, payload: payload as object });

describe('POST /orders/replay: the sales recovery procedure', () => {
  it('publishes order.paid again, under new event ids and marked republished, for every paid order, with the facts of the first one', async () => {
    const orderIds = [await buy(1), await buy(3)];
    await booking.app.ordersOutbox.flush();
    const first = booking.paid.filter((event) => orderIds.includes(event.data.orderId));
    expect(first).toHaveLength(2);

    const response = await replay({});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ republished: 2 });

    const again = booking.paid.filter((event) => orderIds.includes(event.data.orderId)).slice(2);
    expect(again.map((event) => event.data)).toEqual(first.map((event) => ({ ...event.data, republished: true })));
    expect(again.map((event) => event.id)).not.toEqual(expect.arrayContaining(first.map((event) => event.id)));
  });

  it('takes only the orders paid in the period (cinema days, both ends included)', async () => {
    const today = localToday(new Date());
    const before = booking.paid.length;
    expect((await replay({ from: today, to: today })).json()).toEqual({ republished: 2 });
    expect((await replay({ from: addDays(today, -30), to: addDays(today, -1) })).json()).toEqual({ republished: 0 });
    expect((await replay({ from: addDays(today, 1) })).json()).toEqual({ republished: 0 });
    expect((await replay({ to: today })).json()).toEqual({ republished: 2 });
    expect(booking.paid.length).toBe(before + 4);
  });

  it('is for administrators only, and refuses a period that is not one', async () => {
    expect((await replay({}, newUser(booking.app).headers)).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'POST', url: '/orders/replay', payload: {} })).statusCode).toBe(401);
    expect((await replay({ from: '2026-02-30' })).json()).toEqual({
      statusCode: 400,
      error: 'Las fechas deben ser días existentes escritos AAAA-MM-DD.',
    });
    expect((await replay({ from: '2026-03-02', to: '2026-03-01' })).json()).toEqual({
      statusCode: 400,
      error: "La fecha 'from' debe ser anterior o igual a 'to'.",
    });
    expect((await replay({ since: '2026-01-01' })).statusCode).toBe(400);
  });
});
