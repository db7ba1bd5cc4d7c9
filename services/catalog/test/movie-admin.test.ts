import type { MovieFacts } from '@cine/contracts';
import { bearer } from '@cine/service-kit/testing';
import { adminHeaders, movieForm, signedInUser, startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
});
afterAll(() => catalog.close());

function createMovie(payload: Record<string, unknown>, headers: Record<string, string> = admin) {
  return catalog.app.inject({ method: 'POST', url: '/movies/createMovie', headers, payload });
}

async function created(overrides: Record<string, unknown> = {}): Promise<MovieBody> {
  const response = await createMovie(movieForm(overrides));
  if (response.statusCode !== 201) throw new Error(`createMovie answered ${response.statusCode}: ${response.body}`);
  return response.json<MovieBody>();
}

async function eventsFor(movieId: string) {
  await catalog.app.outboxRelay.flush();
  return catalog.published.filter((event) => (event.data as MovieFacts).movieId === movieId);
}

describe('POST /movies/createMovie', () => {
  it('creates the movie (201), shows it by id and publishes movie.created', async () => {
    const movie = await created({ Title: 'Relatos del Sur', Release: '12 Mar 2026', Trailer: 'https://youtu.be/dQw4w9WgXcQ', Runtime: 95 });

    expect(movie).toMatchObject({
      Title: 'Relatos del Sur',
      Runtime: 95,
      Release: '2026-03-12T00:00:00.000Z',
      ReleaseText: '12 Mar 2026',
      ReleaseDate: '2026-03-12',
      Trailer: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      Genre: 'Drama, Fantasía',
    });
    expect((await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json()).toEqual({ ...movie, comments: [] });
    const events = await eventsFor(movie.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'movie.created',
      version: 1,
      data: { movieId: movie.id, title: 'Relatos del Sur', runtime: 95, type: '2D', release: '2026-03-12' },
    });
  });

  it('a movie released in the future is a premiere, one released today or before is on the billboard', async () => {
    const upcoming = await created({ Title: 'Estreno Lejano', Release: '2099-01-01' });
    const showing = await created({ Title: 'Clásico de Siempre', Release: '2001-05-20' });
    const titles = async (url: string) => (await catalog.app.inject({ method: 'GET', url })).json<MovieBody[]>().map((movie) => movie.id);

    expect(await titles('/movies/Premieres')).toContain(upcoming.id);
    expect(await titles('/movies/billboard')).not.toContain(upcoming.id);
    expect(await titles('/movies/billboard')).toContain(showing.id);
  });

  it('accepts the watch, embed, v/ and youtu.be forms of a YouTube link', async () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'http://youtube.com/v/dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect((await created({ Trailer: link })).Trailer).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    }
  });

  const requiredMessages: Array<[string, string]> = [
    ['Title', 'Por favor ingresa un titulo *'],
    ['Plot', 'Por favor ingresa la trama *'],
    ['Language', 'Por favor ingresa un idioma *'],
    ['Director', 'Por favor ingresa el Director *'],
    ['Genre', 'Por favor ingresa el/los géneros/s *'],
    ['Actors', 'Por favor ingresa los actores *'],
    ['Release', 'Por favor ingresa una fecha de estreno *'],
    ['Rated', 'Por favor ingresa una clasificacion *'],
    ['Type', 'Por favor ingresa un tipo *'],
    ['Runtime', 'Por favor ingresa tiempo de duración de la pelicula*'],
    ['Poster', 'Por favor ingresa una imagen *'],
    ['Trailer', 'Por favor ingresa un trailer *'],
  ];

  it.each(requiredMessages)('without %s → 400 %p', async (field, message) => {
    const missing = movieForm();
    delete missing[field];

    for (const payload of [missing, movieForm({ [field]: '' }), movieForm({ [field]: '   ' })]) {
      const response = await createMovie(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: message });
    }
  });

  const ruleCases: Array<[string, Record<string, unknown>, string]> = [
    ['runtime with letters', { Runtime: '12a' }, 'Alguno de los valores no es un número *'],
    ['runtime negative', { Runtime: -5 }, 'Alguno de los valores no es un número *'],
    ['runtime with decimals', { Runtime: 90.5 }, 'Alguno de los valores no es un número *'],
    ['runtime zero', { Runtime: '0' }, 'Alguno de los valores no es un número *'],
    ['a Vimeo trailer', { Trailer: 'https://vimeo.com/123456789' }, 'Solo se aceptan links de youtube *'],
    ['a YouTube id of 10 characters', { Trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXc' }, 'Solo se aceptan links de youtube *'],
    ['a YouTube id of 12 characters', { Trailer: 'https://youtu.be/dQw4w9WgXcQQ' }, 'Solo se aceptan links de youtube *'],
    ['a YouTube channel page', { Trailer: 'https://www.youtube.com/c/cine' }, 'Solo se aceptan links de youtube *'],
    ['a look-alike host', { Trailer: 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ' }, 'Solo se aceptan links de youtube *'],
    ['five genres', { Genre: 'Acción, Drama, Comedia, Terror, Musical' }, 'No puedes ingresar mas de cuatro géneros y tampoco repetirlos.'],
    ['a repeated genre', { Genre: 'Drama, Comedia, drama' }, 'No puedes ingresar mas de cuatro géneros y tampoco repetirlos.'],
    [
      'a genre repeated without its accent',
      { Genre: 'Fantasía, Fantasia' },
      'No puedes ingresar mas de cuatro géneros y tampoco repetirlos.',
    ],
    ['only commas as genres', { Genre: ' , ,' }, 'Por favor ingresa el/los géneros/s *'],
    ['rated +21', { Rated: '+21' }, 'La clasificación debe ser +13, +16, +18 o ATP.'],
    ['type 4D', { Type: '4D' }, 'El tipo debe ser 2D o 3D.'],
    ['an impossible date', { Release: '2026-02-30' }, 'La fecha de estreno debe tener el formato aaaa-mm-dd.'],
    ['a date in another format', { Release: '12/03/2026' }, 'La fecha de estreno debe tener el formato aaaa-mm-dd.'],
    // A line feed in a title starts a new row of the sales CSV; no name holds control characters.
    ['a title with a line feed', { Title: 'Peli\n=1+1' }, 'No se permiten saltos de línea ni caracteres de control en el título.'],
    ['a title with a carriage return', { Title: 'Peli\r=1+1' }, 'No se permiten saltos de línea ni caracteres de control en el título.'],
    ['a title with a NUL', { Title: 'Peli\u0000' }, 'No se permiten saltos de línea ni caracteres de control en el título.'],
    ['a director with a tab', { Director: 'Ana\tPérez' }, 'No se permiten saltos de línea ni caracteres de control en el director.'],
    ['actors with a C1 control', { Actors: 'Ana\u0085Luis' }, 'No se permiten saltos de línea ni caracteres de control en los actores.'],
    [
      'a language with a line separator',
      { Language: 'Español\u2028' },
      'No se permiten saltos de línea ni caracteres de control en el idioma.',
    ],
    ['a genre with a line feed', { Genre: 'Drama\n' }, 'No se permiten saltos de línea ni caracteres de control en los géneros.'],
    ['a plot with an escape character', { Plot: 'Una historia\u001b[31m' }, 'No se permiten caracteres de control en la trama.'],
    // A poster is shown in an <img>: only this site's images or https addresses of the image host.
    [
      'a javascript: poster',
      { Poster: 'javascript:alert(1)' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a data: poster',
      { Poster: 'data:image/svg+xml,<svg/>' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a protocol-relative poster',
      { Poster: '//evil.test/p.png' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a file: poster',
      { Poster: 'file:///etc/passwd' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a poster on another host',
      { Poster: 'https://evil.test/p.png' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a look-alike image host',
      { Poster: 'https://res.cloudinary.com.evil.test/p.png' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'an http poster',
      { Poster: 'http://res.cloudinary.com/cine/image/upload/p.png' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
    [
      'a path outside the images',
      { Poster: '/api/uploads/../auth/me' },
      'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    ],
  ];

  it.each(ruleCases)('%s → 400 with the form message', async (_label, overrides, message) => {
    const response = await createMovie(movieForm(overrides));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });

  it("accepts the site's images, the image host's https addresses, and line breaks in the plot", async () => {
    for (const poster of [
      '/api/uploads/0123456789abcdef01234567',
      '/api/uploads/posters/matrix.svg',
      'https://res.cloudinary.com/cine/image/upload/v1/p.png',
    ]) {
      expect((await created({ Poster: poster })).Poster).toBe(poster);
    }
    const movie = await created({ Plot: 'Primera parte.\r\nSegunda parte.\tFin.' });
    const detail = await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` });
    expect(detail.json()).toMatchObject({ Plot: 'Primera parte.\r\nSegunda parte.\tFin.' });
  });

  it('four different genres are fine', async () => {
    expect((await created({ Genre: 'Acción, Drama, Comedia, Terror' })).Genre).toBe('Acción, Drama, Comedia, Terror');
  });

  it('guests get 401 and users 403; nothing is created', async () => {
    const user = await signedInUser(catalog);
    const before = (await catalog.app.inject({ method: 'GET', url: '/movies/search?name=intruso' })).json<unknown[]>();

    expect((await createMovie(movieForm({ Title: 'Intruso' }), {})).json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    expect((await createMovie(movieForm({ Title: 'Intruso' }), user.headers)).json()).toEqual({
      statusCode: 403,
      error: 'Solo un administrador puede realizar esta acción.',
    });
    expect(before).toEqual([]);
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/search?name=intruso' })).json()).toEqual([]);
  });

  it('a token signed with another secret gets 401', async () => {
    const forged = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIiwidmVyIjowfQ.c2lnbmF0dXJh';
    expect((await createMovie(movieForm(), { authorization: forged })).statusCode).toBe(401);
  });
});

describe('PUT /movies/update/:id', () => {
  it('changes the given fields, keeps the others and publishes movie.updated', async () => {
    const movie = await created({ Title: 'Antes' });
    const response = await catalog.app.inject({
      method: 'PUT',
      url: `/movies/update/${movie.id}`,
      headers: admin,
      payload: { id: movie.id, Title: 'Después', Runtime: 130, Type: '3D' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...movie, Title: 'Después', Runtime: 130, Type: '3D' });
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/search?name=despues' })).json<MovieBody[]>().map((m) => m.id)).toEqual([
      movie.id,
    ]);
    const events = await eventsFor(movie.id);
    expect(events.map((event) => event.type)).toEqual(['movie.created', 'movie.updated']);
    expect(events[1]!.data).toEqual({ movieId: movie.id, title: 'Después', runtime: 130, type: '3D', release: movie.ReleaseDate });
  });

  it('takes back what GET gave (the full form) unchanged', async () => {
    const movie = await created();
    const { id, Title, Poster, Rated, Plot, Genre, Actors, Director, Runtime, Language, ReleaseDate, Trailer, Type } = (
      await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })
    ).json();
    const response = await catalog.app.inject({
      method: 'PUT',
      url: `/movies/update/${movie.id}`,
      headers: admin,
      payload: { id, Title, Poster, Rated, Plot, Genre, Actors, Director, Runtime, Language, Release: ReleaseDate, Trailer, Type },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(movie);
  });

  it('takes back the whole GET answer (ISO Release, ReleaseText, ReleaseDate, comments) unchanged', async () => {
    const movie = await created();
    const user = await signedInUser(catalog);
    await catalog.app.inject({
      method: 'POST',
      url: `/comments/add/${movie.id}?userId=${user.id}`,
      headers: user.headers,
      payload: { Text: 'Muy buena' },
    });
    const fetched = (await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json<
      MovieBody & { comments: unknown[] }
    >();
    expect(fetched.comments).toHaveLength(1);

    const response = await catalog.app.inject({ method: 'PUT', url: `/movies/update/${movie.id}`, headers: admin, payload: fetched });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(movie);

    const edited = await catalog.app.inject({
      method: 'PUT',
      url: `/movies/update/${movie.id}`,
      headers: admin,
      payload: { ...fetched, Title: 'Otro título', ReleaseText: 'ignorado' },
    });
    expect(edited.json()).toEqual({ ...movie, Title: 'Otro título' });
  });

  it('applies the same rules and messages as creation', async () => {
    const movie = await created();
    const put = (payload: Record<string, unknown>) =>
      catalog.app.inject({ method: 'PUT', url: `/movies/update/${movie.id}`, headers: admin, payload });

    expect((await put({ Genre: '' })).json()).toEqual({ statusCode: 400, error: 'Por favor ingresa el/los géneros/s *' });
    expect((await put({ Trailer: 'https://example.com/v.mp4' })).json()).toEqual({
      statusCode: 400,
      error: 'Solo se aceptan links de youtube *',
    });
    expect((await put({ Runtime: 'dos horas' })).json()).toEqual({ statusCode: 400, error: 'Alguno de los valores no es un número *' });
    expect((await put({ Title: ' ' })).json()).toEqual({ statusCode: 400, error: 'Por favor ingresa un titulo *' });
    expect((await put({ Title: 'Peli\n=1+1' })).json()).toEqual({
      statusCode: 400,
      error: 'No se permiten saltos de línea ni caracteres de control en el título.',
    });
    expect((await put({ Poster: 'javascript:alert(1)' })).json()).toEqual({
      statusCode: 400,
      error: 'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.',
    });
    expect((await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json()).toMatchObject({ Title: movie.Title });
  });

  it('404 for an unknown movie, 400 when the body id differs, 401/403 for guests and users', async () => {
    const movie = await created();
    const user = await signedInUser(catalog);
    const put = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
      catalog.app.inject({ method: 'PUT', url, headers, payload });

    expect((await put('/movies/update/0123456789abcdef01234567', { Title: 'x' })).json()).toEqual({
      statusCode: 404,
      error: 'No existe la película.',
    });
    expect((await put(`/movies/update/${movie.id}`, { id: '0123456789abcdef01234567', Title: 'x' })).json()).toEqual({
      statusCode: 400,
      error: 'El id del cuerpo no coincide con el de la ruta.',
    });
    expect((await put(`/movies/update/${movie.id}`, { Title: 'x' }, {})).statusCode).toBe(401);
    expect((await put(`/movies/update/${movie.id}`, { Title: 'x' }, user.headers)).statusCode).toBe(403);
    expect((await put('/movies/update/no-es-un-id', { Title: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /movies/delete/:id', () => {
  it('removes the movie and its comments and publishes movie.deleted', async () => {
    const movie = await created({ Title: 'Para Borrar', Release: '2026-01-05' });
    const user = await signedInUser(catalog);
    for (const Text of ['Muy buena', 'La vería otra vez']) {
      const response = await catalog.app.inject({
        method: 'POST',
        url: `/comments/add/${movie.id}?userId=${user.id}`,
        headers: user.headers,
        payload: { Text },
      });
      expect(response.statusCode).toBe(201);
    }

    const response = await catalog.app.inject({ method: 'DELETE', url: `/movies/delete/${movie.id}`, headers: admin });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Película eliminada.' });
    expect((await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).statusCode).toBe(404);
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/search?name=para borrar' })).json()).toEqual([]);
    expect((await catalog.app.inject({ method: 'GET', url: `/comments/user/${user.id}`, headers: user.headers })).json()).toEqual([]);
    expect(await catalog.context.db.collection('comments').countDocuments({ movieId: movie.id })).toBe(0);
    const events = await eventsFor(movie.id);
    expect(events.map((event) => event.type)).toEqual(['movie.created', 'movie.deleted']);
    expect(events[1]!.data).toEqual({ movieId: movie.id, title: 'Para Borrar', runtime: 112, type: '2D', release: '2026-01-05' });
  });

  it('404 the second time, 401 for guests, 403 for users', async () => {
    const movie = await created();
    const user = await signedInUser(catalog);
    const remove = (headers: Record<string, string>) =>
      catalog.app.inject({ method: 'DELETE', url: `/movies/delete/${movie.id}`, headers });

    expect((await remove({})).statusCode).toBe(401);
    expect((await remove(user.headers)).statusCode).toBe(403);
    expect((await remove(admin)).statusCode).toBe(200);
    expect((await remove(admin)).json()).toEqual({ statusCode: 404, error: 'No existe la película.' });
  });

  it('an admin token whose credentials were revoked gets 401', async () => {
    const headers = bearer(catalog.app, { sub: '0123456789abcdef01234599', role: 'admin', ver: 1 });
    await catalog.app.credentials.raise('0123456789abcdef01234599', 2);

    expect((await catalog.app.inject({ method: 'DELETE', url: '/movies/delete/0123456789abcdef01234567', headers })).statusCode).toBe(401);
  });
});
