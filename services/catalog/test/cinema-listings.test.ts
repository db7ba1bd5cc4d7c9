import { createEvent } from '@cine/service-kit';
import { startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

const NORTE = 'c1e000000000000000000002';
const CORDOBA = 'c1e000000000000000000003';
const UNKNOWN = 'c1e0000000000000000000ff';

// Issue 38: the billboard and premieres of one cinema, from booking's cinema.movies-changed.
describe('GET /movies/billboard and /movies/Premieres with cinemaId', () => {
  let catalog: CatalogUnderTest;
  let billboard: MovieBody[];
  let premieres: MovieBody[];

  const get = async (url: string) => {
    const response = await catalog.app.inject({ method: 'GET', url });
    return { statusCode: response.statusCode, body: response.json<MovieBody[]>() };
  };
  const ids = (movies: MovieBody[]) => movies.map((movie) => movie.id);
  const moviesChanged = (cinemaId: string, movieIds: string[], occurredAt?: string) => {
    const event = createEvent('cinema.movies-changed', { cinemaId, movieIds });
    return catalog.context.bus.publish(occurredAt ? { ...event, occurredAt } : event);
  };

  beforeAll(async () => {
    catalog = await startCatalog();
    billboard = (await get('/movies/billboard')).body;
    premieres = (await get('/movies/Premieres')).body;
    expect(billboard.length).toBeGreaterThanOrEqual(3);
    expect(premieres.length).toBeGreaterThanOrEqual(3);
    await moviesChanged(NORTE, [billboard[2]!.id, billboard[0]!.id, premieres[0]!.id]);
    await moviesChanged(CORDOBA, [billboard[1]!.id, premieres[1]!.id]);
  });
  afterAll(() => catalog.close());

  it("billboard: the released movies with a show at the cinema, in the billboard's order", async () => {
    const norte = await get(`/movies/billboard?cinemaId=${NORTE}`);

    expect(norte.statusCode).toBe(200);
    expect(ids(norte.body)).toEqual([billboard[0]!.id, billboard[2]!.id]);
    expect(ids((await get(`/movies/billboard?cinemaId=${CORDOBA}`)).body)).toEqual([billboard[1]!.id]);
  });

  it('premieres: those with a show at the cinema and those with no show anywhere yet, never those of another cinema alone', async () => {
    const norte = ids((await get(`/movies/Premieres?cinemaId=${NORTE}`)).body);

    expect(norte).toEqual(ids(premieres).filter((id) => id !== premieres[1]!.id));
    expect(norte).toContain(premieres[0]!.id);
  });

  it('a cinema with no movies has an empty billboard and the premieres coming to the whole chain', async () => {
    expect((await get(`/movies/billboard?cinemaId=${UNKNOWN}`)).body).toEqual([]);
    expect(ids((await get(`/movies/Premieres?cinemaId=${UNKNOWN}`)).body)).toEqual(
      ids(premieres).filter((id) => id !== premieres[0]!.id && id !== premieres[1]!.id),
    );
  });

  it('without cinemaId the whole chain, as before', async () => {
    expect(ids((await get('/movies/billboard')).body)).toEqual(ids(billboard));
    expect(ids((await get('/movies/Premieres')).body)).toEqual(ids(premieres));
  });

  it("follows a cinema's newest set (the cached listing is dropped) and ignores an older one arriving late", async () => {
    expect(ids((await get(`/movies/billboard?cinemaId=${CORDOBA}`)).body)).toEqual([billboard[1]!.id]);

    await moviesChanged(CORDOBA, [billboard[0]!.id, billboard[1]!.id]);
    expect(ids((await get(`/movies/billboard?cinemaId=${CORDOBA}`)).body)).toEqual([billboard[0]!.id, billboard[1]!.id]);

    await moviesChanged(CORDOBA, [], '2020-01-01T00:00:00.000Z');
    expect(ids((await get(`/movies/billboard?cinemaId=${CORDOBA}`)).body)).toEqual([billboard[0]!.id, billboard[1]!.id]);
  });

  it.each(['/movies/billboard?cinemaId=norte', '/movies/Premieres?cinemaId=1', '/movies/billboard?cine=norte'])(
    'answers 400 in Spanish to %s',
    async (url) => {
      const response = await catalog.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: expect.any(String) });
    },
  );
});
