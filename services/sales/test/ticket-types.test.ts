import { CINEMA_MESSAGES } from '@cine/contracts';
import type { MovieTicketTypeSales, OrderRefunded, PricedLine, TicketTypeSalesRow } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { adminHeaders, newId, paidOrder, refundedOrder, startSales, userHeaders, type SalesUnderTest } from './helpers';

/** A priced line as booking's order.paid version 2 carries it. */
function line(seatLabel: string, type: string, typeName: string, total: number, category: PricedLine['category'] = 'standard'): PricedLine {
  return { seatLabel, type, typeName, category, base: total, surcharges: [], total };
}

/** order.refunded version 2 of some lines of a paid order. */
function refundOfLines(order: ReturnType<typeof paidOrder>, lines: PricedLine[]): OrderRefunded {
  const event = refundedOrder(order, { seatLabels: lines.map((refunded) => refunded.seatLabel) });
  const ticketAmount = lines.reduce((sum, refunded) => sum + refunded.total, 0);
  return createEvent('order.refunded', { ...event.data, ticketAmount, amount: ticketAmount, lines });
}

// The service's clock: 20 November 2026 (cinema time).
describe('sales by ticket type (GET /sales/ticket-types, issue 37)', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };

  beforeEach(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
  });
  afterEach(async () => {
    await sales.close();
  });

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });
  const byType = async (query = '') => {
    const response = await get(`/sales/ticket-types${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<TicketTypeSalesRow[]>();
  };

  it('counts version 2 lines per type and a version 1 order as General at ticketTotal / seats, each order once however often it comes', async () => {
    const v2 = paidOrder({
      seats: 3,
      seatLabels: ['L1', 'L2', 'L3'],
      ticketTotal: 1700 + 1700 + 1200,
      lines: [
        line('L1', 'general', 'General', 1700, 'premium'),
        line('L2', 'general', 'General', 1700, 'premium'),
        line('L3', 'menor', 'Menor (hasta 12 años)', 1200),
      ],
    });
    // Version 1: 3 seats for 1000 cents: General at 333.33… each, the lines add up to the order's total.
    const v1 = paidOrder({ seats: 3, ticketTotal: 1000 });
    const event = await sales.pay(v2);
    await sales.pay(v1);
    // A redelivery and a replay of the same order.
    await sales.context.bus.publish(event);
    await sales.pay({ ...v2, republished: true });

    expect(await byType()).toEqual([
      { type: 'general', name: 'General', tickets: 5, totalPrice: 4400, netPrice: 2640, refundedPrice: 0 },
      { type: 'menor', name: 'Menor (hasta 12 años)', tickets: 1, totalPrice: 1200, netPrice: 720, refundedPrice: 0 },
    ]);
    // The spec's summary is what it was: the tickets' totals, whatever their types.
    expect((await sales.app.salesReports.totals()).tickets).toMatchObject({ seats: 6, totalPrice: 5600 });
  });

  it("nets refunds out per type: version 2 by its lines, version 1 by the seats' lines of their sale, each refund once", async () => {
    const order = paidOrder({
      seats: 3,
      seatLabels: ['F1', 'F2', 'F3'],
      ticketTotal: 900 + 900 + 600,
      lines: [line('F1', 'general', 'General', 900), line('F2', 'jubilado', 'Jubilado', 600), line('F3', 'general', 'General', 900)],
    });
    await sales.pay(order);
    const refund = refundOfLines(order, [line('F2', 'jubilado', 'Jubilado', 600)]);
    await sales.context.bus.publish(refund);
    await sales.context.bus.publish(refund);
    // Version 1 (no lines): seat F3 is refunded at its sale's line, a General at 900.
    const v1Refund = refundedOrder(order, { seatLabels: ['F3'] });
    await sales.context.bus.publish(createEvent('order.refunded', { ...v1Refund.data, ticketAmount: 900, amount: 900 }));

    expect(await byType()).toEqual([
      { type: 'general', name: 'General', tickets: 1, totalPrice: 900, netPrice: 540, refundedPrice: 900 },
      { type: 'jubilado', name: 'Jubilado', tickets: 0, totalPrice: 0, netPrice: 0, refundedPrice: 600 },
    ]);
  });

  it("refunds a version 1 order's seats at its per-seat price, the refund coming before its sale", async () => {
    const order = paidOrder({ seats: 4, ticketTotal: 3600 });
    await sales.context.bus.publish(refundedOrder(order, { seatLabels: ['F1', 'F2'] }));
    expect(await byType()).toEqual([]);
    await sales.pay(order);
    expect(await byType()).toEqual([
      { type: 'general', name: 'General', tickets: 2, totalPrice: 1800, netPrice: 1080, refundedPrice: 1800 },
    ]);
  });

  it('takes the period of the other reports (the day the sale was paid) and refuses a reversed one in Spanish', async () => {
    await sales.pay(paidOrder({ seats: 1, ticketTotal: 900, paidAt: '2026-10-05T20:00:00.000Z' }));
    await sales.pay(
      paidOrder({ seats: 1, ticketTotal: 700, paidAt: '2026-11-10T20:00:00.000Z', lines: [line('F1', 'estudiante', 'Estudiante', 700)] }),
    );
    expect((await byType('?from=2026-11-01&to=2026-11-30')).map((row) => row.type)).toEqual(['estudiante']);
    expect((await byType('?to=2026-10-31')).map((row) => row.type)).toEqual(['general']);
    expect(await byType('?from=2026-12-01')).toEqual([]);

    const reversed = await get('/sales/ticket-types?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: "La fecha 'from' debe ser anterior o igual a 'to'." });
    expect((await get('/sales/ticket-types?from=2026-02-30')).statusCode).toBe(400);
    expect((await get('/sales/ticket-types?movieId=x')).statusCode).toBe(400);
  });

  it('is for admins and managers: 401 without a token, 403 for a user', async () => {
    for (const url of ['/sales/ticket-types', '/sales/ticket-types/movies']) {
      expect((await get(url, {})).statusCode).toBe(401);
      const user = await get(url, userHeaders(sales.app));
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.managersOnly });
    }
  });

  it('GET /sales/ticket-types/movies and the summary CSV give each movie its sales by type, after the spec columns', async () => {
    const bruma = newId();
    const amanecer = newId();
    await sales.pay(
      paidOrder({
        movieId: bruma,
        title: 'Bruma',
        seats: 2,
        ticketTotal: 1500,
        lines: [line('F1', 'general', 'General', 900), line('F2', 'menor', 'Menor (hasta 12 años)', 600)],
      }),
    );
    await sales.pay(paidOrder({ movieId: amanecer, title: 'Amanecer en Córdoba', seats: 1, ticketTotal: 900 }));

    const movies = await get('/sales/ticket-types/movies?from=2026-11-01');
    expect(movies.statusCode).toBe(200);
    expect(movies.json<MovieTicketTypeSales[]>()).toEqual([
      {
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        types: [{ type: 'general', name: 'General', tickets: 1, totalPrice: 900, netPrice: 540, refundedPrice: 0 }],
      },
      {
        movieId: bruma,
        title: 'Bruma',
        types: [
          { type: 'general', name: 'General', tickets: 1, totalPrice: 900, netPrice: 540, refundedPrice: 0 },
          { type: 'menor', name: 'Menor (hasta 12 años)', tickets: 1, totalPrice: 600, netPrice: 360, refundedPrice: 0 },
        ],
      },
    ]);

    const csv = await get('/sales/export.csv?report=summary');
    expect(csv.body.split('\r\n')).toEqual([
      '\ufeffNombre,Tipo,Entradas Vendidas,Mes,T.Bruto,T.Neto,Entradas Reembolsadas,T.Reembolsado,' +
        'Entradas General,T.Bruto General,T.Neto General,T.Reembolsado General,' +
        'Entradas Menor (hasta 12 años),T.Bruto Menor (hasta 12 años),T.Neto Menor (hasta 12 años),T.Reembolsado Menor (hasta 12 años)',
      'Amanecer en Córdoba,2D,1,Nov 2026,9.00,5.40,0,0.00,1,9.00,5.40,0.00,0,0.00,0.00,0.00',
      'Bruma,2D,2,Nov 2026,15.00,9.00,0,0.00,1,9.00,5.40,0.00,1,6.00,3.60,0.00',
      '',
    ]);
  });

  it('dead-letters an order.paid whose line has a type code that is not a plain code (it would become a field name)', async () => {
    const { SalesLedger } = await import('../src/sales/sales-ledger');
    const { openSalesStore } = await import('../src/sales/sales-store');
    const ledger = new SalesLedger(await openSalesStore(sales.context.db));
    await expect(ledger.record([paidOrder({ seats: 1, ticketTotal: 900, lines: [line('F1', '$set.x', 'X', 900)] })])).rejects.toThrow(
      /cannot be recorded/,
    );
  });
});
