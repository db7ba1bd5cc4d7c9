import { localDateTime, type MovieFacts, type OrderPaid, type OrderRefunded } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import { adminHeaders, movieForm, signedInUser, startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
});
afterAll(() => catalog.close());

async function created(overrides: Record<string, unknown> = {}): Promise<MovieBody> {
  const response = await catalog.app.inject({ method: 'POST', url: '/movies/createMovie', headers: admin, payload: movieForm(overrides) });
  if (response.statusCode !== 201) throw new Error(`createMovie answered ${response.statusCode}: ${response.body}`);
  return response.json<MovieBody>();
}

/** The cinema's local date and time `days` from now. */
function local(days: number) {
  return localDateTime(new Date(Date.now() + days * 86_400_000));
}

/** Booking announces a paid order of the movie's show `days` from now. */
async function paid(movieId: string, seatLabels: string[], days = 2, orderId = new Types.ObjectId().toHexString()) {
  const { date, time } = local(days);
  const data: OrderPaid['data'] = {
    orderId,
    userId: new Types.ObjectId().toHexString(),
    movieId,
    title: 'x',
    showId: new Types.ObjectId().toHexString(),
    date,
    schedule: time,
    roomId: 1,
    type: '2D',
    seats: seatLabels.length,
    seatLabels,
    ticketTotal: 900 * seatLabels.length,
    candy: [],
    total: 900 * seatLabels.length,
    paidAt: new Date().toISOString(),
  };
  await catalog.context.bus.publish(createEvent('order.paid', data));
  return data;
}

async function refunded(order: OrderPaid['data'], seatLabels: string[]) {
  const data: OrderRefunded['data'] = {
    ...order,
    refundId: new Types.ObjectId().toHexString(),
    seatLabels,
    ticketAmount: 900 * seatLabels.length,
    amount: 900 * seatLabels.length,
    reason: 'Función cancelada',
    by: 'show-cancelled',
    refundedAt: new Date().toISOString(),
  };
  await catalog.context.bus.publish(createEvent('order.refunded', data));
}

const remove = (id: string) => catalog.app.inject({ method: 'DELETE', url: `/movies/delete/${id}`, headers: admin });
const archive = (id: string, archived: boolean, headers: Record<string, string> = admin) =>
  catalog.app.inject({ method: 'PUT', url: `/movies/archive/${id}`, headers, payload: { archived } });

describe('a movie with paid tickets of shows not yet started', () => {
  it('is not deleted (409 with the counts) until every order is refunded', async () => {
    const movie = await created({ Title: 'Con Entradas' });
    const first = await paid(movie.id, ['A1', 'A2', 'A3']);
    const second = await paid(movie.id, ['B1', 'B2']);
    // A redelivered sale counts once; a show already past does not count.
    await catalog.context.bus.publish(createEvent('order.paid', first));
    await paid(movie.id, ['C1'], -1);

    expect((await remove(movie.id)).json()).toEqual({
      statusCode: 409,
      error:
        'No se puede eliminar la película: sus funciones por venir tienen 2 órdenes pagadas, 5 entradas. Cancela esas funciones primero (se reembolsa cada compra y se avisa a los compradores); después se puede eliminar.',
      orders: 2,
      tickets: 5,
    });
    expect((await archive(movie.id, true)).json()).toMatchObject({ statusCode: 409, orders: 2, tickets: 5 });

    await refunded(first, ['A1']);
    expect((await remove(movie.id)).json()).toMatchObject({ orders: 2, tickets: 4 });
    // The show is cancelled: every order refunded whole.
    await refunded(first, ['A1', 'A2', 'A3']);
    await refunded(second, ['B1', 'B2']);
    expect((await remove(movie.id)).json()).toEqual({ message: 'Película eliminada.' });
  });

  it('counts a refund that arrives before its sale', async () => {
    const movie = await created({ Title: 'Al Revés' });
    const orderId = new Types.ObjectId().toHexString();
    const { date, time } = local(3);
    await refunded({ ...(await paidFacts(movie.id, orderId, date, time)) }, ['D1']);
    await paid(movie.id, ['D1'], 3, orderId);
    expect((await remove(movie.id)).statusCode).toBe(200);
  });
});

async function paidFacts(movieId: string, orderId: string, date: string, schedule: string): Promise<OrderPaid['data']> {
  return {
    orderId,
    userId: new Types.ObjectId().toHexString(),
    movieId,
    title: 'x',
    showId: new Types.ObjectId().toHexString(),
    date,
    schedule,
    roomId: 1,
    type: '2D',
    seats: 1,
    seatLabels: ['D1'],
    ticketTotal: 900,
    candy: [],
    total: 900,
    paidAt: new Date().toISOString(),
  };
}

describe('PUT /movies/archive/:id (admin)', () => {
  it('hides an archived movie from the billboard, premieres, search and its page, lists it for the admin, and brings it back', async () => {
    const showing = await created({ Title: 'Archivo Viejo', Release: '2001-05-20' });
    const upcoming = await created({ Title: 'Archivo Futuro', Release: '2099-01-01' });
    await paid(showing.id, ['A1'], -2);
    const ids = async (url: string) => (await catalog.app.inject({ method: 'GET', url })).json<MovieBody[]>().map((movie) => movie.id);

    const archived = await archive(showing.id, true);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: showing.id, Archived: true });
    expect((await archive(upcoming.id, true)).statusCode).toBe(200);

    expect(await ids('/movies/billboard')).not.toContain(showing.id);
    expect(await ids('/movies/Premieres')).not.toContain(upcoming.id);
    expect(await ids('/movies/search?name=archivo')).toEqual([]);
    expect((await catalog.app.inject({ method: 'GET', url: `/movies/search/${showing.id}` })).statusCode).toBe(404);
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/search/Archivo Viejo' })).statusCode).toBe(404);
    const user = await signedInUser(catalog);
    const comment = await catalog.app.inject({
      method: 'POST',
      url: `/comments/add/${showing.id}?userId=${user.id}`,
      headers: user.headers,
      payload: { Text: 'Sigue siendo buena' },
    });
    expect(comment.statusCode).toBe(404);
    const list = await catalog.app.inject({ method: 'GET', url: '/movies/archived', headers: admin });
    expect(list.json<MovieBody[]>().map((movie) => movie.Title)).toEqual(['Archivo Futuro', 'Archivo Viejo']);

    // movie.updated tells booking (its shows stop selling) and stays archived through an edit.
    await catalog.app.outboxRelay.flush();
    const events = catalog.published.filter((event) => (event.data as MovieFacts).movieId === showing.id);
    expect(events.map((event) => [event.type, (event.data as MovieFacts).archived])).toEqual([
      ['movie.created', undefined],
      ['movie.updated', true],
    ]);
    const edited = await catalog.app.inject({
      method: 'PUT',
      url: `/movies/update/${showing.id}`,
      headers: admin,
      payload: { Runtime: 101 },
    });
    expect(edited.json()).toMatchObject({ Runtime: 101, Archived: true });

    const back = await archive(showing.id, false);
    expect(back.json()).not.toHaveProperty('Archived');
    expect(await ids('/movies/billboard')).toContain(showing.id);
    await catalog.app.outboxRelay.flush();
    const last = catalog.published.filter((event) => (event.data as MovieFacts).movieId === showing.id).at(-1);
    expect(last).toMatchObject({ type: 'movie.updated', data: { runtime: 101 } });
    expect((last?.data as MovieFacts).archived).toBeUndefined();
  });

  it('answers 404 for an unknown movie, 400 without archived, and is for admins', async () => {
    const unknown = new Types.ObjectId().toHexString();
    expect((await archive(unknown, true)).json()).toEqual({ statusCode: 404, error: 'No existe la película.' });
    const movie = await created();
    const bad = await catalog.app.inject({ method: 'PUT', url: `/movies/archive/${movie.id}`, headers: admin, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect((await archive(movie.id, true, {})).statusCode).toBe(401);
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/archived' })).statusCode).toBe(401);
  });
});
