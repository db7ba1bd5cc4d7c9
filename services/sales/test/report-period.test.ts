import type { MonthlySalesRow, SalesOccupancy, SalesTotals, TopSellerRow } from '@cine/contracts';
import { adminHeaders, candyLine, newId, paidOrder, refundedOrder, startSales, userHeaders, type SalesUnderTest } from './helpers';

// The service's clock: 20 November 2026 (cinema time).
describe('the reports of a period and the occupancy', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };
  const amanecer = newId();
  const bruma = newId();
  const eveningShow = newId();
  const lateShow = newId();
  const brumaShow = newId();
  const oldShow = newId();
  const popcorn = newId();
  const nachos = newId();

  beforeAll(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
    const amanecerOrder = { movieId: amanecer, title: 'Amanecer en Córdoba' };
    const evening = { ...amanecerOrder, showId: eveningShow, date: '2026-11-10', schedule: '18:00', roomId: 1, capacity: 100 };
    const refunded = paidOrder({
      ...evening,
      seats: 4,
      paidAt: '2026-11-09T20:00:00.000Z',
      candy: [candyLine(popcorn, 'COMBO TRADICIONAL', 2, 1500), candyLine(nachos, 'COMBO NACHOS', 1, 1200)],
    });
    for (const order of [
      paidOrder({ ...evening, seats: 10, paidAt: '2026-11-08T20:00:00.000Z' }),
      refunded,
      paidOrder({
        ...amanecerOrder,
        showId: lateShow,
        date: '2026-11-12',
        schedule: '22:00',
        roomId: 2,
        capacity: 50,
        seats: 40,
        paidAt: '2026-11-11T20:00:00.000Z',
      }),
      paidOrder({
        movieId: bruma,
        title: 'Bruma',
        showId: brumaShow,
        date: '2026-10-05',
        schedule: '20:00',
        roomId: 1,
        capacity: 80,
        seats: 8,
        paidAt: '2026-10-01T20:00:00.000Z',
      }),
      // An order made before booking carried the show's capacity.
      paidOrder({
        movieId: bruma,
        title: 'Bruma',
        showId: oldShow,
        date: '2025-12-24',
        schedule: '20:00',
        seats: 5,
        paidAt: '2025-12-20T20:00:00.000Z',
      }),
    ]) {
      await sales.pay(order);
    }
    await sales.context.bus.publish(
      refundedOrder(refunded, { seatLabels: ['F1', 'F2'], candy: [candyLine(nachos, 'COMBO NACHOS', 1, 1200)] }),
    );
  });
  afterAll(() => sales.close());

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });

  it('GET /sales/top with from and to counts the sales paid in the period only', async () => {
    expect((await get('/sales/top')).json<TopSellerRow[]>().map((row) => [row.title, row.seats])).toEqual([
      ['Amanecer en Córdoba', 52],
      ['Bruma', 13],
    ]);
    expect((await get('/sales/top?from=2026-11-09&to=2026-11-11')).json<TopSellerRow[]>()).toEqual([
      { movieId: amanecer, title: 'Amanecer en Córdoba', seats: 42, totalPrice: 42 * 900 },
    ]);
    expect((await get('/sales/top?from=2025-01-01&to=2025-12-31')).json<TopSellerRow[]>().map((row) => [row.title, row.seats])).toEqual([
      ['Bruma', 5],
    ]);
    expect((await get('/sales/top?from=2027-01-01')).json()).toEqual([]);
  });

  it("GET /sales/totals: the period's revenue net of refunds, tickets and candy (per item too) and both together", async () => {
    const november = (await get('/sales/totals?from=2026-11-01&to=2026-11-30')).json<SalesTotals>();
    // 10 + 4 − 2 refunded + 40 tickets at 900; the candy of the refunded order less its refunded nachos.
    expect(november.tickets).toEqual({ seats: 52, totalPrice: 52 * 900, netPrice: 52 * 540, refundedSeats: 2, refundedPrice: 1800 });
    expect(november.candy).toEqual({ quantity: 2, totalPrice: 3000, refundedQuantity: 1, refundedPrice: 1200 });
    expect(november.candyItems).toEqual([
      { itemId: popcorn, name: 'COMBO TRADICIONAL', quantity: 2, totalPrice: 3000, refundedQuantity: 0, refundedPrice: 0 },
      { itemId: nachos, name: 'COMBO NACHOS', quantity: 0, totalPrice: 0, refundedQuantity: 1, refundedPrice: 1200 },
    ]);
    expect(november.totalPrice).toBe(52 * 900 + 3000);

    const all = (await get('/sales/totals')).json<SalesTotals>();
    expect(all.tickets.seats).toBe(52 + 8 + 5);
    expect(all.totalPrice).toBe((52 + 8 + 5) * 900 + 3000);
    expect((await get('/sales/totals?from=2025-01-01&to=2025-12-31')).json<SalesTotals>()).toMatchObject({
      tickets: { seats: 5, totalPrice: 4500 },
      candy: { quantity: 0, totalPrice: 0 },
      totalPrice: 4500,
    });

    expect((await get('/sales/totals?from=2027-01-01')).json<SalesTotals>()).toMatchObject({ totalPrice: 0, candyItems: [] });
    expect((await get('/sales/totals?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/sales/totals', {})).statusCode).toBe(401);
    expect((await get('/sales/totals', userHeaders(sales.app))).statusCode).toBe(403);
  });

  it("GET /sales/monthly with a period answers the period's months, not only the last 8", async () => {
    const months = (await get('/sales/monthly?from=2025-12-01&to=2026-02-28')).json<MonthlySalesRow[]>();
    expect(months.map((row) => [row.month, row.monthName, row.seats])).toEqual([
      ['2025-12', 'Dic', 5],
      ['2026-01', 'Ene', 0],
      ['2026-02', 'Feb', 0],
    ]);
    // Days inside a month: only the sales of those days.
    expect((await get('/sales/monthly?from=2026-11-09&to=2026-11-30')).json<MonthlySalesRow[]>()).toEqual([
      { month: '2026-11', monthName: 'Nov', seats: 42, totalPrice: 42 * 900 },
    ]);
    // Only `from`: up to today; only `to`: `months` months up to it.
    expect((await get('/sales/monthly?from=2026-10-01')).json<MonthlySalesRow[]>().map((row) => row.month)).toEqual(['2026-10', '2026-11']);
    expect((await get('/sales/monthly?to=2026-01-31&months=3')).json<MonthlySalesRow[]>().map((row) => row.month)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });

  it('GET /sales/occupancy: sold less refunded of each show of the period, and per movie, most occupied first', async () => {
    const november = (await get('/sales/occupancy?from=2026-11-01&to=2026-11-30')).json<SalesOccupancy>();
    expect(november).toEqual({
      shows: [
        {
          showId: lateShow,
          movieId: amanecer,
          title: 'Amanecer en Córdoba',
          type: '2D',
          date: '2026-11-12',
          schedule: '22:00',
          roomId: 2,
          sold: 40,
          capacity: 50,
        },
        {
          showId: eveningShow,
          movieId: amanecer,
          title: 'Amanecer en Córdoba',
          type: '2D',
          date: '2026-11-10',
          schedule: '18:00',
          roomId: 1,
          sold: 12,
          capacity: 100,
        },
      ],
      movies: [{ movieId: amanecer, title: 'Amanecer en Córdoba', shows: 2, sold: 52, capacity: 150 }],
    });

    const all = (await get('/sales/occupancy')).json<SalesOccupancy>();
    expect(all.shows.map((show) => [show.showId, show.sold, show.capacity])).toEqual([
      [lateShow, 40, 50],
      [eveningShow, 12, 100],
      [brumaShow, 8, 80],
      [oldShow, 5, null],
    ]);
    // A show of unknown capacity does not count in its movie's occupancy.
    expect(all.movies.map((movie) => [movie.title, movie.shows, movie.sold, movie.capacity])).toEqual([
      ['Amanecer en Córdoba', 2, 52, 150],
      ['Bruma', 1, 8, 80],
    ]);
  });

  it('counts a redelivered sale or refund once in the occupancy', async () => {
    const show = newId();
    const order = paidOrder({ movieId: newId(), title: 'Repetida', showId: show, date: '2026-12-01', capacity: 10, seats: 3 });
    const refund = refundedOrder(order, { seatLabels: ['F1'] });
    await sales.context.bus.publish(refund);
    for (let times = 0; times < 2; times += 1) await sales.pay(order);
    await sales.context.bus.publish(refund);
    const december = (await get('/sales/occupancy?from=2026-12-01&to=2026-12-01')).json<SalesOccupancy>();
    expect(december.shows.map((row) => [row.sold, row.capacity])).toEqual([[2, 10]]);
  });

  it('answers 400 in Spanish for a bad or reversed period, or one over 36 months; admins only', async () => {
    const reversed = await get('/sales/occupancy?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ statusCode: 400, error: "La fecha 'from' debe ser anterior o igual a 'to'." });
    const long = await get('/sales/monthly?from=2020-01-01&to=2026-11-20');
    expect(long.json()).toEqual({ statusCode: 400, error: 'El período de los reportes puede abarcar hasta 36 meses.' });
    for (const url of [
      '/sales/top?from=2026-02-30',
      '/sales/monthly?to=ayer',
      '/sales/occupancy?from=2026-1-1',
      '/sales/occupancy?desde=2026-01-01',
    ]) {
      const answer = await get(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 400 });
      expect(answer.json<{ error: string }>().error).not.toMatch(/must|should|property/i);
    }
    expect((await get('/sales/occupancy', {})).statusCode).toBe(401);
    expect((await get('/sales/occupancy', userHeaders(sales.app))).statusCode).toBe(403);
  });
});
