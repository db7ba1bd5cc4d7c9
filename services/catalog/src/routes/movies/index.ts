import { soldTicketsText } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import type { FastifyReply } from 'fastify';
import type { MovieRemoval, MovieWrite } from '../../catalog';
import * as schemas from './schemas';

export const MOVIE_NOT_FOUND = 'No existe la película.';
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The listings are the same for every visitor: the gateway's shared cache may
 * keep them for 5 s (a movie edit through the gateway drops them at once);
 * browsers ask again each time, so a returning admin never sees an old list.
 */
const LISTING_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

const soldMovieNotDeletable = (sold: string) =>
  `No se puede eliminar la película: sus funciones por venir tienen ${sold}. Cancela esas funciones primero (se reembolsa cada compra y se avisa a los compradores); después se puede eliminar.`;
const soldMovieNotArchivable = (sold: string) =>
  `No se puede archivar la película: sus funciones por venir tienen ${sold}. Archívala cuando hayan pasado, o cancélalas primero.`;

export default async function moviesRoutes(app: ServiceApp): Promise<void> {
  const saved = (result: MovieWrite) => {
    switch (result.outcome) {
      case 'invalid':
        throw app.httpErrors.badRequest(result.message);
      case 'not-found':
        throw app.httpErrors.notFound(MOVIE_NOT_FOUND);
      case 'saved':
        return result.movie;
    }
  };

  // Sent as the cached JSON text: a string with a JSON content type is not serialized again.
  // With `?cinemaId=` the gateway's shared cache passes the request on (it keeps no answer to a query string); the catalog keeps each cinema's.
  app.get('/billboard', { schema: schemas.billboard }, async (request, reply) =>
    reply
      .type(JSON_TYPE)
      .header('cache-control', LISTING_CACHE_CONTROL)
      .send(await app.catalog.billboardJson(request.query.cinemaId)),
  );

  app.get('/Premieres', { schema: schemas.premieres }, async (request, reply) =>
    reply
      .type(JSON_TYPE)
      .header('cache-control', LISTING_CACHE_CONTROL)
      .send(await app.catalog.premieresJson(request.query.cinemaId)),
  );

  app.get('/search', { schema: schemas.search }, async (request) => app.catalog.search(request.query));

  app.get('/search/:id', { schema: schemas.detail }, async (request) => {
    const movie = await app.catalog.detail(request.params.id);
    if (!movie) throw app.httpErrors.notFound(MOVIE_NOT_FOUND);
    return movie;
  });

  app.post('/createMovie', { schema: schemas.createMovie, onRequest: app.requireAdmin }, async (request, reply) =>
    reply.status(201).send(saved(await app.catalog.createMovie(request.body))),
  );

  app.put('/update/:id', { schema: schemas.updateMovie, onRequest: app.requireAdmin }, async (request) => {
    // The read-only fields of the GET answer come back with a round trip; they are derived, not changed.
    const { id, ReleaseText: _text, ReleaseDate: _date, comments: _comments, ...changes } = request.body;
    if (id !== undefined && id !== request.params.id) throw app.httpErrors.badRequest('El id del cuerpo no coincide con el de la ruta.');
    return saved(await app.catalog.updateMovie(request.params.id, changes));
  });

  /** 404, or the 409 of paid tickets with their counts; the done removal passes. */
  const refuseUnlessDone = (removal: MovieRemoval, reply: FastifyReply, refusal: (sold: string) => string) => {
    if (removal.outcome === 'not-found') throw app.httpErrors.notFound(MOVIE_NOT_FOUND);
    if (removal.outcome === 'sold') {
      const { orders, tickets } = removal;
      reply.status(409).send({ statusCode: 409, error: refusal(soldTicketsText(orders, tickets)), orders, tickets });
      return undefined;
    }
    return removal.movie;
  };

  app.delete('/delete/:id', { schema: schemas.deleteMovie, onRequest: app.requireAdmin }, async (request, reply) => {
    const deleted = refuseUnlessDone(await app.catalog.deleteMovie(request.params.id), reply, soldMovieNotDeletable);
    return deleted ? { message: 'Película eliminada.' } : reply;
  });

  app.get('/archived', { schema: schemas.archivedMovies, onRequest: app.requireAdmin }, async () => app.catalog.archivedMovies());

  app.put('/archive/:id', { schema: schemas.archiveMovie, onRequest: app.requireAdmin }, async (request, reply) => {
    const movie = refuseUnlessDone(await app.catalog.archiveMovie(request.params.id, request.body.archived), reply, soldMovieNotArchivable);
    return movie ?? reply;
  });
}
