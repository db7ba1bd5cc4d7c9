import type { CommentWithMovie, FeedbackView, Page } from '@cine/contracts';
import { adminHeaders, signedInUser, startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };
let movies: MovieBody[];
/** Comments' texts in the order written. */
const written: string[] = [];

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
  movies = (await catalog.app.inject({ method: 'GET', url: '/movies/billboard' })).json<MovieBody[]>();
  const ana = await signedInUser(catalog, 'ana');
  for (let index = 0; index < 12; index += 1) {
    const movie = movies[index % 2]!;
    const Text = `Comentario ${index}`;
    const url = `/comments/add/${movie.id}?userId=${ana.id}`;
    expect((await catalog.app.inject({ method: 'POST', url, headers: ana.headers, payload: { Text } })).statusCode).toBe(201);
    const feedback = { method: 'POST' as const, url: `/feedback/add/${ana.id}`, headers: ana.headers, payload: { Text } };
    expect((await catalog.app.inject(feedback)).statusCode).toBe(201);
    written.push(Text);
  }
});
afterAll(() => catalog.close());

const get = (url: string) => catalog.app.inject({ method: 'GET', url, headers: admin });

describe('GET /comments paged (Comentarios)', () => {
  it('without page answers every comment newest first, as before', async () => {
    const all = (await get('/comments/')).json<CommentWithMovie[]>();

    expect(all.map((comment) => comment.Text)).toEqual([...written].reverse());
  });

  it('answers a page newest first with the total, oldest first with sort=createdAt, of one movie with movieId', async () => {
    const second = (await get('/comments/?page=2&pageSize=10')).json<Page<CommentWithMovie>>();
    const oldest = (await get('/comments/?page=1&pageSize=10&sort=createdAt')).json<Page<CommentWithMovie>>();
    const ofMovie = (await get(`/comments/?page=1&movieId=${movies[1]!.id}`)).json<Page<CommentWithMovie>>();

    expect(second.total).toBe(12);
    expect(second.items.map((comment) => comment.Text)).toEqual(['Comentario 1', 'Comentario 0']);
    expect(oldest.items[0]).toMatchObject({ Text: 'Comentario 0', user: { username: 'ana' }, movie: { Title: movies[0]!.Title } });
    expect(ofMovie.total).toBe(6);
    expect(ofMovie.items.every((comment) => comment.movieId === movies[1]!.id)).toBe(true);
  });

  it('refuses a bad movie id or sort with a Spanish 400', async () => {
    expect((await get('/comments/?page=1&movieId=peli')).json()).toEqual({
      statusCode: 400,
      error: "El campo 'movieId' no tiene un formato válido.",
    });
    expect((await get('/comments/?page=1&sort=-username')).json()).toEqual({
      statusCode: 400,
      error: "El campo 'sort' tiene un valor no permitido.",
    });
  });
});

describe('GET /feedback paged (Feedback)', () => {
  it('answers a page newest first with the total; without page every item as before', async () => {
    const first = (await get('/feedback?page=1&pageSize=10')).json<Page<FeedbackView>>();
    const all = (await get('/feedback')).json<FeedbackView[]>();

    expect(first.total).toBe(12);
    expect(first.items.map((item) => item.Text)).toEqual([...written].reverse().slice(0, 10));
    expect(first.items[0]!.user.username).toBe('ana');
    expect(all).toHaveLength(12);
  });

  it('refuses a page size outside the choice with a Spanish 400', async () => {
    expect((await get('/feedback?page=1&pageSize=7')).json()).toEqual({
      statusCode: 400,
      error: "El campo 'pageSize' tiene un valor no permitido.",
    });
  });
});
