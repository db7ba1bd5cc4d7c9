import {
  CINEMA_MESSAGES,
  FIRST_CINEMA_ID,
  SEEDED_CINEMA_IDS,
  type CinemaSaved,
  type CinemaView,
  type CinemaMoviesChanged,
  type RoomView,
  type ShowView,
} from '@cine/contracts';
import {
  adminHeaders,
  createCinema,
  createShow,
  holdOn,
  managerHeaders,
  MADRID_CINEMA,
  newId,
  publishMovie,
  SMALL_LAYOUT,
  startBooking,
  staffHeaders,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

describe('the chain’s cinemas and rooms (issue 38)', () => {
  let booking: BookingUnderTest;
  const saved: CinemaSaved[] = [];
  const moviesChanged: CinemaMoviesChanged[] = [];

  beforeAll(async () => {
    // The periodic look at each cinema's movies is called by the test itself (it would add events at its own time).
    booking = await startBooking({ scheduler: { cinemaMoviesEveryMs: 0 } });
    await booking.context.bus.subscribe('test.cinema-saved', ['cinema.saved'], async (event) => {
      saved.push(event);
    });
    // At least once: an event the relay publishes twice (a sweep beside a nudge) counts once.
    await booking.context.bus.subscribe('test.cinema-movies', ['cinema.movies-changed'], async (event) => {
      if (!moviesChanged.some((heard) => heard.id === event.id)) moviesChanged.push(event);
    });
  });
  afterAll(() => booking.close());

  const cinemas = async () => (await booking.app.inject({ method: 'GET', url: '/cinemas' })).json<CinemaView[]>();
  const post = (payload: unknown, headers = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'POST', url: '/cinemas', headers, payload });
  const put = (id: string, payload: unknown, headers = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'PUT', url: `/cinemas/${id}`, headers, payload });
  const addRoom = (id: string, payload: unknown, headers = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'POST', url: `/cinemas/${id}/rooms`, headers, payload });
  const putRoom = (id: string, roomId: number, payload: unknown, headers = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'PUT', url: `/cinemas/${id}/rooms/${roomId}`, headers, payload });
  const getRoom = (id: string, roomId: number | string, headers: Record<string, string> = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'GET', url: `/cinemas/${id}/rooms/${roomId}`, headers });

  it('lists the first cinema with rooms 1–5 to anyone (a database without the chain’s seed)', async () => {
    const [first] = await cinemas();
    expect(first).toMatchObject({
      id: FIRST_CINEMA_ID,
      slug: 'centro',
      name: 'Cine Centro',
      city: 'Buenos Aires',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    expect(first?.rooms.map((room) => [room.id, room.name])).toEqual([1, 2, 3, 4, 5].map((id) => [id, `Sala ${id}`]));
    expect(first?.rooms[0]?.capacity).toBe(100);
  });

  it('lets the gateway share the list a few seconds (every page asks for it: the cinema picker)', async () => {
    const response = await booking.app.inject({ method: 'GET', url: '/cinemas' });
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
  });

  it('creates a cinema (admin only), refusing a used slug (409) and a zone that is not IANA (400)', async () => {
    expect((await post({ ...MADRID_CINEMA, slug: 'bilbao' }, userHeaders(booking.app, newId()))).statusCode).toBe(403);
    expect((await post({ ...MADRID_CINEMA, slug: 'bilbao' }, managerHeaders(booking.app, [FIRST_CINEMA_ID]))).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'POST', url: '/cinemas', payload: MADRID_CINEMA })).statusCode).toBe(401);

    const created = await post({ ...MADRID_CINEMA, slug: 'bilbao', name: 'Cine Bilbao' });
    expect(created.statusCode).toBe(201);
    const cinema = created.json<CinemaView>();
    expect(cinema).toMatchObject({ slug: 'bilbao', timeZone: 'Europe/Madrid', rooms: [] });
    expect((await cinemas()).map((one) => one.slug)).toContain('bilbao');

    expect((await post({ ...MADRID_CINEMA, slug: 'centro' })).json()).toMatchObject({ statusCode: 409, error: CINEMA_MESSAGES.slugTaken });
    for (const timeZone of ['+01:00', 'Mars/Olympus', 'Hora de Madrid'])
      expect((await post({ ...MADRID_CINEMA, slug: 'otro', timeZone })).json()).toMatchObject({
        statusCode: 400,
        error: CINEMA_MESSAGES.invalidTimeZone,
      });
    await waitFor(() => saved.some((event) => event.data.cinemaId === cinema.id));
  });

  it('changes a cinema’s fields (admin): unknown 404, slug used 409, cinema.saved with the change', async () => {
    const { cinema } = await createCinema(booking, { slug: 'rosario', name: 'Cine Rosario' });
    const changed = await put(cinema.id, { name: 'Cine Rosario Centro', address: 'Córdoba 1200, Rosario' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: cinema.id, slug: 'rosario', name: 'Cine Rosario Centro', rooms: [{ name: 'Sala 1' }] });
    expect((await put(newId(), { name: 'X' })).json()).toMatchObject({ statusCode: 404, error: CINEMA_MESSAGES.cinemaNotFound });
    expect((await put(cinema.id, { slug: 'centro' })).statusCode).toBe(409);
    expect((await put(cinema.id, { timeZone: 'UTC+3' })).statusCode).toBe(400);
    expect((await put(cinema.id, { name: 'X' }, managerHeaders(booking.app, [cinema.id]))).statusCode).toBe(403);
    await waitFor(() => saved.some((event) => event.data.cinemaId === cinema.id && event.data.name === 'Cine Rosario Centro'));
    const last = saved.filter((event) => event.data.cinemaId === cinema.id).at(-1);
    expect(last?.data).toMatchObject({ address: 'Córdoba 1200, Rosario', rooms: [{ name: 'Sala 1', capacity: 12 }] });
  });

  it('adds rooms with the chain’s next id; a name used in the cinema is 409, an unknown cinema 404', async () => {
    const { cinema } = await createCinema(booking, { slug: 'mendoza' }, 0);
    const highest = Math.max(...(await cinemas()).flatMap((one) => one.rooms.map((room) => room.id)));
    const added = await addRoom(cinema.id, { name: 'Sala Grande', layout: SMALL_LAYOUT });
    expect(added.statusCode).toBe(201);
    expect(added.json<RoomView>()).toEqual({
      id: highest + 1,
      cinemaId: cinema.id,
      name: 'Sala Grande',
      capacity: 12,
      layout: SMALL_LAYOUT,
    });
    expect((await addRoom(cinema.id, { name: ' sala grande ', layout: SMALL_LAYOUT })).json()).toMatchObject({
      statusCode: 409,
      error: CINEMA_MESSAGES.roomNameTaken,
    });
    // Another cinema may use the name.
    expect((await addRoom(FIRST_CINEMA_ID, { name: 'Sala Grande', layout: SMALL_LAYOUT })).statusCode).toBe(201);
    expect((await addRoom(newId(), { name: 'Sala', layout: SMALL_LAYOUT })).json()).toMatchObject({
      statusCode: 404,
      error: CINEMA_MESSAGES.cinemaNotFound,
    });
    expect((await addRoom(cinema.id, { name: 'Sala X', layout: { rows: [4], aisles: [], wheelchair: ['B1'] } })).statusCode).toBe(400);
    expect((await addRoom(cinema.id, { name: 'Sala Y', layout: SMALL_LAYOUT }, managerHeaders(booking.app, [cinema.id]))).statusCode).toBe(
      403,
    );
  });

  it('refuses aisles outside the widest row (400), adding or editing a room (the fuzzing found a 500)', async () => {
    const { cinema } = await createCinema(booking, { slug: 'tafi-del-valle' }, 0);
    const room = (await addRoom(cinema.id, { name: 'Sala 1', layout: SMALL_LAYOUT })).json<RoomView>();
    const fuzzed = { rows: [11, 1, 7], wheelchair: [], aisles: [38500, 13716, 1125899906842623, 28] };
    const withinSchema = { rows: [11, 1, 7], wheelchair: [], aisles: [12, 3] };
    expect((await putRoom(cinema.id, room.id, { layout: withinSchema })).json<{ error: string }>().error).toMatch(/pasillo/i);
    for (const answer of [
      await putRoom(cinema.id, room.id, { layout: fuzzed }),
      await addRoom(cinema.id, { name: 'Sala 2', layout: fuzzed }),
    ]) {
      // Refused by the schema (an aisle is at most 98: a row has at most 99 seats).
      expect(answer.statusCode).toBe(400);
    }
    // An aisle after the last column of the widest row, or the same aisle twice, is no aisle either.
    expect((await putRoom(cinema.id, room.id, { layout: { rows: [6, 6], wheelchair: [], aisles: [6] } })).statusCode).toBe(400);
    expect((await putRoom(cinema.id, room.id, { layout: { rows: [6, 6], wheelchair: [], aisles: [3, 3] } })).statusCode).toBe(400);
    expect((await putRoom(cinema.id, room.id, { layout: { rows: [6, 6], wheelchair: [], aisles: [3] } })).statusCode).toBe(200);
  });

  it('lets an admin or a manager of the cinema edit a room; a manager of another cinema, staff or a buyer get 403', async () => {
    const { cinema, rooms } = await createCinema(booking, { slug: 'salta' }, 2);
    const [room, other] = rooms as [RoomView, RoomView];
    const { cinema: elsewhere } = await createCinema(booking, { slug: 'jujuy' }, 0);
    expect((await putRoom(cinema.id, room.id, { name: 'Sala Azul' }, managerHeaders(booking.app, [elsewhere.id]))).json()).toMatchObject({
      statusCode: 403,
      error: CINEMA_MESSAGES.notYourCinema,
    });
    expect((await putRoom(cinema.id, room.id, { name: 'Sala Azul' }, staffHeaders(booking.app, [cinema.id]))).statusCode).toBe(403);
    expect((await putRoom(cinema.id, room.id, { name: 'Sala Azul' }, userHeaders(booking.app, newId()))).statusCode).toBe(403);
    const byManager = await putRoom(cinema.id, room.id, { name: 'Sala Azul' }, managerHeaders(booking.app, [cinema.id]));
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({ id: room.id, name: 'Sala Azul', capacity: 12 });
    expect((await putRoom(cinema.id, other.id, { name: 'sala azul' })).statusCode).toBe(409);
    // A room of another cinema is not this cinema's room.
    expect((await putRoom(elsewhere.id, room.id, { name: 'Sala Roja' })).json()).toMatchObject({
      statusCode: 404,
      error: CINEMA_MESSAGES.roomNotFound,
    });
    expect((await putRoom(cinema.id, 9999, { name: 'Sala Roja' })).statusCode).toBe(404);
  });

  it('reads a room with its layout (the editor’s start) as its PUT answers it: an admin or its cinema’s manager', async () => {
    const { cinema, rooms } = await createCinema(booking, { slug: 'la-rioja' }, 1);
    const room = rooms[0] as RoomView;
    const { cinema: elsewhere, rooms: theirs } = await createCinema(booking, { slug: 'catamarca' }, 1);
    const layout = { rows: [4, 6], aisles: [3], wheelchair: ['A1'], categories: { A1: 'wheelchair', A2: 'companion', B6: 'premium' } };
    const saved = (await putRoom(cinema.id, room.id, { layout: { ...layout, companions: { A2: 'A1' } } })).json<RoomView>();
    const read = await getRoom(cinema.id, room.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved);
    expect(saved).toMatchObject({ id: room.id, cinemaId: cinema.id, name: 'Sala 1', capacity: 10, layout });
    expect((await getRoom(cinema.id, room.id, managerHeaders(booking.app, [cinema.id]))).json()).toEqual(saved);

    expect((await getRoom(cinema.id, room.id, managerHeaders(booking.app, [elsewhere.id]))).json()).toMatchObject({
      statusCode: 403,
      error: CINEMA_MESSAGES.notYourCinema,
    });
    expect((await getRoom(cinema.id, room.id, staffHeaders(booking.app, [cinema.id]))).statusCode).toBe(403);
    expect((await getRoom(cinema.id, room.id, userHeaders(booking.app, newId()))).statusCode).toBe(403);
    expect((await getRoom(cinema.id, room.id, {})).statusCode).toBe(401);
    const notFound = { statusCode: 404, error: CINEMA_MESSAGES.roomNotFound };
    expect((await getRoom(newId(), room.id)).json()).toMatchObject({ statusCode: 404, error: CINEMA_MESSAGES.cinemaNotFound });
    expect((await getRoom(cinema.id, (theirs[0] as RoomView).id)).json()).toMatchObject(notFound);
    expect((await getRoom(cinema.id, 9999)).json()).toMatchObject(notFound);
    expect((await getRoom(cinema.id, 'sala-1')).statusCode).toBe(400);

    // Read by its _id, not from this process's cache (just read again): another instance's change shows at once.
    await booking.app.cinemas.fresh(true);
    await booking.context.db.collection('rooms').updateOne({ _id: room.id } as never, { $set: { 'layout.rows': [4, 8] } });
    expect((await getRoom(cinema.id, room.id)).json()).toMatchObject({ capacity: 12, layout: { rows: [4, 8] } });
  });

  it('never takes a sold seat from a show on sale (409 naming it); a layout that keeps them reaches the shows on sale', async () => {
    const { cinema, rooms } = await createCinema(booking, { slug: 'tucuman', timeZone: 'America/Argentina/Tucuman' }, 1);
    const room = rooms[0] as RoomView;
    const { movieId } = await publishMovie(booking.context);
    const show = await createShow(booking, {
      cinemaId: cinema.id,
      movieId,
      roomId: room.id,
      day: '2026-03-20',
      schedule: '20:00',
      type: '2D',
    });
    expect(show).toMatchObject({ cinemaId: cinema.id, cinema: { id: cinema.id, slug: 'tucuman' }, capacity: 12 });
    // Seats are taken from the front (row A) first; the hold of C4 is asked for by the seat.
    const held = await booking.app.inject({
      method: 'POST',
      url: '/tickets/addTickets',
      headers: userHeaders(booking.app, 'ana'),
      payload: { userId: 'ana', showId: show.id, seats: 1, seatLabels: ['C4'] },
    });
    expect(held.statusCode).toBeLessThan(300);

    const shorter = { rows: [4, 4], aisles: [], wheelchair: [] };
    const refused = await putRoom(cinema.id, room.id, { layout: shorter });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toContain('C4 (función del 2026-03-20 20:00)');

    const wider = { rows: [6, 6, 6, 6], aisles: [3], wheelchair: [] };
    expect((await putRoom(cinema.id, room.id, { layout: wider })).json()).toMatchObject({ capacity: 24 });
    const after = (await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}` })).json<ShowView>();
    expect(after).toMatchObject({ capacity: 24, seats: 23 });
    await holdOn(booking.app, show.id, 1);
  });

  it('announces the movies of each cinema (cinema.movies-changed) when a show is created there', async () => {
    const { cinema, rooms } = await createCinema(booking, { slug: 'neuquen' }, 1);
    const { movieId } = await publishMovie(booking.context);
    await createShow(booking, { cinemaId: cinema.id, movieId, roomId: rooms[0]?.id, day: '2026-03-21', schedule: '18:00', type: '2D' });
    await waitFor(() => moviesChanged.some((event) => event.data.cinemaId === cinema.id && event.data.movieIds.includes(movieId)));
    const centro = moviesChanged.filter((event) => event.data.cinemaId === FIRST_CINEMA_ID).at(-1);
    expect(centro?.data.movieIds ?? []).not.toContain(movieId);

    // The periodic look (jobs plugin) announces a cinema only when its set changed: here once its last show ended.
    const ofNeuquen = () => moviesChanged.filter((event) => event.data.cinemaId === cinema.id);
    const before = ofNeuquen().length;
    await booking.app.shows.announceAllMovies(booking.clock.now(), true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ofNeuquen()).toHaveLength(before);
    await booking.app.shows.announceAllMovies(new Date('2026-03-22T00:00:00Z'), true);
    await waitFor(() => ofNeuquen().length === before + 1);
    expect(ofNeuquen().at(-1)?.data.movieIds).toEqual([]);
    await booking.app.shows.announceAllMovies(new Date('2026-03-22T00:00:00Z'), true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ofNeuquen()).toHaveLength(before + 1);
  });
});

describe('the embedded default’s chain (a fresh database with the seed)', () => {
  it('gets three cinemas in two cities, with rooms 6–10 for Norte and Córdoba', async () => {
    const booking = await startBooking({ seedCinemas: true });
    try {
      const cinemas = (await booking.app.inject({ method: 'GET', url: '/cinemas' })).json<CinemaView[]>();
      expect(cinemas.map((cinema) => cinema.id).sort()).toEqual([...SEEDED_CINEMA_IDS].sort());
      const byId = new Map(cinemas.map((cinema) => [cinema.id, cinema]));
      expect(byId.get(SEEDED_CINEMA_IDS[1])).toMatchObject({ slug: 'norte', name: 'Cine Norte', address: 'Av. Maipú 2500, Olivos' });
      expect(byId.get(SEEDED_CINEMA_IDS[1])?.rooms.map((room) => room.id)).toEqual([6, 7, 8]);
      expect(byId.get(SEEDED_CINEMA_IDS[2])).toMatchObject({ slug: 'cordoba', city: 'Córdoba', timeZone: 'America/Argentina/Cordoba' });
      expect(byId.get(SEEDED_CINEMA_IDS[2])?.rooms.map((room) => room.id)).toEqual([9, 10]);
      expect(new Set(cinemas.map((cinema) => cinema.city))).toEqual(new Set(['Buenos Aires', 'Córdoba']));
    } finally {
      await booking.close();
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
