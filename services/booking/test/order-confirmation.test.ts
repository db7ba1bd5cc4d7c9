import type { OrderView } from '@cine/contracts';
import { adminHeaders, checkout, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

function orderAs(headers: Record<string, string> | undefined, id: string) {
  return booking.app.inject({ method: 'GET', url: `/orders/${id}`, ...(headers ? { headers } : {}) });
}

describe('GET /orders/:id (the confirmation page)', () => {
  it('answers its buyer the paid order, as the history lists it, again on every reload', async () => {
    const show = await createShow(booking, { title: 'Confirmada' });
    const buyer = newUser(booking.app);
    expect((await hold(booking, buyer, show.id, 2)).statusCode).toBe(200);
    const paid = await checkout(booking, buyer, { show: show.id, ticket: 2 });
    expect(paid.statusCode).toBe(200);
    const { order } = paid.json<{ order: OrderView }>();

    const first = await orderAs(buyer.headers, order.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject(order);
    expect(first.json<OrderView>()).toMatchObject({ title: 'Confirmada', seats: 2, total: 2 * show.price });
    expect((await orderAs(buyer.headers, order.id)).json()).toMatchObject(order);
    expect((await orderAs(adminHeaders(booking.app), order.id)).json()).toMatchObject(order);
  });

  it('answers anyone else 404, as for an order that does not exist; a guest 401', async () => {
    const show = await createShow(booking, { title: 'Ajena' });
    const buyer = newUser(booking.app);
    await hold(booking, buyer, show.id, 1);
    const { order } = (await checkout(booking, buyer, { show: show.id, ticket: 1 })).json<{ order: OrderView }>();

    const stranger = await orderAs(newUser(booking.app).headers, order.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ statusCode: 404, error: 'No existe la compra.' });
    expect((await orderAs(buyer.headers, '0123456789abcdef01234567')).json()).toEqual({ statusCode: 404, error: 'No existe la compra.' });
    expect((await orderAs(undefined, order.id)).statusCode).toBe(401);
    expect((await orderAs(buyer.headers, 'no-es-un-id')).statusCode).toBe(400);
  });

  it('does not show a declined order', async () => {
    const show = await createShow(booking, { title: 'Rechazada' });
    const buyer = newUser(booking.app);
    await hold(booking, buyer, show.id, 1);
    const declined = await checkout(booking, buyer, { show: show.id, ticket: 1, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    const orders = await booking.context.db.collection('orders').find({ userId: buyer.id }).toArray();
    expect(orders).toHaveLength(1);
    expect((await orderAs(buyer.headers, String(orders[0]?._id))).statusCode).toBe(404);
  });
});
