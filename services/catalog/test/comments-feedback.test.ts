import { createEvent } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { adminHeaders, signedInUser, startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };
let movie: MovieBody;

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
  [movie] = (await catalog.app.inject({ method: 'GET', url: '/movies/billboard' })).json<MovieBody[]>() as [MovieBody];
});
afterAll(() => catalog.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

function addComment(user: Pick<User, 'id' | 'headers'>, payload: unknown, movieId = movie.id) {
  return catalog.app.inject({
    method: 'POST',
    url: `/comments/add/${movieId}?userId=${user.id}`,
    headers: user.headers,
    payload: payload as object,
  });
}

describe('POST /comments/add/:movieId?userId=', () => {
  it('adds the comment (201) with the author, and the movie detail lists it with the username', async () => {
    const ana = await signedInUser(catalog, 'ana');
    const response = await addComment(ana, { Text: '  ¡Excelente película!  ' });

    expect(response.statusCode).toBe(201);
    const comment = response.json();
    expect(comment).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      Text: '¡Excelente película!',
      userId: ana.id,
      movieId: movie.id,
      user: { username: 'ana' },
      createdAt: expect.any(String),
    });
    const detail = (await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json<MovieBody>();
    expect(detail.comments).toContainEqual(comment);
  });

  it("empty, blank or missing text → 400 'Escriba un comentario'", async () => {
    const user = await signedInUser(catalog);
    for (const payload of [{ Text: '' }, { Text: '   ' }, {}]) {
      expect((await addComment(user, payload)).json()).toEqual({ statusCode: 400, error: 'Escriba un comentario' });
    }
  });

  it('404 for an unknown movie', async () => {
    const user = await signedInUser(catalog);
    expect((await addComment(user, { Text: 'Hola' }, '0123456789abcdef01234567')).json()).toEqual({
      statusCode: 404,
      error: 'No existe la película.',
    });
  });

  it('guests get 401; a user cannot comment as someone else (403); the userId is required', async () => {
    const ana = await signedInUser(catalog);
    const luis = await signedInUser(catalog);

    expect((await addComment({ id: ana.id, headers: {} as { authorization: string } }, { Text: 'Hola' })).statusCode).toBe(401);
    expect((await addComment({ id: luis.id, headers: ana.headers }, { Text: 'Hola' })).json()).toEqual({
      statusCode: 403,
      error: 'Solo puedes operar con tu propio usuario.',
    });
    const withoutUserId = await catalog.app.inject({
      method: 'POST',
      url: `/comments/add/${movie.id}`,
      headers: ana.headers,
      payload: { Text: 'Hola' },
    });
    expect(withoutUserId.json()).toEqual({ statusCode: 400, error: "Falta el campo obligatorio 'userId'." });
  });

  it('an author the catalog has not heard of is shown as Usuario; a later user.registered fills in the name', async () => {
    const strangerId = '0123456789abcdef0123aaaa';
    const stranger = { id: strangerId, headers: bearer(catalog.app, { sub: strangerId }) };

    expect((await addComment(stranger, { Text: 'Primero' })).json()).toMatchObject({ user: { username: 'Usuario' } });
    await catalog.context.bus.publish(
      createEvent('user.registered', { userId: stranger.id, email: 'tarde@cine.test', username: 'tardio' }),
    );
    const detail = (await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json<MovieBody>();
    expect(detail.comments?.find((comment) => comment.userId === stranger.id)?.user).toEqual({ username: 'tardio' });
  });

  it("a deleted author's comments show Usuario (user.deleted), also after a late rename", async () => {
    const leaving = await signedInUser(catalog);
    await addComment(leaving, { Text: 'Me voy' });

    await catalog.context.bus.publish(createEvent('user.deleted', { userId: leaving.id, email: 'leaving@cine.test' }));
    // A rename published before the deletion and delivered after it does not bring the name back.
    await catalog.context.bus.publish(
      createEvent('user.updated', { userId: leaving.id, email: 'leaving@cine.test', username: 'de-vuelta' }),
    );
    const detail = (await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json<MovieBody>();
    expect(detail.comments?.find((comment) => comment.userId === leaving.id)?.user).toEqual({ username: 'Usuario' });
  });

  it('a user renamed by an admin (user.updated) shows the new name on their comments; an older event arriving late changes nothing', async () => {
    const author = await signedInUser(catalog, 'nombre-viejo');
    await addComment(author, { Text: 'Con nombre' });
    await catalog.context.bus.publish(
      createEvent('user.updated', { userId: author.id, email: 'nuevo@cine.test', username: 'nombre-nuevo' }),
    );
    const stale = {
      ...createEvent('user.updated', { userId: author.id, email: 'x@cine.test', username: 'nombre-anterior' }),
      occurredAt: '2000-01-01T00:00:00.000Z',
    };
    await catalog.context.bus.publish(stale);

    const detail = (await catalog.app.inject({ method: 'GET', url: `/movies/search/${movie.id}` })).json<MovieBody>();
    expect(detail.comments?.find((comment) => comment.userId === author.id)?.user).toEqual({ username: 'nombre-nuevo' });
    expect(catalog.context.bus.deadLetters).toEqual([]);
  });

  it('bad input: text not a string, an operator, unknown fields, too long → 400', async () => {
    const user = await signedInUser(catalog);
    expect((await addComment(user, { Text: 5 })).json()).toEqual({ statusCode: 400, error: "El campo 'Text' debe ser texto." });
    expect((await addComment(user, { Text: { $gt: '' } })).json()).toEqual({ statusCode: 400, error: "El campo 'Text' debe ser texto." });
    expect((await addComment(user, { Text: 'Hola', userId: user.id })).json()).toEqual({
      statusCode: 400,
      error: "El campo 'userId' no está permitido.",
    });
    expect((await addComment(user, { Text: 'x'.repeat(2001) })).statusCode).toBe(400);
  });
});

describe('GET /comments/ (admin) and GET /comments/user/:userId', () => {
  it('the admin sees every comment with author, user id and movie title; users and guests cannot', async () => {
    const marta = await signedInUser(catalog, 'marta');
    const comment = (await addComment(marta, { Text: 'Para el admin' })).json();

    const response = await catalog.app.inject({ method: 'GET', url: '/comments/', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ ...comment, movie: { id: movie.id, Title: movie.Title } });
    expect((await catalog.app.inject({ method: 'GET', url: '/comments', headers: admin })).statusCode).toBe(200);
    expect((await catalog.app.inject({ method: 'GET', url: '/comments/', headers: marta.headers })).statusCode).toBe(403);
    expect((await catalog.app.inject({ method: 'GET', url: '/comments/' })).statusCode).toBe(401);
  });

  it("a user's own comments, newest first, with each movie's id and Title (the profile page)", async () => {
    const pablo = await signedInUser(catalog);
    const [, other] = (await catalog.app.inject({ method: 'GET', url: '/movies/billboard' })).json<MovieBody[]>();
    await addComment(pablo, { Text: 'Primero' });
    await addComment(pablo, { Text: 'Segundo' }, other!.id);

    const response = await catalog.app.inject({ method: 'GET', url: `/comments/user/${pablo.id}`, headers: pablo.headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ Text: 'Segundo', movie: { id: other!.id, Title: other!.Title } }),
      expect.objectContaining({ Text: 'Primero', movie: { id: movie.id, Title: movie.Title } }),
    ]);
  });

  it("another user's comments: 403 for a user, allowed for an admin, 401 for a guest", async () => {
    const owner = await signedInUser(catalog);
    const other = await signedInUser(catalog);
    await addComment(owner, { Text: 'Mío' });
    const read = (headers: Record<string, string>) => catalog.app.inject({ method: 'GET', url: `/comments/user/${owner.id}`, headers });

    expect((await read(other.headers)).statusCode).toBe(403);
    expect((await read(admin)).json()).toHaveLength(1);
    expect((await read({})).statusCode).toBe(401);
  });
});

describe('DELETE /comments/delete/:id', () => {
  it('the author or an admin can delete; another user gets 403; then 404', async () => {
    const author = await signedInUser(catalog);
    const other = await signedInUser(catalog);
    const first = (await addComment(author, { Text: 'Uno' })).json<{ id: string }>();
    const second = (await addComment(author, { Text: 'Dos' })).json<{ id: string }>();
    const remove = (id: string, headers: Record<string, string>) =>
      catalog.app.inject({ method: 'DELETE', url: `/comments/delete/${id}`, headers });

    expect((await remove(first.id, {})).statusCode).toBe(401);
    expect((await remove(first.id, other.headers)).json()).toEqual({
      statusCode: 403,
      error: 'Solo puedes eliminar tus propios comentarios.',
    });
    expect((await remove(first.id, author.headers)).json()).toEqual({ message: 'Comentario eliminado.' });
    expect((await remove(second.id, admin)).statusCode).toBe(200);
    expect((await remove(second.id, admin)).json()).toEqual({ statusCode: 404, error: 'No existe el comentario.' });
    expect((await remove('no-es-un-id', admin)).statusCode).toBe(400);
    expect((await catalog.app.inject({ method: 'GET', url: `/comments/user/${author.id}`, headers: author.headers })).json()).toEqual([]);
  });
});

describe('feedback', () => {
  it('POST /feedback/add/:id stores it (201); GET /feedback gives the admin text, user id and username', async () => {
    const sofia = await signedInUser(catalog, 'sofia');
    const response = await catalog.app.inject({
      method: 'POST',
      url: `/feedback/add/${sofia.id}`,
      headers: sofia.headers,
      payload: { Text: 'Más funciones en 3D' },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ Text: 'Más funciones en 3D', userId: sofia.id, user: { username: 'sofia' } });
    const list = await catalog.app.inject({ method: 'GET', url: '/feedback', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ Text: 'Más funciones en 3D', userId: sofia.id, user: { username: 'sofia' } }),
    );
  });

  it('text is required; only the user themself may send it; guests 401', async () => {
    const user = await signedInUser(catalog);
    const other = await signedInUser(catalog);
    const send = (id: string, payload: object, headers: Record<string, string>) =>
      catalog.app.inject({ method: 'POST', url: `/feedback/add/${id}`, headers, payload });

    expect((await send(user.id, { Text: '  ' }, user.headers)).json()).toEqual({ statusCode: 400, error: 'Escribe tu feedback' });
    expect((await send(user.id, {}, user.headers)).json()).toEqual({ statusCode: 400, error: 'Escribe tu feedback' });
    expect((await send(user.id, { Text: { $ne: null } }, user.headers)).json()).toEqual({
      statusCode: 400,
      error: "El campo 'Text' debe ser texto.",
    });
    expect((await send(other.id, { Text: 'Hola' }, user.headers)).statusCode).toBe(403);
    expect((await send(user.id, { Text: 'Hola' }, {})).statusCode).toBe(401);
  });

  it.each(['%00', encodeURIComponent('{"$ne":null}'), '%0D%0Aset-cookie:x', 'user-1', '0123456789abcdef0123456'])(
    'refuses the id %s with 400, even from an admin',
    async (id) => {
      const response = await catalog.app.inject({
        method: 'POST',
        url: `/feedback/add/${id}`,
        headers: adminHeaders(catalog.app),
        payload: { Text: 'Hola' },
      });
      expect(response.statusCode).toBe(400);
    },
  );

  it('GET /feedback: users 403, guests 401', async () => {
    const user = await signedInUser(catalog);
    expect((await catalog.app.inject({ method: 'GET', url: '/feedback', headers: user.headers })).statusCode).toBe(403);
    expect((await catalog.app.inject({ method: 'GET', url: '/feedback' })).statusCode).toBe(401);
  });
});
