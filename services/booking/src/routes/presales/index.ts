import { PRESALE_MESSAGES } from '@cine/contracts';
import { assertCinemaAccess, clientKey, cinemaScope, EVENT_STREAM_HEADERS, type ServiceApp } from '@cine/service-kit';
import { feedLineOf, presaleViewOf, sessionRunning } from '../../presales/presales';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * The presales' waiting lines (issue 40): an admin's (a manager's for their cinemas), the buyer's place and
 * standing, and the feed of a line to the gateways. The holds and checkouts of a presale's shows ask the gate.
 */
export default async function presaleRoutes(app: ServiceApp): Promise<void> {
  const { store } = app.presales;
  const found = async (id: string) => {
    const presale = await store.find(id);
    if (!presale) throw app.httpErrors.notFound(PRESALE_MESSAGES.unknown);
    return presale;
  };

  app.post('/', { schema: schemas.createPresale, onRequest: app.requireManager }, async (request, reply) => {
    // A manager puts only their cinemas' shows behind a line (an unknown show goes on to its 404).
    for (const showId of request.body.showIds) {
      const cinema = await app.shows.cinemaOf(showId);
      if (cinema) assertCinemaAccess(request, cinema.id);
    }
    const presale = await valueOr(app, store.create(request.body, request.user.sub));
    return reply.status(201).send(presaleViewOf(presale));
  });

  app.get('/', { schema: schemas.listPresales, onRequest: app.requireManager }, async (request) => {
    const scope = cinemaScope(request);
    return store.list((presale) => scope.all || scope.cinemaIds.includes(presale.cinemaId));
  });

  app.get('/active', { schema: schemas.activePresales }, async () => store.active());

  app.get('/:id', { schema: schemas.onePresale }, async (request) => presaleViewOf(await found(request.params.id)));

  app.post('/:id/close', { schema: schemas.closePresale, onRequest: app.requireManager }, async (request) => {
    assertCinemaAccess(request, (await found(request.params.id)).cinemaId);
    return presaleViewOf(await valueOr(app, store.close(request.params.id)));
  });

  app.post('/:id/join', { schema: schemas.joinPresale, onRequest: app.authenticate }, async (request, reply) => {
    const { place, created } = await valueOr(app, store.join(request.params.id, request.user.sub));
    return reply.status(created ? 201 : 200).send(store.joinView(place));
  });

  app.get('/:id/me', { schema: schemas.myPlace, onRequest: app.authenticate }, async (request, reply) => {
    const presale = await found(request.params.id);
    const { view, place } = await store.standing(presale, await store.placeOf(presale, request.user.sub));
    const grant =
      place && presale.state !== 'closed' && sessionRunning(place, app.clock())
        ? await app.presales.admissionFor(place, presale)
        : undefined;
    return reply.header('cache-control', 'no-store').send(grant ? { ...view, ...grant } : view);
  });

  // Server-sent events written by the feeds (presales/presale-feed.ts): Fastify lets go of the reply.
  app.get('/:id/feed', { schema: schemas.presaleFeed }, async (request, reply) => {
    // Without Accept: text/event-stream (or a HEAD), the line once as JSON: a stream it cannot read would stay open.
    if (request.method === 'HEAD' || !(request.headers.accept ?? '').includes('text/event-stream')) {
      return reply.header('cache-control', 'no-store').send(feedLineOf(await found(request.params.id)));
    }
    const opened = await app.presales.feeds.open(request.params.id, clientKey(request.ip), () => {
      reply.hijack();
      reply.raw.writeHead(200, { ...EVENT_STREAM_HEADERS, 'x-request-id': request.id });
      return reply.raw;
    });
    if (opened === 'not-found') throw app.httpErrors.notFound(PRESALE_MESSAGES.unknown);
    if (opened === 'too-many') throw app.httpErrors.tooManyRequests('Demasiadas conexiones abiertas a la fila desde esta dirección.');
    return reply;
  });
}
