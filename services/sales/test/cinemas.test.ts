import {
  CINEMA_MESSAGES,
  FIRST_CINEMA_ID,
  type CandySalesRow,
  type CinemaSalesRow,
  type EventCinema,
  type SaleDetailRow,
  type SalesOccupancy,
  type SalesSummaryRow,
  type SalesTotals,
} from '@cine/contracts';
import { cinemaInfoFromEnv, createEvent } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { adminHeaders, candyLine, newId, paidOrder, refundedOrder, startSales, type SalesUnderTest } from './helpers';

const NORTE: EventCinema = {
  id: 'c1e000000000000000000002',
  name: 'Cine Norte',
  address: 'Av. Maipú 2500, Olivos',
  timeZone: 'America/Argentina/Buenos_Aires',
};
const CORDOBA: EventCinema = {
  id: 'c1e000000000000000000003',
  name: 'Cine Córdoba',
  address: 'Av. Colón 1050, Córdoba',
  timeZone: 'America/Argentina/Cordoba',
};

// Issue 38: every sales path takes `cinemaId`; a manager reads their cinemas' sales only.
describe('sales of the chain, per cinema', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };
  let managerOfNorte: { authorization: string };
  const movie = newId();
  const combo = newId();
  const norteOrder = paidOrder({
    movieId: movie,
    title: 'Amanecer',
    seats: 3,
    ticketTotal: 2700,
    cinema: NORTE,
    candy: [candyLine(combo, 'COMBO', 1, 1000)],
  });

  beforeAll(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
    managerOfNorte = bearer(sales.app, { sub: newId(), role: 'manager', cin: [NORTE.id] });
    // Booking names its cinemas (cinema.saved): Córdoba before any sale.
    await sales.context.bus.publish(
      createEvent('cinema.saved', {
        cinemaId: CORDOBA.id,
        slug: 'cordoba',
        name: CORDOBA.name,
        city: 'Córdoba',
        address: CORDOBA.address,
        hours: 'Todos los días',
        timeZone: CORDOBA.timeZone,
        rooms: [],
      }),
    );
    await sales.pay(norteOrder);
    // A refund as an event from before the chain (no cinema) does not move the show to the first cinema.
    const { cinema: _carried, ...refund } = refundedOrder(norteOrder, { seatLabels: ['F1'] }).data;
    await sales.context.bus.publish(createEvent('order.refunded', refund));
    await sales.pay(paidOrder({ movieId: movie, title: 'Amanecer', seats: 2, ticketTotal: 1800, cinema: CORDOBA }));
    // Sold before the chain: no cinema on the event, so the first cinema's.
    await sales.pay(paidOrder({ movieId: movie, title: 'Amanecer', seats: 1, ticketTotal: 900 }));
  });
  afterAll(() => sales.close());

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });

  it('GET /sales/cinemas: the admin gets every cinema with its tickets, sold and net of refunds', async () => {
    const response = await get('/sales/cinemas');

    expect(response.statusCode).toBe(200);
    expect(response.json<CinemaSalesRow[]>()).toEqual([
      // The first cinema is named from the configuration until booking announces it.
      { cinemaId: FIRST_CINEMA_ID, name: cinemaInfoFromEnv().name, tickets: 1, totalPrice: 900, netPrice: 900 },
      { cinemaId: CORDOBA.id, name: 'Cine Córdoba', tickets: 2, totalPrice: 1800, netPrice: 1800 },
      { cinemaId: NORTE.id, name: 'Cine Norte', tickets: 2, totalPrice: 3700, netPrice: 2800 },
    ]);
  });

  it('GET /sales/cinemas: a manager gets their cinema alone, and 403 for another', async () => {
    const mine = await get('/sales/cinemas', managerOfNorte);
    const other = await get(`/sales/cinemas?cinemaId=${CORDOBA.id}`, managerOfNorte);

    expect(mine.json<CinemaSalesRow[]>()).toEqual([
      { cinemaId: NORTE.id, name: 'Cine Norte', tickets: 2, totalPrice: 3700, netPrice: 2800 },
    ]);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.notYourCinema });
  });

  it('GET /sales/cinemas counts only the period asked for', async () => {
    const response = await get('/sales/cinemas?from=2026-12-01');

    expect(response.json<CinemaSalesRow[]>().every((row) => row.tickets === 0 && row.totalPrice === 0)).toBe(true);
  });

  it("a manager's reports without cinemaId are their cinema's, the admin's are the chain's", async () => {
    const seatsOf = (rows: SalesSummaryRow[]) => rows.reduce((sum, row) => sum + row.seats, 0);

    expect(seatsOf((await get('/tickets/all', managerOfNorte)).json())).toBe(2);
    expect(seatsOf((await get('/tickets/all')).json())).toBe(5);
    expect(seatsOf((await get(`/tickets/all?cinemaId=${CORDOBA.id}`)).json())).toBe(2);
    expect(seatsOf((await get(`/tickets/all?cinemaId=${FIRST_CINEMA_ID}`)).json())).toBe(1);
    expect((await get('/sales/totals', managerOfNorte)).json<SalesTotals>()).toMatchObject({
      tickets: { seats: 2, totalPrice: 1800 },
      candy: { quantity: 1, totalPrice: 1000 },
    });
    expect((await get('/sales/candy', managerOfNorte)).json<CandySalesRow[]>()).toHaveLength(1);
    expect((await get(`/sales/candy?cinemaId=${FIRST_CINEMA_ID}`)).json<CandySalesRow[]>()).toEqual([]);
    const detail = (await get('/tickets/all/detail', managerOfNorte)).json<SaleDetailRow[]>();
    expect(detail.map((row) => row.orderId)).toEqual([norteOrder.orderId]);
    const occupancy = (await get('/sales/occupancy', managerOfNorte)).json<SalesOccupancy>();
    expect(occupancy.shows.map((show) => show.showId)).toEqual([norteOrder.showId]);
    expect((await get('/sales/top', managerOfNorte)).json()).toEqual([expect.objectContaining({ movieId: movie, seats: 2 })]);
  });

  it.each([
    '/tickets/all',
    '/tickets/all/detail',
    '/sales/search?name=a',
    '/sales/top',
    '/sales/monthly',
    '/sales/occupancy',
    '/sales/totals',
    '/sales/ticket-types',
    '/sales/ticket-types/movies',
    '/sales/candy',
    '/sales/export.csv?report=summary',
  ])("GET %s with another cinema's id answers a manager 403", async (path) => {
    const response = await get(`${path}${path.includes('?') ? '&' : '?'}cinemaId=${CORDOBA.id}`, managerOfNorte);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.notYourCinema });
  });

  it("the CSV of a manager holds their cinema's sales only", async () => {
    const csv = await get('/sales/export.csv?report=detail', managerOfNorte);

    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Amanecer,2D,2,');
    expect(csv.body.trim().split('\n')).toHaveLength(2);
  });

  it("files a sale under its day at its cinema: a Madrid sale at 23:30 UTC on 30 November is 1 December's", async () => {
    const madrid: EventCinema = { id: newId(), name: 'Cine Madrid', address: 'Gran Vía 1, Madrid', timeZone: 'Europe/Madrid' };
    await sales.pay(paidOrder({ movieId: movie, seats: 1, ticketTotal: 1000, cinema: madrid, paidAt: '2026-11-30T23:30:00.000Z' }));
    const on = async (day: string) =>
      (await get(`/sales/cinemas?from=${day}&to=${day}`)).json<CinemaSalesRow[]>().find((row) => row.cinemaId === madrid.id);
    expect(await on('2026-12-01')).toMatchObject({ tickets: 1, totalPrice: 1000 });
    expect((await on('2026-11-30'))?.tickets ?? 0).toBe(0);
  });

  it('answers 400 to a cinemaId that is not an id', async () => {
    expect((await get('/sales/cinemas?cinemaId=norte')).statusCode).toBe(400);
  });
});
