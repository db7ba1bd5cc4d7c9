import type { BulkShowsResult, ShowView } from '@cine/contracts';
import { adminHeaders, createShow, newId, postShow, publishMovie, startBooking, userHeaders, type BookingUnderTest } from './helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

// TEST_NOW is Wednesday 2026-03-11, 12:00 in the cinema (America/Argentina/Buenos_Aires).

function bulk(payload: object, headers: Record<string, string> = adminHeaders(booking.app)) {
  return booking.app.inject({ method: 'POST', url: '/show/bulk', headers, payload });
}

const week = (movieId: string, overrides: object = {}) => ({
  movieId,
  roomId: 3,
  type: '2D',
  price: 1100,
  times: ['20:00', '14:00', '17:00'],
  from: '2026-04-06',
  to: '2026-04-12',
  weekdays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado', 'Domingo'],
  dryRun: true,
  onClash: 'skip',
  ...overrides,
});

describe('POST /show with a date and a price', () => {
  it('creates the show on the date at the price', async () => {
    const movie = await publishMovie(booking.context);
    const show = await createShow(booking, {
      schedule: '19:00',
      movieId: movie.movieId,
      roomId: 1,
      date: '2026-03-21',
      type: '2D',
      price: 1350,
    } as never);
    expect(show).toMatchObject({ date: '2026-03-21', day: 'Sabado', schedule: '19:00', price: 1350, startsAt: '2026-03-21T22:00:00.000Z' });
  });

  it('refuses a date that does not exist, one before today, and asks for a missing day or date', async () => {
    const movie = await publishMovie(booking.context);
    const data = { schedule: '19:00', movieId: movie.movieId, roomId: 1, type: '2D', price: 900 };
    expect((await postShow(booking, { ...data, date: '2026-02-30' } as never)).json()).toEqual({
      statusCode: 400,
      error: 'La fecha debe ser un día existente escrito aaaa-mm-dd.',
    });
    expect((await postShow(booking, { ...data, date: '2026-03-10' } as never)).json()).toEqual({
      statusCode: 400,
      error: 'La función debe comenzar en el futuro.',
    });
    expect((await postShow(booking, data)).json()).toEqual({ statusCode: 400, error: 'Por favor seleccione un dia *' });
  });
});

describe('POST /show/bulk (admin)', () => {
  it('previews a week at three times without creating anything, date by date then by time', async () => {
    const movie = await publishMovie(booking.context, { runtime: 120 });
    const response = await bulk(week(movie.movieId));
    expect(response.statusCode).toBe(200);
    const result = response.json<BulkShowsResult>();
    expect(result.planned).toHaveLength(21);
    expect(result.planned.slice(0, 4)).toEqual([
      { date: '2026-04-06', day: 'Lunes', schedule: '14:00' },
      { date: '2026-04-06', day: 'Lunes', schedule: '17:00' },
      { date: '2026-04-06', day: 'Lunes', schedule: '20:00' },
      { date: '2026-04-07', day: 'Martes', schedule: '14:00' },
    ]);
    expect(result).toMatchObject({ clashes: [], created: [] });
    const listed = await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${movie.movieId}` });
    expect(listed.json()).toEqual([]);
  });

  it('keeps only the chosen weekdays', async () => {
    const movie = await publishMovie(booking.context, { runtime: 120 });
    const result = (
      await bulk(week(movie.movieId, { roomId: 4, weekdays: ['Sabado', 'Domingo'], times: ['21:00'] }))
    ).json<BulkShowsResult>();
    expect(result.planned).toEqual([
      { date: '2026-04-11', day: 'Sabado', schedule: '21:00' },
      { date: '2026-04-12', day: 'Domingo', schedule: '21:00' },
    ]);
  });

  it('lists the clashes with the overlap message, skips them when told, and creates the rest at the price', async () => {
    const movie = await publishMovie(booking.context, { runtime: 120 });
    const other = await publishMovie(booking.context, { title: 'La Otra', runtime: 110 });
    await createShow(booking, { schedule: '15:00', movieId: other.movieId, roomId: 5, day: '2026-04-08', type: '2D' });
    const request = week(movie.movieId, { roomId: 5 });

    const preview = (await bulk(request)).json<BulkShowsResult>();
    expect(preview.clashes).toEqual([
      {
        date: '2026-04-08',
        day: 'Miércoles',
        schedule: '14:00',
        message: 'La sala 5 está ocupada por «La Otra» de 15:00 a 16:50; entre funciones se dejan 20 minutos de limpieza.',
      },
      {
        date: '2026-04-08',
        day: 'Miércoles',
        schedule: '17:00',
        message: 'La sala 5 está ocupada por «La Otra» de 15:00 a 16:50; entre funciones se dejan 20 minutos de limpieza.',
      },
    ]);
    expect(preview.planned).toHaveLength(19);

    const refused = await bulk({ ...request, dryRun: false, onClash: 'refuse' });
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'No se creó ninguna función: 2 de 21 chocan con otras funciones de la sala. Omite los choques o cambia los horarios.',
    });
    expect((await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${movie.movieId}` })).json()).toEqual([]);

    const created = await bulk({ ...request, dryRun: false, onClash: 'skip' });
    expect(created.statusCode).toBe(201);
    const result = created.json<BulkShowsResult>();
    expect(result.created).toHaveLength(19);
    expect(result.created[0]).toMatchObject({
      date: '2026-04-06',
      schedule: '14:00',
      roomId: 5,
      type: '2D',
      price: 1100,
      movie: { Title: movie.title },
    });
    const listed = (await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${movie.movieId}` })).json<ShowView[]>();
    expect(listed).toHaveLength(19);

    // Again: every show now clashes with the one created the first time.
    const again = (await bulk({ ...request, dryRun: false, onClash: 'skip' })).json<BulkShowsResult>();
    expect(again).toMatchObject({ planned: [], created: [] });
    expect(again.clashes).toHaveLength(21);
  });

  it('creates each show once when two bulk schedulings of the room race', async () => {
    const movie = await publishMovie(booking.context, { runtime: 100 });
    const request = week(movie.movieId, { roomId: 2, from: '2026-05-04', to: '2026-05-05', dryRun: false });
    const [first, second] = await Promise.all([bulk(request), bulk(request)]);
    const created = [first, second].flatMap((response) => response.json<BulkShowsResult>().created);
    expect(created).toHaveLength(6);
    const listed = (await booking.app.inject({ method: 'GET', url: `/show/all?movieId=${movie.movieId}` })).json<ShowView[]>();
    expect(listed).toHaveLength(6);
  });

  it.each([
    [{ to: '2026-04-01' }, 'La fecha «hasta» no puede ser anterior a la fecha «desde».'],
    [{ from: '2026-03-10' }, 'La fecha «desde» no puede ser anterior a hoy.'],
    [{ from: '2026-02-30' }, 'La fecha debe ser un día existente escrito aaaa-mm-dd.'],
    [{ to: '2027-12-31' }, 'La función no puede programarse con más de un año de anticipación: elige un día hasta el 2027-03-11.'],
    [
      { from: '2026-04-07', to: '2026-04-07', weekdays: ['Lunes'] },
      'Ningún día del rango cae en los días de la semana elegidos: no hay funciones que programar.',
    ],
    [
      { from: '2026-04-01', to: '2026-12-31', times: ['10:00', '14:00', '18:00'] },
      'Se programarían 825 funciones y el máximo por vez es 500: acorta el rango de fechas o elige menos horarios.',
    ],
    [
      { times: ['14:00', '15:30'] },
      'Los horarios 14:00 y 15:30 se superponen: la película dura 120 minutos y entre funciones se dejan 20 minutos de limpieza.',
    ],
    [{ from: '2026-03-11', to: '2026-03-11', times: ['10:00'] }, 'La función debe comenzar en el futuro.'],
    [
      { times: ['00:30', '18:00', '23:30'] },
      'Los horarios 23:30 y 00:30 se superponen: la película dura 120 minutos y entre funciones se dejan 20 minutos de limpieza.',
    ],
  ])('refuses %p: %s', async (overrides, message) => {
    const movie = await publishMovie(booking.context, { runtime: 120 });
    expect((await bulk(week(movie.movieId, overrides))).json()).toEqual({ statusCode: 400, error: message });
  });

  it.each([
    // No room 6 in the first cinema (a room of another cinema: 400 too, cinema-scoping.test.ts).
    [{ roomId: 6 }, 'La sala debe ser el número de una sala del cine.'],
    [{ price: 0 }, "El campo 'price' debe ser como mínimo 1."],
    [{ times: [] }, "El campo 'times' debe tener al menos 1 elementos."],
    [{ times: ['25:00'] }, "El campo 'times.0' no tiene un formato válido."],
    [{ weekdays: ['Funday'] }, null],
    [{ onClash: 'maybe' }, null],
    [{ dryRun: undefined }, null],
  ])('refuses bad types by schema with a Spanish 400 (%p)', async (overrides, message) => {
    const movie = await publishMovie(booking.context);
    const response = await bulk(week(movie.movieId, overrides));
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
    else expect(response.json().error).toMatch(/^El campo|^Falta/);
  });

  it('answers 404 for an unknown movie, a show before the release is refused', async () => {
    expect((await bulk(week(newId()))).json()).toEqual({ statusCode: 404, error: 'No existe la película.' });
    const movie = await publishMovie(booking.context, { release: '2026-04-10' });
    expect((await bulk(week(movie.movieId))).json()).toEqual({
      statusCode: 400,
      error: 'La película se estrena el 2026-04-10: la función no puede ser antes.',
    });
  });

  it('is for admins: a guest gets 401 and a user 403', async () => {
    const movie = await publishMovie(booking.context);
    expect((await booking.app.inject({ method: 'POST', url: '/show/bulk', payload: week(movie.movieId) })).statusCode).toBe(401);
    expect((await bulk(week(movie.movieId), userHeaders(booking.app, newId()))).statusCode).toBe(403);
  });
});
