import { buildCatalogApp } from '../src';
import { releaseDateOf, today } from '../src/movies/release-date';
import { startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;

beforeAll(async () => {
  catalog = await startCatalog();
});
afterAll(() => catalog.close());

async function get<T = MovieBody[]>(url: string, headers: Record<string, string> = {}) {
  const response = await catalog.app.inject({ method: 'GET', url, headers });
  return { statusCode: response.statusCode, body: response.json<T>() };
}

describe('the demo catalog seeded on first start', () => {
  it('shows at least 12 movies now and 6 upcoming, in 2D and 3D, across the home filter genres', async () => {
    const billboard = (await get('/movies/billboard')).body;
    const premieres = (await get('/movies/Premieres')).body;
    const all = [...billboard, ...premieres];

    expect(billboard.length).toBeGreaterThanOrEqual(12);
    expect(premieres.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((movie) => movie.Type))).toEqual(new Set(['2D', '3D']));
    for (const genre of ['Animación', 'Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama']) {
      expect(all.some((movie) => movie.Genre.split(', ').includes(genre))).toBe(true);
    }
    for (const movie of all) {
      expect(movie.Trailer).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
      expect(movie.Poster).toMatch(/^\/api\/uploads\/posters\/[a-z0-9-]+\.svg$/);
    }
  });

  it('is not seeded again when the service restarts', async () => {
    const again = await buildCatalogApp(catalog.context);
    await again.close();

    expect((await get('/movies/search')).body).toHaveLength(18);
  });

  it('serves each seeded poster as an SVG with the title', async () => {
    const [movie] = (await get('/movies/billboard')).body;
    const response = await catalog.app.inject({ method: 'GET', url: movie!.Poster.replace('/api', '') });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg /);
    expect(response.body).toContain('linearGradient');
    expect((await catalog.app.inject({ method: 'GET', url: '/uploads/posters/no-existe.svg' })).statusCode).toBe(404);
  });
});

describe('GET /movies/billboard and /movies/Premieres', () => {
  it('billboard: released on or before today, newest first, with the release as text and as a date', async () => {
    const { statusCode, body } = await get('/movies/billboard');
    const todayDate = releaseDateOf(today());

    expect(statusCode).toBe(200);
    expect(body.every((movie) => movie.ReleaseDate <= todayDate)).toBe(true);
    expect(body.map((movie) => movie.ReleaseDate)).toEqual([...body.map((movie) => movie.ReleaseDate)].sort().reverse());
    expect(body.some((movie) => movie.ReleaseDate === todayDate)).toBe(true);
    const [first] = body;
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      Title: expect.any(String),
      Poster: expect.any(String),
      Rated: expect.stringMatching(/^(\+13|\+16|\+18|ATP)$/),
      Plot: expect.any(String),
      Genre: expect.any(String),
      Actors: expect.any(String),
      Director: expect.any(String),
      Runtime: expect.any(Number),
      Language: expect.any(String),
      Release: `${first!.ReleaseDate}T00:00:00.000Z`,
      ReleaseText: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/),
      ReleaseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Trailer: expect.any(String),
      Type: expect.stringMatching(/^(2D|3D)$/),
    });
  });

  it('billboard answers with or without a bearer token', async () => {
    expect((await get('/movies/billboard', { authorization: 'Bearer x' })).statusCode).toBe(200);
  });

  it.each(['/movies/billboard', '/movies/Premieres'])('%s may be kept 5 s by the gateway, never by browsers', async (url) => {
    const response = await catalog.app.inject({ method: 'GET', url });
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
  });

  it('search answers are not marked shareable', async () => {
    const response = await catalog.app.inject({ method: 'GET', url: '/movies/search?name=a' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('premieres: only after today, soonest first', async () => {
    const { statusCode, body } = await get('/movies/Premieres');
    const todayDate = releaseDateOf(today());

    expect(statusCode).toBe(200);
    expect(body.every((movie) => movie.ReleaseDate > todayDate)).toBe(true);
    expect(body.map((movie) => movie.ReleaseDate)).toEqual([...body.map((movie) => movie.ReleaseDate)].sort());
  });
});

describe('GET /movies/search', () => {
  it('by name: partial, ignoring case and accents both ways', async () => {
    expect((await get('/movies/search?name=LEON')).body.map((movie) => movie.Title)).toEqual(['Mufasa: El Rey León']);
    expect((await get('/movies/search?name=traves del')).body.map((movie) => movie.Title)).toEqual([
      'Spider-Man: A Través del Spider-Verso',
    ]);
    expect((await get(`/movies/search?name=${encodeURIComponent('PANDá')}`)).body.map((movie) => movie.Title)).toEqual(['Kung Fu Panda 4']);
  });

  it("by genre: 'accion' finds the movies of 'Acción'", async () => {
    const { body } = await get('/movies/search?genre=accion');

    expect(body.length).toBeGreaterThan(3);
    expect(body.every((movie) => movie.Genre.includes('Acción'))).toBe(true);
  });

  it("by genre under the back office's spelling: 'Aventuras' finds the seeded 'Aventura' movies", async () => {
    const singular = (await get('/movies/search?genre=Aventura')).body.map((movie) => movie.id).sort();
    const plural = (await get('/movies/search?genre=Aventuras')).body.map((movie) => movie.id).sort();

    expect(singular.length).toBeGreaterThan(3);
    expect(plural).toEqual(singular);
  });

  it('by genre and name together', async () => {
    const { body } = await get(`/movies/search?genre=${encodeURIComponent('Animación')}&name=2`);

    expect(body.map((movie) => movie.Title).sort()).toEqual(['Intensa-Mente 2', 'Moana 2']);
  });

  it('an empty list when nothing matches; the text is literal, not a pattern', async () => {
    expect(await get('/movies/search?name=zzzz')).toEqual({ statusCode: 200, body: [] });
    expect(await get('/movies/search?name=.*')).toEqual({ statusCode: 200, body: [] });
    expect(await get('/movies/search?genre=(')).toEqual({ statusCode: 200, body: [] });
  });

  it('refuses unknown query parameters and over-long texts', async () => {
    expect(await get('/movies/search?title=x')).toEqual({
      statusCode: 400,
      body: { statusCode: 400, error: "El campo 'title' no está permitido." },
    });
    expect((await get(`/movies/search?name=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('GET /movies/search/:id', () => {
  it('the detail by id, with its (empty) comments', async () => {
    const [movie] = (await get('/movies/billboard')).body;
    const { statusCode, body } = await get<MovieBody>(`/movies/search/${movie!.id}`);

    expect(statusCode).toBe(200);
    expect(body).toEqual({ ...movie, comments: [] });
  });

  it('the detail by exact title, ignoring case and accents', async () => {
    const { statusCode, body } = await get<MovieBody>(`/movies/search/${encodeURIComponent('mufasa: el rey leon')}`);

    expect(statusCode).toBe(200);
    expect(body.Title).toBe('Mufasa: El Rey León');
  });

  it('404 in Spanish for an unknown id or title', async () => {
    expect(await get('/movies/search/0123456789abcdef01234567')).toEqual({
      statusCode: 404,
      body: { statusCode: 404, error: 'No existe la película.' },
    });
    expect((await get('/movies/search/nada-parecido')).statusCode).toBe(404);
  });
});
