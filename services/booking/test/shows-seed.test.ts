import { FIRST_CINEMA_ID, SEEDED_CINEMA_IDS, type MovieFacts, type PassPlanView, type ShowView } from '@cine/contracts';
import { createEvent, InProcessEventBus } from '@cine/service-kit';
import { addDays } from '../src/shows/cinema-time';
import { SEED_DAYS, SEED_WINDOW_MINUTES } from '../src/shows/show-seed';
import { overlaps } from '../src/shows/show-rules';
import { SEEDED_PLAN } from '../src/club/pass/plans';
import { buildBookingApp } from '../src';
import { newId, publishMovie, startBooking, TEST_NOW, type BookingUnderTest } from './helpers';

const TODAY = '2026-03-11';

/** The catalog's demo movies as booking hears of them: 12 on the billboard, premieres in 3 and 20 days. */
function demoMovies(): MovieFacts[] {
  const runtimes = [96, 166, 94, 180, 115, 114, 95, 128, 102, 104, 119, 100];
  const billboard = runtimes.map((runtime, i) => ({
    movieId: newId(),
    title: `Cartelera ${i + 1}`,
    runtime,
    type: (i % 2 === 0 ? '3D' : '2D') as MovieFacts['type'],
    release: addDays(TODAY, -40 + i * 3),
  }));
  return [
    ...billboard,
    { movieId: newId(), title: 'Estreno cercano', runtime: 148, type: '2D', release: addDays(TODAY, 3) },
    { movieId: newId(), title: 'Estreno lejano', runtime: 160, type: '2D', release: addDays(TODAY, 20) },
  ];
}

async function allShows(booking: BookingUnderTest): Promise<ShowView[]> {
  return (await booking.app.inject({ method: 'GET', url: '/show/all' })).json<ShowView[]>();
}

describe('the demo show seed, driven by movie.created', () => {
  let booking: BookingUnderTest;
  let movies: MovieFacts[];
  /** The first cinema's shows (Cine Centro: every movie, as before the chain). */
  let shows: ShowView[];
  /** Every cinema's. */
  let chain: ShowView[];

  beforeAll(async () => {
    booking = await startBooking({ seedShows: true });
    movies = demoMovies();
    for (const movie of movies) await publishMovie(booking.context, movie);
    chain = await allShows(booking);
    shows = chain.filter((show) => show.cinemaId === FIRST_CINEMA_ID);
  }, 60_000);

  it('spreads shows over the three seeded cinemas, each in its own rooms', () => {
    const [, norte, cordoba] = SEEDED_CINEMA_IDS;
    const at = (cinemaId: string) => chain.filter((show) => show.cinemaId === cinemaId);
    expect(new Set(at(norte).map((show) => show.roomId))).toEqual(new Set([6, 7, 8]));
    expect(new Set(at(cordoba).map((show) => show.roomId))).toEqual(new Set([9, 10]));
    expect(at(cordoba).every((show) => show.cinema?.name === 'Cine Córdoba')).toBe(true);
    // Each other cinema shows some of the movies, not all.
    for (const cinemaId of [norte, cordoba]) {
      const titles = new Set(at(cinemaId).map((show) => show.movieId));
      expect(titles.size).toBeGreaterThan(2);
      expect(titles.size).toBeLessThan(13);
    }
  });
  afterAll(() => booking.close());

  it(`gives every billboard movie shows on each of the next ${SEED_DAYS} days, afternoon and evening, in its format`, () => {
    const days = Array.from({ length: SEED_DAYS }, (_, i) => addDays(TODAY, i));
    // Seeded at noon, today has room for fewer shows; from tomorrow every movie gets both.
    expect(shows.filter((show) => show.date === TODAY).length).toBeGreaterThanOrEqual(15);
    for (const movie of movies.slice(0, 12)) {
      const own = shows.filter((show) => show.movieId === movie.movieId);
      for (const day of days.slice(1)) {
        const ofDay = own.filter((show) => show.date === day);
        expect({ movie: movie.title, day, shows: ofDay.length }).toEqual({ movie: movie.title, day, shows: 2 });
        expect(ofDay.some((show) => show.schedule < '17:00') && ofDay.some((show) => show.schedule >= '17:00')).toBe(true);
      }
      expect(own.every((show) => show.type === movie.type)).toBe(true);
      expect(own.every((show) => show.movie.Title === movie.title)).toBe(true);
    }
    expect(new Set(shows.map((show) => show.date))).toEqual(new Set(days));
    expect(new Set(shows.map((show) => show.roomId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(shows.map((show) => show.type))).toEqual(new Set(['2D', '3D']));
    expect(shows.every((show) => show.startsAt > TEST_NOW)).toBe(true);
    expect(shows.every((show) => show.schedule >= '10:00' && show.schedule <= '23:45')).toBe(true);
    // Priced by the seeded cards: Día del espectador on Wednesdays, Matiné before 15:00, else Tarifa general; 3D adds $ 2,00.
    const card = (show: ShowView) =>
      show.day === 'Miércoles' ? 'Día del espectador' : show.schedule < '15:00' ? 'Matiné' : 'Tarifa general';
    const general = { 'Día del espectador': 600, Matiné: 750, 'Tarifa general': 900 };
    expect(shows.filter((show) => show.priceCard.name !== card(show))).toEqual([]);
    expect(shows.filter((show) => show.price !== general[card(show)] + (show.type === '3D' ? 200 : 0))).toEqual([]);
  });

  it('gives a premiere shows only from its release, and none to one opening after the window', () => {
    const [near, far] = movies.slice(12) as [MovieFacts, MovieFacts];
    const nearDates = shows.filter((show) => show.movieId === near.movieId).map((show) => show.date);
    expect(nearDates).toHaveLength(2 * (SEED_DAYS - 3));
    expect(nearDates.every((date) => date >= near.release)).toBe(true);
    expect(shows.filter((show) => show.movieId === far.movieId)).toEqual([]);
  });

  it('never overlaps two shows in a room (run time plus cleaning)', () => {
    const runtime = new Map(movies.map((movie) => [movie.movieId, movie.runtime]));
    const spans = chain.map((show) => ({
      roomId: show.roomId,
      startsAt: new Date(show.startsAt),
      endsAt: new Date(new Date(show.startsAt).getTime() + (runtime.get(show.movieId) as number) * 60_000),
    }));
    for (const [i, a] of spans.entries()) {
      for (const b of spans.slice(i + 1)) if (a.roomId === b.roomId) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('is idempotent: a redelivered event, a second movie.created of the movie and a restart add nothing', async () => {
    const [first] = movies as [MovieFacts];
    await booking.context.bus.publish(createEvent('movie.created', first));
    await booking.context.bus.publish(createEvent('movie.updated', { ...first, title: 'Cartelera 1 (remasterizada)' }));
    const restarted = await buildBookingApp({
      ...booking.context,
      bus: new InProcessEventBus(),
      clock: booking.clock.now,
      seedShows: true,
    });
    await restarted.close();

    const again = await allShows(booking);
    expect(again.map((show) => show.id).sort()).toEqual(chain.map((show) => show.id).sort());
  });

  it('offers the seeded Cine Pase plan, once, and a database without the demo seed none', async () => {
    const listed = (await booking.app.inject({ method: 'GET', url: '/club/plans' })).json() as PassPlanView[];
    expect(
      listed.map(({ name, monthlyPrice, ticketsPerMonth, formats, active }) => ({ name, monthlyPrice, ticketsPerMonth, formats, active })),
    ).toEqual([{ name: SEEDED_PLAN.name, monthlyPrice: 1999, ticketsPerMonth: 4, formats: ['2D'], active: true }]);
    // A second seed (another instance, a restart) writes nothing.
    await booking.app.clubPlans.seed(new Date());
    expect((await booking.app.inject({ method: 'GET', url: '/club/plans' })).json()).toHaveLength(1);
    const plain = await startBooking({ seedShows: false });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/club/plans' })).json()).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it(`stops seeding ${SEED_WINDOW_MINUTES} minutes after the first start: later movies are the admin's to schedule`, async () => {
    booking.clock.advanceMinutes(SEED_WINDOW_MINUTES);
    const late = await publishMovie(booking.context, { title: 'Tardía', release: TODAY });
    expect((await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${late.movieId}` })).json()).toEqual([]);
  });
});

describe('the demo show seed after the catalog already published', () => {
  it('seeds from the movies already in the projection when shows were never seeded', async () => {
    const first = await startBooking({ seedShows: false });
    const movies = demoMovies().slice(0, 3);
    for (const movie of movies) await publishMovie(first.context, movie);
    expect(await allShows(first)).toEqual([]);
    await first.app.close();

    const restarted = await startBooking({ seedShows: true, context: first.context });
    try {
      // Seeded once the service is ready (not inside its start, which a long seed would hold past its timeout).
      const seededEach = (shows: ShowView[]) =>
        movies.every((movie) => shows.filter((show) => show.movieId === movie.movieId).length >= 2 * SEED_DAYS);
      let shows = await allShows(restarted);
      for (const deadline = Date.now() + 30_000; !seededEach(shows) && Date.now() < deadline; shows = await allShows(restarted)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const movie of movies)
        expect(shows.filter((show) => show.movieId === movie.movieId).length).toBeGreaterThanOrEqual(2 * SEED_DAYS);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
