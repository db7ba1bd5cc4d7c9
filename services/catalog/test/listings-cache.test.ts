import { createTestContext } from '@cine/service-kit/testing';
import { buildCatalogApp } from '../src';
import { adminHeaders, movieForm, type MovieBody } from './helpers';

let now = new Date('2026-06-15T15:00:00Z');
let context: Awaited<ReturnType<typeof createTestContext>>;
let app: Awaited<ReturnType<typeof buildCatalogApp>>;

beforeAll(async () => {
  context = await createTestContext('catalog');
  app = await buildCatalogApp({ ...context, clock: () => now });
});
afterAll(async () => {
  await app.close();
  await context.dropDatabase();
});

async function ids(url: string): Promise<string[]> {
  return (await app.inject({ method: 'GET', url })).json<MovieBody[]>().map((movie) => movie.id);
}

describe('billboard and premieres stay current while cached', () => {
  it('show a created, changed or deleted movie at once', async () => {
    const admin = adminHeaders(app);
    const before = await ids('/movies/billboard');
    const created = (
      await app.inject({ method: 'POST', url: '/movies/createMovie', headers: admin, payload: movieForm({ Release: '2026-06-01' }) })
    ).json<MovieBody>();

    expect(await ids('/movies/billboard')).toEqual(expect.arrayContaining([...before, created.id]));
    await app.inject({ method: 'PUT', url: `/movies/update/${created.id}`, headers: admin, payload: { Release: '2026-07-01' } });
    expect(await ids('/movies/billboard')).not.toContain(created.id);
    expect(await ids('/movies/Premieres')).toContain(created.id);
    await app.inject({ method: 'DELETE', url: `/movies/delete/${created.id}`, headers: admin });
    expect(await ids('/movies/Premieres')).not.toContain(created.id);
  });

  it("a premiere moves to the billboard when its day comes in the cinema's time zone", async () => {
    const admin = adminHeaders(app);
    const movie = (
      await app.inject({ method: 'POST', url: '/movies/createMovie', headers: admin, payload: movieForm({ Release: '2026-06-16' }) })
    ).json<MovieBody>();
    expect(await ids('/movies/Premieres')).toContain(movie.id);

    now = new Date('2026-06-16T02:59:00Z');
    expect(await ids('/movies/billboard')).not.toContain(movie.id);
    now = new Date('2026-06-16T03:00:00Z');
    expect(await ids('/movies/billboard')).toContain(movie.id);
    expect(await ids('/movies/Premieres')).not.toContain(movie.id);
  });

  it('seeds relative to the day of the first start', async () => {
    const billboard = (await app.inject({ method: 'GET', url: '/movies/billboard' })).json<MovieBody[]>();
    expect(billboard.some((movie) => movie.ReleaseDate === '2026-06-15' && movie.Title === 'Moana 2')).toBe(true);
  });
});
