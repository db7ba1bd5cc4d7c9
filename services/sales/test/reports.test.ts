import { CINEMA_MESSAGES } from '@cine/contracts';
import type { CandySalesRow, MonthlySalesRow, SaleDetailRow, SalesMonthRow, SalesSummaryRow, TopSellerRow } from '@cine/contracts';
import { adminHeaders, candyLine, newId, paidOrder, startSales, userHeaders, type SalesUnderTest } from './helpers';

// The service's clock: 20 November 2026 (cinema time).
describe('sales reports API', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };
  const amanecer = newId();
  const bruma = newId();
  const combo = newId();
  const nachos = newId();

  beforeAll(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
    const orders = [
      paidOrder({
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        seats: 2,
        ticketTotal: 1800,
        paidAt: '2026-11-02T20:00:00.000Z',
        candy: [candyLine(combo, 'COMBO TRADICIONAL', 1, 1200)],
      }),
      paidOrder({
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        seats: 4,
        ticketTotal: 3600,
        paidAt: '2026-11-10T20:00:00.000Z',
        candy: [candyLine(combo, 'COMBO TRADICIONAL', 2, 1200), candyLine(nachos, 'COMBO NACHOS', 1, 1500)],
      }),
      paidOrder({
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        type: '3D',
        seats: 1,
        ticketTotal: 1100,
        paidAt: '2026-11-10T21:00:00.000Z',
      }),
      paidOrder({ movieId: amanecer, title: 'Amanecer en Córdoba', seats: 3, ticketTotal: 2700, paidAt: '2026-01-15T20:00:00.000Z' }),
      paidOrder({
        movieId: bruma,
        title: 'Bruma',
        seats: 1,
        ticketTotal: 900,
        paidAt: '2026-10-05T20:00:00.000Z',
        candy: [candyLine(nachos, 'COMBO NACHOS', 2, 1500)],
      }),
      paidOrder({ movieId: bruma, title: 'Bruma', seats: 5, ticketTotal: 4500, paidAt: '2025-12-24T20:00:00.000Z' }),
    ];
    for (const order of orders) await sales.pay(order);
  });
  afterAll(async () => {
    await sales.close();
  });

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });

  const adminOnly = [
    '/tickets/all',
    '/tickets/all/detail?mes=2026-11',
    '/sales/search?name=a',
    '/sales/top',
    '/sales/monthly',
    '/sales/candy',
    '/sales/export.csv?report=summary',
  ];

  it.each(adminOnly)('GET %s answers 401 without a token and 403 for a user (an admin or a manager reads it)', async (url) => {
    const anonymous = await get(url, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ statusCode: 401, error: expect.any(String) });
    const user = await get(url, userHeaders(sales.app));
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.managersOnly });
  });

  it('GET /tickets/all: one row per movie × type × month, newest month first, net 60 %', async () => {
    const response = await get('/tickets/all');
    expect(response.statusCode).toBe(200);
    expect(response.json<SalesSummaryRow[]>()).toEqual([
      {
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        type: '2D',
        month: '2026-11',
        monthName: 'Nov',
        seats: 6,
        totalPrice: 5400,
        netPrice: 3240,
        refundedSeats: 0,
        refundedPrice: 0,
      },
      {
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        type: '3D',
        month: '2026-11',
        monthName: 'Nov',
        seats: 1,
        totalPrice: 1100,
        netPrice: 660,
        refundedSeats: 0,
        refundedPrice: 0,
      },
      {
        movieId: bruma,
        title: 'Bruma',
        type: '2D',
        month: '2026-10',
        monthName: 'Oct',
        seats: 1,
        totalPrice: 900,
        netPrice: 540,
        refundedSeats: 0,
        refundedPrice: 0,
      },
      {
        movieId: amanecer,
        title: 'Amanecer en Córdoba',
        type: '2D',
        month: '2026-01',
        monthName: 'Ene',
        seats: 3,
        totalPrice: 2700,
        netPrice: 1620,
        refundedSeats: 0,
        refundedPrice: 0,
      },
      {
        movieId: bruma,
        title: 'Bruma',
        type: '2D',
        month: '2025-12',
        monthName: 'Dic',
        seats: 5,
        totalPrice: 4500,
        netPrice: 2700,
        refundedSeats: 0,
        refundedPrice: 0,
      },
    ]);
  });

  it('GET /tickets/all/detail?mes=YYYY-MM: the sales of the month, newest first, that add up to its summary rows', async () => {
    const detail = (await get('/tickets/all/detail?mes=2026-11')).json<SaleDetailRow[]>();
    expect(detail.map((row) => [row.type, row.seats, row.day, row.totalPrice, row.netPrice])).toEqual([
      ['3D', 1, '2026-11-10', 1100, 660],
      ['2D', 4, '2026-11-10', 3600, 2160],
      ['2D', 2, '2026-11-02', 1800, 1080],
    ]);
    const summary = (await get('/tickets/all')).json<SalesSummaryRow[]>().filter((row) => row.month === '2026-11');
    for (const row of summary) {
      const sales = detail.filter((sale) => sale.movieId === row.movieId && sale.type === row.type);
      expect([row.seats, row.totalPrice, row.netPrice]).toEqual([
        sales.reduce((sum, sale) => sum + sale.seats, 0),
        sales.reduce((sum, sale) => sum + sale.totalPrice, 0),
        sales.reduce((sum, sale) => sum + sale.netPrice, 0),
      ]);
    }
  });

  it('GET /tickets/all/detail?mes=Ene|dic: the most recent such month up to the current one', async () => {
    expect((await get('/tickets/all/detail?mes=Ene')).json<SaleDetailRow[]>().map((row) => row.day)).toEqual(['2026-01-15']);
    expect((await get('/tickets/all/detail?mes=dic')).json<SaleDetailRow[]>().map((row) => row.day)).toEqual(['2025-12-24']);
    expect((await get('/tickets/all/detail?mes=Nov')).json<SaleDetailRow[]>()).toHaveLength(3);
  });

  it('GET /tickets/all/detail filters by movie and type and sorts by total (min, max)', async () => {
    const url = `/tickets/all/detail?mes=2026-11&movieId=${amanecer}&type=2D`;
    expect((await get(`${url}&sort=min`)).json<SaleDetailRow[]>().map((row) => row.totalPrice)).toEqual([1800, 3600]);
    expect((await get(`${url}&sort=max`)).json<SaleDetailRow[]>().map((row) => row.totalPrice)).toEqual([3600, 1800]);
    expect((await get(`/tickets/all/detail?movieId=${bruma}`)).json<SaleDetailRow[]>().map((row) => row.day)).toEqual([
      '2026-10-05',
      '2025-12-24',
    ]);
  });

  it("GET /tickets/all/detail?groupBy=month regroups a movie's sales by month, summing, sorted by total", async () => {
    const response = await get(`/tickets/all/detail?movieId=${amanecer}&groupBy=month&sort=min`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SalesMonthRow[]>()).toEqual([
      { month: '2026-01', monthName: 'Ene', seats: 3, totalPrice: 2700, netPrice: 1620, refundedSeats: 0, refundedPrice: 0 },
      { month: '2026-11', monthName: 'Nov', seats: 7, totalPrice: 6500, netPrice: 3900, refundedSeats: 0, refundedPrice: 0 },
    ]);
  });

  it('GET /sales/search?name=: summary rows whose title contains the text, ignoring case and accents; [] when none', async () => {
    const found = (await get('/sales/search?name=CORDOBA')).json<SalesSummaryRow[]>();
    expect(found.map((row) => [row.title, row.month, row.type])).toEqual([
      ['Amanecer en Córdoba', '2026-11', '2D'],
      ['Amanecer en Córdoba', '2026-11', '3D'],
      ['Amanecer en Córdoba', '2026-01', '2D'],
    ]);
    const none = await get('/sales/search?name=Matrix');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('GET /sales/top: movies by tickets sold, descending, limited', async () => {
    expect((await get('/sales/top?limit=6')).json<TopSellerRow[]>()).toEqual([
      { movieId: amanecer, title: 'Amanecer en Córdoba', seats: 10, totalPrice: 9200 },
      { movieId: bruma, title: 'Bruma', seats: 6, totalPrice: 5400 },
    ]);
    expect((await get('/sales/top?limit=1')).json<TopSellerRow[]>().map((row) => row.movieId)).toEqual([amanecer]);
    expect((await get('/sales/top')).json<TopSellerRow[]>()).toHaveLength(2);
  });

  it('GET /sales/monthly?months=8: the last months, oldest first, ending with the current one, zeros included', async () => {
    const months = (await get('/sales/monthly?months=8')).json<MonthlySalesRow[]>();
    expect(months.map((row) => [row.month, row.monthName, row.seats, row.totalPrice])).toEqual([
      ['2026-04', 'Abr', 0, 0],
      ['2026-05', 'May', 0, 0],
      ['2026-06', 'Jun', 0, 0],
      ['2026-07', 'Jul', 0, 0],
      ['2026-08', 'Ago', 0, 0],
      ['2026-09', 'Sep', 0, 0],
      ['2026-10', 'Oct', 1, 900],
      ['2026-11', 'Nov', 7, 6500],
    ]);
    expect((await get('/sales/monthly?months=12')).json<MonthlySalesRow[]>()[0]).toEqual({
      month: '2025-12',
      monthName: 'Dic',
      seats: 5,
      totalPrice: 4500,
    });
  });

  it('GET /sales/candy: candy sold per item and day, filtered by day and item', async () => {
    expect((await get('/sales/candy')).json<CandySalesRow[]>()).toEqual([
      { itemId: nachos, name: 'COMBO NACHOS', day: '2026-11-10', quantity: 1, totalPrice: 1500, refundedQuantity: 0, refundedPrice: 0 },
      { itemId: combo, name: 'COMBO TRADICIONAL', day: '2026-11-10', quantity: 2, totalPrice: 2400, refundedQuantity: 0, refundedPrice: 0 },
      { itemId: combo, name: 'COMBO TRADICIONAL', day: '2026-11-02', quantity: 1, totalPrice: 1200, refundedQuantity: 0, refundedPrice: 0 },
      { itemId: nachos, name: 'COMBO NACHOS', day: '2026-10-05', quantity: 2, totalPrice: 3000, refundedQuantity: 0, refundedPrice: 0 },
    ]);
    expect((await get(`/sales/candy?itemId=${nachos}`)).json<CandySalesRow[]>().map((row) => row.day)).toEqual([
      '2026-11-10',
      '2026-10-05',
    ]);
    expect((await get(`/sales/candy?day=2026-11-10&itemId=${combo}`)).json<CandySalesRow[]>().map((row) => row.quantity)).toEqual([2]);
    expect((await get('/sales/candy?day=2026-11-11')).json()).toEqual([]);
  });

  it("GET /sales/export.csv?report=summary: a CSV download with the table's Spanish headers and two-decimal amounts", async () => {
    const response = await get('/sales/export.csv?report=summary&name=bruma');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ventas-resumen.csv"');
    expect(response.body).toBe(
      // The spec's columns, then each ticket type's (orders of version 1: every seat General).
      '\ufeffNombre,Tipo,Entradas Vendidas,Mes,T.Bruto,T.Neto,Entradas Reembolsadas,T.Reembolsado,' +
        'Entradas General,T.Bruto General,T.Neto General,T.Reembolsado General\r\n' +
        'Bruma,2D,1,Oct 2026,9.00,5.40,0,0.00,1,9.00,5.40,0.00\r\nBruma,2D,5,Dic 2025,45.00,27.00,0,0.00,5,45.00,27.00,0.00\r\n',
    );
  });

  it('GET /sales/export.csv?report=detail|candy: the detail and candy reports with the same filters', async () => {
    const detail = await get('/sales/export.csv?report=detail&mes=2026-11&type=3D');
    expect(detail.headers['content-disposition']).toBe('attachment; filename="ventas-detalle-2026-11.csv"');
    expect(detail.body).toBe(
      '\ufeffNombre,Tipo,Entradas Vendidas,Fecha,T.Bruto,T.Neto,Entradas Reembolsadas,T.Reembolsado\r\nAmanecer en Córdoba,3D,1,2026-11-10,11.00,6.60,0,0.00\r\n',
    );
    const candy = await get(`/sales/export.csv?report=candy&day=2026-11-10&itemId=${nachos}`);
    expect(candy.headers['content-disposition']).toBe('attachment; filename="ventas-candy-2026-11-10.csv"');
    expect(candy.body).toBe(
      '\ufeffProducto,Fecha,Cantidad,Total,Cantidad Reembolsada,Total Reembolsado\r\nCOMBO NACHOS,2026-11-10,1,15.00,0,0.00\r\n',
    );
  });

  it.each([
    ['/tickets/all/detail?mes=Noviembre', "El mes debe escribirse AAAA-MM (por ejemplo 2026-11) o abreviado de 'Ene' a 'Dic'."],
    ['/tickets/all/detail?mes=2026-13', "El mes debe escribirse AAAA-MM (por ejemplo 2026-11) o abreviado de 'Ene' a 'Dic'."],
    ['/tickets/all/detail?mes=2026-11&sort=up', "El campo 'sort' tiene un valor no permitido."],
    ['/tickets/all/detail?mes=2026-11&groupBy=day', "El campo 'groupBy' tiene un valor no permitido."],
    ['/tickets/all/detail?mes=2026-11&type=4D', "El campo 'type' tiene un valor no permitido."],
    ['/sales/top?limit=0', "El campo 'limit' debe ser como mínimo 1."],
    ['/sales/top?limit=51', "El campo 'limit' debe ser como máximo 50."],
    ['/sales/top?limit=seis', "El campo 'limit' debe ser número entero."],
    ['/sales/monthly?months=37', "El campo 'months' debe ser como máximo 36."],
    ['/sales/search', "Falta el campo obligatorio 'name'."],
    // Query integers are digits: JavaScript's Number() would read 0x10 as 16, 1e1 as 10 and ' 8' as 8.
    ['/sales/monthly?months=0x10', "El campo 'months' debe ser número entero."],
    ['/sales/monthly?months=1e1', "El campo 'months' debe ser número entero."],
    ['/sales/monthly?months=%208', "El campo 'months' debe ser número entero."],
    ['/sales/top?limit=6.0', "El campo 'limit' debe ser número entero."],
    ['/sales/top?limit=', "El campo 'limit' debe ser número entero."],
    // A day is a real calendar day.
    ['/sales/candy?day=ayer', "El campo 'day' no tiene un formato válido."],
    ['/sales/candy?day=9999-99-99', "El campo 'day' no tiene un formato válido."],
    ['/sales/candy?day=2026-02-30', "El campo 'day' no tiene un formato válido."],
    ['/sales/export.csv?report=candy&day=2026-13-01', "El campo 'day' no tiene un formato válido."],
    ['/sales/candy?itemId=$gt', "El campo 'itemId' no tiene un formato válido."],
    ['/sales/export.csv?report=ventas', "El campo 'report' tiene un valor no permitido."],
    ['/sales/export.csv', "Falta el campo obligatorio 'report'."],
    ['/sales/export.csv?report=detail&mes=13', "El mes debe escribirse AAAA-MM (por ejemplo 2026-11) o abreviado de 'Ene' a 'Dic'."],
    ['/tickets/all/detail?mes=2026-11&extra=1', "El campo 'extra' no está permitido."],
  ])('GET %s answers 400 with a Spanish message', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });
});

describe('sales reports with no sales yet', () => {
  it('answer empty lists, and months of zeros', async () => {
    const sales = await startSales();
    try {
      const headers = adminHeaders(sales.app);
      for (const url of ['/tickets/all', '/tickets/all/detail?mes=Nov', '/sales/top', '/sales/candy', '/sales/search?name=x']) {
        expect((await sales.app.inject({ method: 'GET', url, headers })).json()).toEqual([]);
      }
      const months = (await sales.app.inject({ method: 'GET', url: '/sales/monthly?months=2', headers })).json<MonthlySalesRow[]>();
      expect(months).toEqual([
        { month: '2026-10', monthName: 'Oct', seats: 0, totalPrice: 0 },
        { month: '2026-11', monthName: 'Nov', seats: 0, totalPrice: 0 },
      ]);
    } finally {
      await sales.close();
    }
  });
});
