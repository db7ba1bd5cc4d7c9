import {
  CINEMA_MESSAGES,
  type DiscountsReport,
  type EventCinema,
  type OrderPaid,
  type PricedLine,
  type SalesTotals,
} from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { adminHeaders, candyLine, newId, paidOrder, refundedOrder, startSales, userHeaders, type SalesUnderTest } from './helpers';

const NORTE: EventCinema = {
  id: 'c1e000000000000000000002',
  name: 'Cine Norte',
  address: 'Av. Maipú 2500',
  timeZone: 'America/Argentina/Buenos_Aires',
};
const SUR: EventCinema = {
  id: 'c1e000000000000000000003',
  name: 'Cine Sur',
  address: 'Av. Mitre 100',
  timeZone: 'America/Argentina/Buenos_Aires',
};

/** A ticket line of 1000 cents less `discount`. */
function line(seatLabel: string, discount?: number): PricedLine {
  return {
    seatLabel,
    type: 'general',
    typeName: 'General',
    category: 'standard',
    base: 1000,
    surcharges: [],
    total: 1000,
    ...(discount ? { discount } : {}),
  };
}

/** An order of two 1000-cent tickets with `discount` off each, paid by gift card up to `giftCard` and the rest by card. */
function discounted(
  { code, discount = 0, giftCard = 0, cinema = NORTE }: { code?: string; discount?: number; giftCard?: number; cinema?: EventCinema },
  overrides: Partial<OrderPaid['data']> = {},
): OrderPaid['data'] {
  const lines = [line('F1', discount), line('F2', discount)];
  const candy = overrides.candy ?? [];
  const total = 2000 - 2 * discount + candy.reduce((sum, item) => sum + item.totalPrice, 0);
  return paidOrder({
    seats: 2,
    seatLabels: ['F1', 'F2'],
    ticketTotal: 2000,
    lines,
    total,
    cinema,
    ...(code ? { discount: 2 * discount, promo: { code, name: `Promo ${code}` } } : {}),
    payments: [
      ...(giftCard > 0 ? [{ kind: 'gift_card' as const, amount: giftCard, last4: 'WN3C' }] : []),
      ...(total - giftCard > 0 ? [{ kind: 'card' as const, amount: total - giftCard }] : []),
    ],
    ...overrides,
  });
}

describe('GET /sales/discounts and sales net of discounts (issue 39)', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };
  const combo = newId();
  const verano = discounted({ code: 'VERANO', discount: 250 }, { candy: [candyLine(combo, 'COMBO', 1, 1000)] });
  const veranoWhole = discounted({ code: 'VERANO', discount: 250 });
  const veranoSur = discounted({ code: 'VERANO', discount: 250, cinema: SUR });
  const giftPaid = discounted({ giftCard: 1200 });
  const cardId = newId();
  const voidedCardId = newId();

  beforeAll(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
    for (const order of [verano, veranoWhole, veranoSur, giftPaid]) await sales.pay(order);
    // A redelivery of an order (another event id): counted once.
    await sales.pay(verano);
    // verano: one seat back (a partial refund keeps the use; 250 of discount no longer given).
    const partial = refundedOrder(verano, { seatLabels: ['F1'] });
    partial.data.lines = [line('F1', 250)];
    partial.data.ticketAmount = 750;
    partial.data.amount = 750;
    await sales.context.bus.publish(partial);
    await sales.context.bus.publish(createEvent('order.refunded', partial.data));
    // veranoWhole: every seat back: no use.
    const whole = refundedOrder(veranoWhole, { seatLabels: ['F1', 'F2'] });
    whole.data.lines = [line('F1', 250), line('F2', 250)];
    whole.data.ticketAmount = 1500;
    whole.data.amount = 1500;
    await sales.context.bus.publish(whole);
    // giftPaid: one seat back, 600 of it to the gift card.
    const toCard = refundedOrder(giftPaid, { seatLabels: ['F2'] });
    toCard.data.lines = [line('F2')];
    toCard.data.ticketAmount = 1000;
    toCard.data.amount = 1000;
    toCard.data.payments = [
      { kind: 'gift_card', amount: 600, last4: 'WN3C' },
      { kind: 'card', amount: 400 },
    ];
    await sales.context.bus.publish(toCard);
    const issued = (id: string, amount: number) =>
      createEvent('gift-card.issued', {
        cardId: id,
        code: '7KQ2MX9P4HTRWN3C',
        last4: 'WN3C',
        amount,
        currency: 'USD',
        expiresAt: '2027-11-20T14:00:00.000Z',
        origin: 'sold' as const,
        recipientEmail: 'ana@cine.test',
        issuedAt: '2026-11-19T14:00:00.000Z',
      });
    const sold = issued(cardId, 5000);
    await sales.context.bus.publish(sold);
    // The same card again (a replay with another event id): once.
    await sales.context.bus.publish(createEvent('gift-card.issued', sold.data));
    await sales.context.bus.publish(issued(voidedCardId, 2000));
    await sales.context.bus.publish(
      createEvent('gift-card.voided', { cardId: voidedCardId, last4: 'ZZ99', amount: 2000, voidedAt: '2026-11-20T10:00:00.000Z' }),
    );
  });
  afterAll(async () => {
    await sales.close();
  });

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });

  it("answers an admin every code's uses and amount and the gift cards' sold, redeemed and outstanding", async () => {
    const response = await get('/sales/discounts?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    expect(response.json<DiscountsReport>()).toEqual({
      // verano 500 − 250 refunded, veranoWhole 500 − 500 (no use), veranoSur 500.
      promotions: [{ code: 'VERANO', uses: 2, amount: 750 }],
      giftCards: { sold: 7000, redeemed: 1200 - 600, outstanding: 7000 - 2000 - (1200 - 600) },
    });
  });

  it('counts nothing outside the period', async () => {
    const response = await get('/sales/discounts?from=2026-12-01&to=2026-12-31');
    expect(response.json<DiscountsReport>()).toEqual({
      promotions: [],
      giftCards: { sold: 0, redeemed: 0, outstanding: 7000 - 2000 - 600 },
    });
    const before = await get('/sales/discounts?to=2026-10-31');
    expect(before.json<DiscountsReport>()).toEqual({ promotions: [], giftCards: { sold: 0, redeemed: 0, outstanding: 0 } });
  });

  it("answers a manager their cinemas' uses and gift-card spending only", async () => {
    const manager = bearer(sales.app, { sub: newId(), role: 'manager', cin: [SUR.id] });
    const response = await get('/sales/discounts', manager);
    expect(response.statusCode).toBe(200);
    expect(response.json<DiscountsReport>()).toEqual({
      promotions: [{ code: 'VERANO', uses: 1, amount: 500 }],
      giftCards: { sold: 0, redeemed: 0, outstanding: 0 },
    });
  });

  it('refuses a guest (401), a user (403) and a reversed or malformed period (400), in Spanish', async () => {
    expect((await get('/sales/discounts', {})).statusCode).toBe(401);
    const user = await get('/sales/discounts', userHeaders(sales.app));
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.managersOnly });
    const reversed = await get('/sales/discounts?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toBe("La fecha 'from' debe ser anterior o igual a 'to'.");
    expect((await get('/sales/discounts?from=noviembre')).statusCode).toBe(400);
    expect((await get('/sales/discounts?cinemaId=x')).statusCode).toBe(400);
  });

  it("keeps the other reports' totals net of discounts: what was paid for the tickets, less refunds", async () => {
    const totals = (await get('/sales/totals?from=2026-11-01&to=2026-11-30')).json<SalesTotals>();
    // Sold: verano 1500, veranoWhole 1500, veranoSur 1500, giftPaid 2000; refunded 750 + 1500 + 1000.
    expect(totals.tickets).toEqual({ seats: 8 - 4, totalPrice: 6500 - 3250, netPrice: 3900 - 1950, refundedSeats: 4, refundedPrice: 3250 });
    expect(totals.totalPrice).toBe(3250 + 1000);
    const types = (await get('/sales/ticket-types?from=2026-11-01&to=2026-11-30')).json<Array<{ type: string; totalPrice: number }>>();
    expect(types).toEqual([expect.objectContaining({ type: 'general', tickets: 4, totalPrice: 3250, refundedPrice: 3250 })]);
  });

  it('exports the discounts as CSV', async () => {
    const response = await get('/sales/export.csv?report=discounts&from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="ventas-descuentos-2026-11-01-2026-11-30.csv"');
    expect(response.body).toBe(
      '\ufeffCódigo,Usos,Descuento\r\n' +
        'VERANO,2,7.50\r\n' +
        'Tarjetas regalo vendidas,,70.00\r\n' +
        'Tarjetas regalo canjeadas,,6.00\r\n' +
        'Tarjetas regalo pendientes,,44.00\r\n',
    );
  });
});
