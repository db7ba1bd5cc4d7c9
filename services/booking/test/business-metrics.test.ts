import { metricsRegistry } from '@cine/service-kit';
import { holdChanges } from '../src/shows/hold-metrics';
import type { Seat } from '../src/shows/show-model';
import type { TicketView } from '@cine/contracts';
import { bearer } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { adminHeaders, checkout, clockBefore, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

const NOW = new Date('2026-03-11T15:00:00Z');
const later = new Date(NOW.getTime() + 600_000);
const earlier = new Date(NOW.getTime() - 1000);
const seat = (label: string, fields: Partial<Seat>): Seat => ({
  label,
  row: label[0] as string,
  number: Number(label.slice(1)),
  state: 'held',
  ...fields,
});

describe('holdChanges: what one write of a show’s seats did to its holds', () => {
  it('a seat newly held is a hold made; a renewal by the same buyer is not', () => {
    const before = [seat('A1', { userId: 'ana', heldUntil: earlier })];
    const after = [seat('A1', { userId: 'ana', heldUntil: later }), seat('A2', { userId: 'ana', heldUntil: later })];
    expect(holdChanges(before, after, NOW)).toEqual({ made: 1, released: 0, lapsed: 0 });
  });

  it('a hold left out before its time is released; after its time, lapsed; taken by another buyer after it lapsed, lapsed and made', () => {
    const before = [seat('A1', { userId: 'ana', heldUntil: later }), seat('A2', { userId: 'ana', heldUntil: earlier })];
    expect(holdChanges(before, [], NOW)).toEqual({ made: 0, released: 1, lapsed: 1 });
    expect(holdChanges(before, [before[0] as Seat, seat('A2', { userId: 'bruno', heldUntil: later })], NOW)).toEqual({
      made: 1,
      released: 0,
      lapsed: 1,
    });
  });

  it('a hold being paid, then sold, is neither released nor lapsed', () => {
    const held = seat('A1', { userId: 'ana', heldUntil: later });
    const paying = { ...held, orderId: 'o1' };
    expect(holdChanges([held], [paying], NOW)).toEqual({ made: 0, released: 0, lapsed: 0 });
    expect(holdChanges([paying], [{ ...paying, state: 'sold' }], NOW)).toEqual({ made: 0, released: 0, lapsed: 0 });
  });
});

async function valueOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const values = (await metricsRegistry.getSingleMetric(name)?.get())?.values ?? [];
  return values
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('booking’s business metrics (service)', () => {
  let booking: BookingUnderTest;

  beforeAll(async () => {
    booking = await startBooking();
  });
  afterAll(() => booking.close());

  it('count the seats held, a paid order with its amount and a declined payment by its code', async () => {
    const show = await createShow(booking, { price: 900, title: 'Métricas' });
    const before = {
      made: await valueOf('cine_seat_holds_made_total'),
      purchases: await valueOf('cine_purchases_total'),
      amount: await valueOf('cine_purchase_amount_cents_total'),
      expired: await valueOf('cine_payment_failures_total', { code: 'expired_card' }),
    };
    const buyer = newUser(booking.app);
    expect((await hold(booking, buyer, show.id, 2)).statusCode).toBe(200);
    expect((await checkout(booking, buyer, { show: show.id, ticket: 2 })).statusCode).toBe(200);
    const declined = newUser(booking.app);
    expect((await hold(booking, declined, show.id, 1)).statusCode).toBe(200);
    await checkout(booking, declined, { show: show.id, ticket: 1, paymentMethodId: 'pm_card_chargeDeclinedExpiredCard' });

    expect(await valueOf('cine_seat_holds_made_total')).toBe(before.made + 3);
    expect(await valueOf('cine_purchases_total')).toBe(before.purchases + 1);
    expect(await valueOf('cine_purchase_amount_cents_total')).toBe(before.amount + 1800);
    expect(await valueOf('cine_payment_failures_total', { code: 'expired_card' })).toBe(before.expired + 1);
  });

  it('count a check-in at the door, and a refund with its amount', async () => {
    const show = await createShow(booking, { price: 900, title: 'Métricas de la puerta' });
    const buyer = newUser(booking.app);
    expect((await hold(booking, buyer, show.id, 2)).statusCode).toBe(200);
    const paid = await checkout(booking, buyer, { show: show.id, ticket: 2 });
    const orderId = paid.json<{ order: { id: string } }>().order.id;
    let tickets: TicketView[] = [];
    for (let waited = 0; tickets.length < 2 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      tickets = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: buyer.headers })).json<TicketView[]>();
    }
    const [admitted, refunded] = tickets as [TicketView, TicketView];
    const before = {
      checkIns: await valueOf('cine_check_ins_total', { mode: 'online' }),
      refunds: await valueOf('cine_refunds_total', { by: 'admin' }),
      amount: await valueOf('cine_refund_amount_cents_total'),
    };
    const staff = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });
    const restore = await clockBefore(booking, show.id);
    try {
      const payload = { token: admitted.token, showId: show.id };
      expect((await booking.app.inject({ method: 'POST', url: '/checkin', headers: staff, payload })).statusCode).toBe(200);
    } finally {
      restore();
    }
    const refund = await booking.app.inject({
      method: 'POST',
      url: `/orders/${orderId}/refund`,
      headers: adminHeaders(booking.app),
      payload: { seatLabels: [refunded.seatLabel], reason: 'Butaca rota' },
    });
    expect(refund.statusCode).toBe(200);

    expect(await valueOf('cine_check_ins_total', { mode: 'online' })).toBe(before.checkIns + 1);
    expect(await valueOf('cine_refunds_total', { by: 'admin' })).toBe(before.refunds + 1);
    expect(await valueOf('cine_refund_amount_cents_total')).toBe(before.amount + 900);
  });
});
