import { CINEMA_MESSAGES, FIRST_CINEMA_ID, SHOW_FORM_MESSAGES, type ShowView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { adminHeaders, createShow, newId, postShow, publishMovie, startBooking, userHeaders, type BookingUnderTest } from './helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

function get<T = ShowView[]>(url: string) {
  return booking.app.inject({ method: 'GET', url }).then((response) => ({ statusCode: response.statusCode, body: response.json<T>() }));
}

describe('the movie projection (consumer booking.movies)', () => {
  it('keeps title, runtime, type and release from movie.created, movie.updated and movie.deleted', async () => {
    const movie = await publishMovie(booking.context, { title: 'Antes', runtime: 90, type: '3D' });
    expect(await booking.app.movieProjection.find(movie.movieId)).toMatchObject({
      _id: movie.movieId,
      title: 'Antes',
      runtime: 90,
      type: '3D',
      release: '2026-03-01',
    });

    await booking.context.bus.publish(createEvent('movie.updated', { ...movie, title: 'Después', runtime: 95 }));
    expect(await booking.app.movieProjection.find(movie.movieId)).toMatchObject({ title: 'Después', runtime: 95 });

    await booking.context.bus.publish(createEvent('movie.deleted', { ...movie, title: 'Después' }));
    expect(await booking.app.movieProjection.find(movie.movieId)).toBeNull();
    expect((await booking.app.movieProjection.titlesOf([movie.movieId])).get(movie.movieId)).toBe('Después');
  });

  it('ignores an event older than the one applied, and a redelivered event', async () => {
    const movie = await publishMovie(booking.context, { title: 'Nuevo' });
    const stale = { ...createEvent('movie.updated', { ...movie, title: 'Viejo' }), occurredAt: '2000-01-01T00:00:00.000Z' };
    await booking.context.bus.publish(stale);
    expect((await booking.app.movieProjection.find(movie.movieId))?.title).toBe('Nuevo');

    const update = createEvent('movie.updated', { ...movie, title: 'Una vez' });
    await booking.context.bus.publish(update);
    await booking.context.bus.publish(createEvent('movie.updated', { ...movie, title: 'Otra' }));
    await booking.context.bus.publish(update);
    expect((await booking.app.movieProjection.find(movie.movieId))?.title).toBe('Otra');
    expect(booking.context.bus.deadLetters).toEqual([]);
  });
});

describe('POST /show (admin, or a manager of the cinema)', () => {
  it('creates a show with the movie title from the projection, the weekday, the price card that applies and every seat free', async () => {
    const movie = await publishMovie(booking.context, { title: 'Sala Llena', type: '3D' });
    const response = await postShow(booking, { schedule: '18:30', movieId: movie.movieId, roomId: 2, day: '2026-03-12', type: '3D' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      schedule: '18:30',
      day: 'Jueves',
      date: '2026-03-12',
      startsAt: '2026-03-12T21:30:00.000Z',
      movieId: movie.movieId,
      // The first cinema's (no cinemaId sent): every show view names its cinema.
      cinemaId: FIRST_CINEMA_ID,
      cinema: { id: FIRST_CINEMA_ID, slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' },
      roomId: 2,
      type: '3D',
      // Tarifa general's General ($ 9,00) and the 3D surcharge ($ 2,00).
      price: 1100,
      priceCard: { id: 'tarifa-general', name: 'Tarifa general' },
      prices: [
        { type: 'general', name: 'General', description: '', requiresId: false, price: 1100 },
        { type: 'menor', name: 'Menor (hasta 12 años)', description: 'Niñas y niños de hasta 12 años', requiresId: false, price: 900 },
        { type: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, price: 850 },
        {
          type: 'estudiante',
          name: 'Estudiante',
          description: 'Presentar credencial de estudiante en la entrada',
          requiresId: true,
          price: 950,
        },
      ],
      seats: 100,
      capacity: 100,
      movie: { Title: 'Sala Llena' },
    });
  });

  it('takes the room as text, a weekday name as the next such date, and an explicit price', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, {
      schedule: '10:00',
      movieId: movie.movieId,
      roomId: '5',
      day: 'Viernes',
      type: '2D',
      price: 750,
    });

    expect(show).toMatchObject({ date: '2026-03-13', day: 'Viernes', roomId: 5, price: 750, capacity: 168 });
  });

  it.each(Object.entries(SHOW_FORM_MESSAGES))('a missing %s answers the form message', async (field, message) => {
    const movie = await publishMovie(booking.context);
    const data: Record<string, unknown> = { schedule: '11:00', movieId: movie.movieId, roomId: 1, day: '2026-03-20', type: '2D' };
    delete data[field];
    expect((await postShow(booking, data)).json()).toEqual({ statusCode: 400, error: message });
    expect((await postShow(booking, { ...data, [field]: '  ' })).json()).toEqual({ statusCode: 400, error: message });
  });

  it('asks for the first missing field when the form is empty or absent', async () => {
    expect((await postShow(booking, {})).json()).toEqual({ statusCode: 400, error: 'Por favor ingresa un horario inicial *' });
    const noData = await booking.app.inject({ method: 'POST', url: '/show', headers: adminHeaders(booking.app), payload: {} });
    expect(noData.json()).toEqual({ statusCode: 400, error: 'Por favor ingresa un horario inicial *' });
  });

  it.each([
    ['schedule', '25:00', 'El horario debe tener el formato HH:MM (00:00 a 23:59).'],
    ['schedule', '7pm', 'El horario debe tener el formato HH:MM (00:00 a 23:59).'],
    ['roomId', 6, 'La sala debe ser el número de una sala del cine.'],
    ['roomId', 0, 'La sala debe ser el número de una sala del cine.'],
    ['roomId', -1, 'La sala debe ser el número de una sala del cine.'],
    ['roomId', 'uno', 'La sala debe ser el número de una sala del cine.'],
    ['day', '2026-02-30', 'El día debe ser una fecha aaaa-mm-dd o un día de la semana (Lunes a Domingo).'],
    ['type', '4D', 'El tipo debe ser 2D o 3D.'],
    ['price', 0, 'El precio debe ser un número entero de centavos entre 1 y 1000000.'],
    ['price', -900, 'El precio debe ser un número entero de centavos entre 1 y 1000000.'],
    ['price', 1e12, 'El precio debe ser un número entero de centavos entre 1 y 1000000.'],
  ])('refuses %s = %p: %s', async (field, value, message) => {
    const movie = await publishMovie(booking.context);
    const data = { schedule: '11:00', movieId: movie.movieId, roomId: 1, day: '2026-03-20', type: '2D', [field]: value };
    expect((await postShow(booking, data)).json()).toEqual({ statusCode: 400, error: message });
  });

  it.each([
    ['a number for schedule', { schedule: 1800 }, "El campo 'data.schedule' debe ser texto."],
    ['a fractional price', { price: 9.5 }, "El campo 'data.price' debe ser número entero."],
    ['a MongoDB operator for movieId', { movieId: { $gt: '' } }, "El campo 'data.movieId' debe ser texto."],
    ['an unknown field', { seats: 5 }, "El campo 'seats' no está permitido."],
  ])('refuses %s by schema', async (_label, change, message) => {
    const data = { schedule: '11:00', movieId: newId(), roomId: 1, day: '2026-03-20', type: '2D', ...change };
    expect((await postShow(booking, data)).json()).toEqual({ statusCode: 400, error: message });
  });

  it('answers 404 for a movie booking has not heard of, or one deleted', async () => {
    const gone = await publishMovie(booking.context);
    await booking.context.bus.publish(createEvent('movie.deleted', gone));
    for (const movieId of [newId(), gone.movieId, 'no-es-un-id']) {
      const response = await postShow(booking, { schedule: '11:00', movieId, roomId: 1, day: '2026-03-20', type: '2D' });
      expect(response.json()).toEqual({ statusCode: 404, error: 'No existe la película.' });
    }
  });

  it('refuses a show before the movie opens, or one that would already have started', async () => {
    const premiere = await publishMovie(booking.context, { release: '2026-03-18' });
    const early = await postShow(booking, { schedule: '20:00', movieId: premiere.movieId, roomId: 1, day: '2026-03-17', type: '2D' });
    expect(early.json()).toEqual({ statusCode: 400, error: 'La película se estrena el 2026-03-18: la función no puede ser antes.' });

    const movie = await publishMovie(booking.context);
    const past = await postShow(booking, { schedule: '11:59', movieId: movie.movieId, roomId: 1, day: '2026-03-11', type: '2D' });
    expect(past.json()).toEqual({ statusCode: 400, error: 'La función debe comenzar en el futuro.' });
  });

  it('refuses a show more than a year ahead, such as 9999-12-31 (issue 20)', async () => {
    const movie = await publishMovie(booking.context);
    const farthest = 'La función no puede programarse con más de un año de anticipación: elige un día hasta el 2027-03-11.';
    for (const day of ['9999-12-31', '2027-03-12']) {
      expect((await postShow(booking, { movieId: movie.movieId, roomId: 1, day, schedule: '20:00', type: '2D' })).json()).toEqual({
        statusCode: 400,
        error: farthest,
      });
    }
    expect(
      (await postShow(booking, { movieId: movie.movieId, roomId: 1, day: '2027-03-11', schedule: '20:00', type: '2D' })).statusCode,
    ).toBe(201);
  });

  it('refuses an overlap in the room: run time plus 20 minutes of cleaning; other rooms are free', async () => {
    const movie = await publishMovie(booking.context, { title: 'Larga', runtime: 100 });
    const form = { movieId: movie.movieId, roomId: 3, day: '2026-03-21', type: '2D' };
    await createShow(booking, { ...form, schedule: '18:00' }); // until 19:40, room free from 20:00

    const before = await postShow(booking, { ...form, schedule: '16:01' }); // 16:01 + 100 min + 20 = 18:01
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toBe(
      'La sala 3 está ocupada por «Larga» de 18:00 a 19:40; entre funciones se dejan 20 minutos de limpieza.',
    );
    expect((await postShow(booking, { ...form, schedule: '19:59' })).statusCode).toBe(409);
    expect((await postShow(booking, { ...form, schedule: '18:00' })).statusCode).toBe(409);

    expect((await postShow(booking, { ...form, schedule: '16:00' })).statusCode).toBe(201);
    expect((await postShow(booking, { ...form, schedule: '20:00' })).statusCode).toBe(201);
    expect((await postShow(booking, { ...form, roomId: 4, schedule: '18:30' })).statusCode).toBe(201);
  });

  it('is for admins: a guest gets 401 and a user 403', async () => {
    const payload = { data: { schedule: '11:00', movieId: newId(), roomId: 1, day: '2026-03-20', type: '2D' } };
    const guest = await booking.app.inject({ method: 'POST', url: '/show', payload });
    expect(guest.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    const user = await booking.app.inject({ method: 'POST', url: '/show', headers: userHeaders(booking.app, newId()), payload });
    expect(user.json()).toEqual({ statusCode: 403, error: CINEMA_MESSAGES.managersOnly });
  });
});

describe('GET /show/all, /show/one/:id and /show/day', () => {
  let movie: Awaited<ReturnType<typeof publishMovie>>;
  let other: Awaited<ReturnType<typeof publishMovie>>;

  beforeAll(async () => {
    movie = await publishMovie(booking.context, { title: 'Listada' });
    other = await publishMovie(booking.context, { title: 'Otra' });
    await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-03-14', schedule: '21:00', type: '2D' });
    await createShow(booking, { movieId: movie.movieId, roomId: 2, day: '2026-03-14', schedule: '15:00', type: '2D' });
    await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-03-11', schedule: '12:30', type: '2D' });
    await createShow(booking, { movieId: other.movieId, roomId: 4, day: '2026-03-14', schedule: '17:00', type: '3D' });
  });

  it('lists shows not yet started, soonest first, filtered by movie', async () => {
    const all = await get('/show/all');
    expect(all.statusCode).toBe(200);
    const starts = all.body.map((show) => show.startsAt);
    expect(starts).toEqual([...starts].sort());

    const ofMovie = (await get(`/show/all?movieId=${movie.movieId}`)).body;
    expect(ofMovie.map((show) => `${show.date} ${show.schedule}`)).toEqual(['2026-03-11 12:30', '2026-03-14 15:00', '2026-03-14 21:00']);
    expect(ofMovie.every((show) => show.movie.Title === 'Listada')).toBe(true);

    booking.clock.set('2026-03-11T15:31:00.000Z'); // 12:31 local: the 12:30 show has started
    expect((await get(`/show/all?movieId=${movie.movieId}`)).body).toHaveLength(2);
    booking.clock.set('2026-03-11T15:00:00.000Z');
  });

  it("answers a movie's shows on a day, by a date or by a weekday name, by schedule", async () => {
    const byDate = await get(`/show/day?day=2026-03-14&id=${movie.movieId}`);
    expect(byDate.statusCode).toBe(200);
    expect(byDate.body.map((show) => [show.schedule, show.day, show.roomId])).toEqual([
      ['15:00', 'Sabado', 2],
      ['21:00', 'Sabado', 1],
    ]);
    expect((await get(`/show/day?day=Sabado&id=${movie.movieId}`)).body).toEqual(byDate.body);
    expect((await get(`/show/day?day=S%C3%A1bado&id=${movie.movieId}`)).body).toEqual(byDate.body);
    expect((await get(`/show/day?day=Domingo&id=${movie.movieId}`)).body).toEqual([]);
    expect((await get(`/show/day?day=2026-03-14&id=${newId()}`)).body).toEqual([]);
  });

  it('refuses a day that is neither a date nor a weekday, and a malformed movie id', async () => {
    expect((await get(`/show/day?day=mañana&id=${movie.movieId}`)).body).toEqual({
      statusCode: 400,
      error: 'El día debe ser una fecha aaaa-mm-dd o un día de la semana (Lunes a Domingo).',
    });
    expect((await get('/show/day?day=Lunes&id=123')).body).toEqual({ statusCode: 400, error: "El campo 'id' no tiene un formato válido." });
    expect((await get(`/show/day?id=${movie.movieId}`)).body).toEqual({ statusCode: 400, error: "Falta el campo obligatorio 'day'." });
    expect((await get('/show/all?movieId=x')).statusCode).toBe(400);
  });

  it('answers one show, or 404', async () => {
    const [show] = (await get(`/show/all?movieId=${other.movieId}`)).body as [ShowView];
    expect((await get(`/show/one/${show.id}`)).body).toEqual(show);
    expect((await get(`/show/one/${newId()}`)).body).toEqual({ statusCode: 404, error: 'No existe la función.' });
    expect((await get('/show/one/no-existe')).body).toEqual({ statusCode: 404, error: 'No existe la función.' });
  });

  it('leaves out the shows of a movie deleted from the catalog', async () => {
    const gone = await publishMovie(booking.context, { title: 'Retirada' });
    const show = await createShow(booking, { movieId: gone.movieId, roomId: 5, day: '2026-03-15', schedule: '12:00', type: '2D' });
    await booking.context.bus.publish(createEvent('movie.deleted', gone));

    expect((await get(`/show/all?movieId=${gone.movieId}`)).body).toEqual([]);
    expect((await get(`/show/day?day=2026-03-15&id=${gone.movieId}`)).body).toEqual([]);
    expect((await get(`/show/one/${show.id}`)).body).toMatchObject({ id: show.id, movie: { Title: 'Retirada' } });
  });

  it('leaves out the shows of an archived movie until it is brought back', async () => {
    const movie = await publishMovie(booking.context, { title: 'Archivada' });
    await createShow(booking, { movieId: movie.movieId, roomId: 4, day: '2026-03-16', schedule: '12:00', type: '2D' });
    await booking.context.bus.publish(createEvent('movie.updated', { ...movie, archived: true }));
    expect((await get(`/show/all?movieId=${movie.movieId}`)).body).toEqual([]);
    expect(
      (await postShow(booking, { movieId: movie.movieId, roomId: 4, day: '2026-03-17', schedule: '12:00', type: '2D' })).statusCode,
    ).toBe(404);

    await booking.context.bus.publish(createEvent('movie.updated', movie));
    expect((await get(`/show/all?movieId=${movie.movieId}`)).body).toHaveLength(1);
  });
});

describe('DELETE /show/one/:id (admin)', () => {
  it('deletes a show without sales', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-03-25', schedule: '12:00', type: '2D' });
    const response = await booking.app.inject({ method: 'DELETE', url: `/show/one/${show.id}`, headers: adminHeaders(booking.app) });

    expect(response.json()).toEqual({ message: 'Función eliminada.' });
    expect((await get(`/show/one/${show.id}`)).statusCode).toBe(404);
    expect(
      (await booking.app.inject({ method: 'DELETE', url: `/show/one/${show.id}`, headers: adminHeaders(booking.app) })).json(),
    ).toEqual({
      statusCode: 404,
      error: 'No existe la función.',
    });
  });

  it('refuses while seats are being paid and once a seat is sold', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-03-26', schedule: '12:00', type: '2D' });
    const buyer = newId();
    const now = booking.clock.now();
    await booking.app.seatHolds.hold(show.id, buyer, 2, now, '127.0.0.1');
    await booking.app.seatInventory.reserveForOrder(show.id, buyer, 'order-1', show, now, new Date(now.getTime() + 30 * 60_000));
    const del = () => booking.app.inject({ method: 'DELETE', url: `/show/one/${show.id}`, headers: adminHeaders(booking.app) });

    expect((await del()).json()).toEqual({
      statusCode: 409,
      error: 'No se puede borrar una función mientras se paga una compra de entradas.',
    });
    await booking.app.seatInventory.sellForOrder(show.id, 'order-1');
    expect((await del()).json()).toEqual({
      statusCode: 409,
      error:
        'No se puede borrar la función: tiene 1 orden pagada, 2 entradas. Cancélala primero (se reembolsa cada compra y se avisa a los compradores); después se puede borrar.',
      orders: 1,
      tickets: 2,
    });
    expect((await get<ShowView>(`/show/one/${show.id}`)).body.seats).toBe(98);
  });

  it('deletes a show whose seats are only held (the holds go with it)', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 2, day: '2026-03-26', schedule: '12:00', type: '2D' });
    const holder = newId();
    await booking.app.seatHolds.hold(show.id, holder, 3, booking.clock.now(), '127.0.0.1');

    const response = await booking.app.inject({ method: 'DELETE', url: `/show/one/${show.id}`, headers: adminHeaders(booking.app) });
    expect(response.statusCode).toBe(200);
    expect(await booking.app.seatInventory.holdsOf(holder, booking.clock.now())).toEqual([]);
  });

  it('is for admins', async () => {
    const url = `/show/one/${newId()}`;
    expect((await booking.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await booking.app.inject({ method: 'DELETE', url, headers: userHeaders(booking.app, newId()) })).statusCode).toBe(403);
  });
});

describe('PUT /show/one/:id (admin)', () => {
  const put = (id: string, payload: object, headers = adminHeaders(booking.app)) =>
    booking.app.inject({ method: 'PUT', url: `/show/one/${id}`, headers, payload });

  it('accepts the show its GET answers (a round trip changes nothing) and applies a new time, room and type', async () => {
    const movie = await publishMovie(booking.context, { title: 'Ida y Vuelta', runtime: 90 });
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 3, day: '2026-04-01', schedule: '15:00', type: '2D' });
    const fetched = (await get<ShowView>(`/show/one/${show.id}`)).body;

    const roundTrip = await put(show.id, fetched);
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toEqual(fetched);

    const edited = await put(show.id, { ...fetched, schedule: '21:15', roomId: 5, type: '3D' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: show.id,
      schedule: '21:15',
      startsAt: '2026-04-02T00:15:00.000Z',
      roomId: 5,
      type: '3D',
      capacity: 168,
      seats: 168,
    });
    expect((await get<ShowView>(`/show/one/${show.id}`)).body).toEqual(edited.json());
  });

  it('applies the create rules and messages', async () => {
    const movie = await publishMovie(booking.context, { release: '2026-03-01' });
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-04-02', schedule: '10:00', type: '2D' });

    expect((await put(show.id, { schedule: ' ' })).json()).toEqual({ statusCode: 400, error: SHOW_FORM_MESSAGES.schedule });
    expect((await put(show.id, { schedule: '25:00' })).json()).toMatchObject({
      statusCode: 400,
      error: 'El horario debe tener el formato HH:MM (00:00 a 23:59).',
    });
    expect((await put(show.id, { roomId: 6 })).json()).toMatchObject({
      statusCode: 400,
      error: 'La sala debe ser el número de una sala del cine.',
    });
    expect((await put(show.id, { type: '4D' })).json()).toMatchObject({ statusCode: 400, error: 'El tipo debe ser 2D o 3D.' });
    expect((await put(show.id, { date: '2026-02-20' })).json()).toMatchObject({
      statusCode: 400,
      error: expect.stringContaining('se estrena el 2026-03-01'),
    });
    expect((await put(show.id, { date: '2026-03-10' })).json()).toMatchObject({ statusCode: 400 });
    expect((await put(show.id, { movieId: newId() })).json()).toEqual({
      statusCode: 400,
      error: 'La película de una función no se puede cambiar: crea otra función.',
    });
    expect((await put(show.id, { id: newId() })).json()).toEqual({
      statusCode: 400,
      error: 'El id del cuerpo no coincide con el de la ruta.',
    });
    expect((await put(show.id, { Title: 'x' })).statusCode).toBe(400);
    expect((await put(newId(), { schedule: '11:00' })).json()).toEqual({ statusCode: 404, error: 'No existe la función.' });
  });

  it('refuses moving a show more than a year ahead (startsAt +010000-…) (issue 20)', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 1, day: '2026-04-05', schedule: '12:00', type: '2D' });
    const farthest = 'La función no puede programarse con más de un año de anticipación: elige un día hasta el 2027-03-11.';

    expect((await put(show.id, { date: '9999-12-31', schedule: '23:00' })).json()).toEqual({ statusCode: 400, error: farthest });
    expect((await put(show.id, { date: '2027-03-12' })).json()).toEqual({ statusCode: 400, error: farthest });
    expect((await get<ShowView>(`/show/one/${show.id}`)).body).toMatchObject({ date: '2026-04-05', startsAt: '2026-04-05T15:00:00.000Z' });
  });

  it('refuses to change a show that has started (409), its price included (issue 20)', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, {
      movieId: movie.movieId,
      roomId: 2,
      day: '2026-04-06',
      schedule: '12:00',
      type: '2D',
      price: 900,
    });
    const now = booking.clock.now();
    booking.clock.set(show.startsAt);
    try {
      const started = { statusCode: 409, error: 'La función ya comenzó: no se puede modificar.' };
      expect((await put(show.id, { price: 1 })).json()).toEqual(started);
      expect((await put(show.id, { date: '2026-04-07' })).json()).toEqual(started);
      expect((await get<ShowView>(`/show/one/${show.id}`)).body.price).toBe(900);
    } finally {
      booking.clock.set(now);
    }
  });

  it('refuses an overlap with another show of the room, but not with the show itself', async () => {
    const movie = await publishMovie(booking.context, { title: 'Ocupante', runtime: 100 });
    await createShow(booking, { movieId: movie.movieId, roomId: 4, day: '2026-04-03', schedule: '18:00', type: '2D' });
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 4, day: '2026-04-03', schedule: '21:00', type: '2D' });

    expect((await put(show.id, { schedule: '20:50' })).statusCode).toBe(200);
    expect((await put(show.id, { schedule: '19:30' })).json()).toEqual({
      statusCode: 409,
      error: 'La sala 4 está ocupada por «Ocupante» de 18:00 a 19:40; entre funciones se dejan 20 minutos de limpieza.',
    });
  });

  it('refuses a room change once seats are held or sold, but still moves the time', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, { movieId: movie.movieId, roomId: 2, day: '2026-04-04', schedule: '12:00', type: '2D' });
    await booking.app.seatHolds.hold(show.id, newId(), 2, booking.clock.now());

    expect((await put(show.id, { roomId: 3 })).json()).toEqual({
      statusCode: 409,
      error: 'No se puede cambiar la sala de una función con entradas vendidas o reservadas.',
    });
    const moved = await put(show.id, { schedule: '13:00' });
    expect(moved.json()).toMatchObject({ schedule: '13:00', roomId: 2, seats: 98 });
  });

  it('is for admins', async () => {
    const url = `/show/one/${newId()}`;
    expect((await booking.app.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(401);
    expect((await booking.app.inject({ method: 'PUT', url, payload: {}, headers: userHeaders(booking.app, newId()) })).statusCode).toBe(
      403,
    );
  });
});

describe('OpenAPI', () => {
  it('documents every shows and tickets path', async () => {
    const document = (await booking.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );

    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /show/all',
        'GET /show/one/{id}',
        'GET /show/day',
        'POST /show/',
        'DELETE /show/one/{id}',
        'PUT /show/one/{id}',
        'POST /tickets/addTickets',
        'POST /tickets/delete',
      ]),
    );
  });
});
