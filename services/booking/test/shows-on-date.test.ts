import type { ShowView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { createShow, holdOn, newId, publishMovie, startBooking, type BookingUnderTest } from './helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

function showsOn(date: string) {
  return booking.app.inject({ method: 'GET', url: `/show/date?date=${date}` });
}

describe("GET /show/date (the 'Cartelera por día')", () => {
  it("lists every movie's shows of the day by start, those started and those sold out included, and no other day's", async () => {
    // The clock reads noon of Wednesday 11 March 2026 in Buenos Aires.
    const drama = await publishMovie(booking.context, { title: 'Drama del Día', runtime: 90 });
    const space = await publishMovie(booking.context, { title: 'Viaje Espacial', runtime: 90, type: '3D' });
    booking.clock.set('2026-03-11T12:00:00.000Z');
    const morning = await createShow(booking, { schedule: '10:30', movieId: drama.movieId, roomId: 1, day: '2026-03-11', type: '2D' });
    const night = await createShow(booking, { schedule: '21:00', movieId: space.movieId, roomId: 2, day: '2026-03-11', type: '3D' });
    const evening = await createShow(booking, { schedule: '18:00', movieId: drama.movieId, roomId: 1, day: '2026-03-11', type: '2D' });
    await createShow(booking, { schedule: '18:00', movieId: drama.movieId, roomId: 3, day: '2026-03-12', type: '2D' });
    booking.clock.set('2026-03-11T15:00:00.000Z');
    expect((await holdOn(booking.app, night.id, 10)).statusCode).toBe(200);

    const response = await showsOn('2026-03-11');
    expect(response.statusCode).toBe(200);
    const shows = response.json<ShowView[]>();
    expect(shows.map((show) => [show.schedule, show.movie.Title])).toEqual([
      ['10:30', 'Drama del Día'],
      ['18:00', 'Drama del Día'],
      ['21:00', 'Viaje Espacial'],
    ]);
    expect(shows.map((show) => show.id)).toEqual([morning.id, evening.id, night.id]);
    // The 10:30 show has started (it is noon): listed, with its startsAt before now for the page to mark it.
    expect(Date.parse(shows[0]?.startsAt ?? '')).toBeLessThan(Date.parse('2026-03-11T15:00:00.000Z'));
    expect(shows[2]?.seats).toBe(night.capacity - 10);
  });

  it('leaves out the shows of a movie deleted from the catalog, and answers [] for a day without shows', async () => {
    const movie = await publishMovie(booking.context, { title: 'Retirada' });
    booking.clock.set('2026-03-11T15:00:00.000Z');
    await createShow(booking, { schedule: '20:00', movieId: movie.movieId, roomId: 4, day: '2026-03-14', type: '2D' });
    expect((await showsOn('2026-03-14')).json<ShowView[]>()).toHaveLength(1);
    await booking.context.bus.publish(createEvent('movie.deleted', movie));
    expect((await showsOn('2026-03-14')).json()).toEqual([]);
    expect((await showsOn('2031-01-01')).json()).toEqual([]);
  });

  it('refuses a day that is not a calendar day, in Spanish', async () => {
    for (const date of ['2026-02-30', '2026-13-01']) {
      expect((await showsOn(date)).json()).toEqual({ statusCode: 400, error: 'La fecha debe ser un día existente escrito AAAA-MM-DD.' });
    }
    for (const url of ['/show/date', '/show/date?date=mañana', `/show/date?date=2026-03-11&id=${newId()}`]) {
      const response = await booking.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
  });
});
