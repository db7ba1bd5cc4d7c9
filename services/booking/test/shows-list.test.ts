import type { Page, ShowView } from '@cine/contracts';
import { createShow, publishMovie, startBooking, type BookingUnderTest } from './helpers';

let booking: BookingUnderTest;
let shows: ShowView[];

// The clock reads noon of Wednesday 11 March 2026 in Buenos Aires; the shows are of the days after.
beforeAll(async () => {
  booking = await startBooking();
  const drama = await publishMovie(booking.context, { title: 'Drama', runtime: 90 });
  const space = await publishMovie(booking.context, { title: 'Aventura Espacial', runtime: 90, type: '3D' });
  booking.clock.set('2026-03-11T15:00:00.000Z');
  shows = [];
  for (const [day, schedule, movie, roomId, type] of [
    ['2026-03-12', '18:00', drama, 1, '2D'],
    ['2026-03-12', '18:00', space, 2, '3D'],
    ['2026-03-12', '21:00', drama, 1, '2D'],
    ['2026-03-13', '15:00', space, 3, '3D'],
    ['2026-03-14', '20:00', drama, 4, '2D'],
    ['2026-03-15', '20:00', space, 2, '3D'],
  ] as const) {
    shows.push(await createShow(booking, { schedule, movieId: movie.movieId, roomId, day, type }));
  }
});
afterAll(() => booking.close());

const list = (query: string) => booking.app.inject({ method: 'GET', url: `/show/all?${query}` });
const page = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return response.json<Page<ShowView>>();
};
const ids = (answer: Page<ShowView> | ShowView[]) => (Array.isArray(answer) ? answer : answer.items).map((show) => show.id);

describe('GET /show/all paged (Funciones)', () => {
  it('without page answers every upcoming show, soonest first, as the spec path always did; of one movie with movieId', async () => {
    const all = (await booking.app.inject({ method: 'GET', url: '/show/all' })).json<ShowView[]>();
    const ofDrama = (await list(`movieId=${shows[0]!.movieId}`)).json<ShowView[]>();

    expect(ids(all)).toEqual(shows.map((show) => show.id));
    expect(ids(ofDrama)).toEqual([shows[0]!.id, shows[2]!.id, shows[4]!.id]);
  });

  it('answers a page by start (then room) with the total', async () => {
    expect(await page('page=1&pageSize=10')).toEqual({ items: shows, total: 6, page: 1, pageSize: 10 });
    const second = await page('page=2&pageSize=10');
    expect(second).toEqual({ items: [], total: 6, page: 2, pageSize: 10 });
  });

  it('sorts by movie, room, format, price or seats, either way; equal values keep the start order', async () => {
    expect(ids(await page('page=1&sort=movie'))).toEqual([1, 3, 5, 0, 2, 4].map((index) => shows[index]!.id));
    expect(ids(await page('page=1&sort=-roomId'))).toEqual([4, 3, 1, 5, 0, 2].map((index) => shows[index]!.id));
    expect(ids(await page('page=1&sort=-startsAt'))).toEqual([5, 4, 3, 2, 0, 1].map((index) => shows[index]!.id));
    expect((await page('page=1&sort=type')).items.map((show) => show.type)).toEqual(['2D', '2D', '2D', '3D', '3D', '3D']);
  });

  it('filters by cinema days, movie, room and format; the total counts only the matches', async () => {
    const days = await page('page=1&from=2026-03-13&to=2026-03-14');
    const room = await page(`page=1&roomId=2&movieId=${shows[1]!.movieId}`);
    const format = await page('page=1&pageSize=10&type=2D&sort=-startsAt');

    expect(ids(days)).toEqual([shows[3]!.id, shows[4]!.id]);
    expect(days.total).toBe(2);
    expect(ids(room)).toEqual([shows[1]!.id, shows[5]!.id]);
    expect(ids(format)).toEqual([shows[4]!.id, shows[2]!.id, shows[0]!.id]);
    expect(format.total).toBe(3);
  });

  it('combines a day filter with a sort', async () => {
    const answer = await page('page=1&pageSize=10&from=2026-03-12&to=2026-03-12&sort=-roomId');
    expect(ids(answer)).toEqual([shows[1]!.id, shows[0]!.id, shows[2]!.id]);
  });

  it.each([
    ['page=-1', "El campo 'page' debe ser como mínimo 1."],
    ['page=1&pageSize=1000', "El campo 'pageSize' tiene un valor no permitido."],
    ['page=1&sort=schedule', "El campo 'sort' tiene un valor no permitido."],
    ['page=1&type=4D', "El campo 'type' tiene un valor no permitido."],
    ['page=1&from=mañana', "El campo 'from' no tiene un formato válido."],
    ['page=1&roomId=sala', "El campo 'roomId' debe ser número entero."],
    ['page=1&movieId=123', "El campo 'movieId' no tiene un formato válido."],
  ])('answers 400 with a Spanish message to %s', async (query, message) => {
    const response = await list(query);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });
});
