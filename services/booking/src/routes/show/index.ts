import { CINEMA_MESSAGES, FIRST_CINEMA_ID, SEAT_RELAY_HEADER, TOO_MANY_SEAT_MAPS } from '@cine/contracts';
import { assertCinemaAccess, cinemaScope, clientKey, type ServiceApp } from '@cine/service-kit';
import type { FastifyRequest } from 'fastify';
import { isRefusal } from '../../refusal';
import { SHOW_NOT_FOUND } from '../../shows/booking-errors';
import { INVALID_DAY } from '../../shows/show-rules';
import { isCalendarDate } from '../../shows/cinema-time';
import { httpErrorOf, valueOr } from '../refusals';
import * as schemas from './schemas';

const NO_CANCELLATION = 'Esta función no fue cancelada.';

const DATE_NOT_VALID = 'La fecha debe ser un día existente escrito AAAA-MM-DD.';

export default async function showRoutes(app: ServiceApp): Promise<void> {
  /** `?cinemaId=` of a cinema nobody knows: 404. */
  const knownCinema = async (cinemaId: string | undefined) => {
    if (cinemaId !== undefined && !(await app.cinemas.find(cinemaId))) throw app.httpErrors.notFound(CINEMA_MESSAGES.cinemaNotFound);
  };
  /** A manager acts on the shows of their cinemas only (403 for another's); an unknown show goes on to its 404. */
  const assertShowAccess = async (request: FastifyRequest, showId: string) => {
    const cinema = await app.shows.cinemaOf(showId);
    if (cinema) assertCinemaAccess(request, cinema.id);
  };

  // Sent as JSON text, made and compressed once for the requests of a quarter second (Shows.upcomingJson).
  app.get('/all', { schema: schemas.allShows }, async (request, reply) => {
    const { movieId, cinemaId, ...list } = request.query;
    await knownCinema(cinemaId);
    // The buyer's pages ask for every show (of a movie, of a cinema): the shared text. The back office's pages and filters are computed.
    if (Object.keys(list).length === 0) return (await app.shows.upcomingJson(app.clock(), movieId, cinemaId)).send(request, reply);
    return app.shows.upcomingList(app.clock(), request.query);
  });

  app.get('/date', { schema: schemas.showsOnDate }, async (request) => {
    if (!isCalendarDate(request.query.date)) throw app.httpErrors.badRequest(DATE_NOT_VALID);
    await knownCinema(request.query.cinemaId);
    return app.shows.onDate(request.query.date, app.clock(), request.query.cinemaId);
  });

  app.get('/one/:id', { schema: schemas.oneShow }, async (request) => {
    const show = await app.shows.one(request.params.id, app.clock());
    if (!show) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    return show;
  });

  app.get('/occupancy', { schema: schemas.occupancy, onRequest: app.requireManager }, async (request) => {
    // A manager sees the shows of their cinemas.
    const scope = cinemaScope(request);
    const [shows, admitted] = await Promise.all([
      app.shows.occupancy(app.clock(), scope.all ? undefined : scope.cinemaIds),
      app.tickets.admittedByShow(),
    ]);
    return shows.map((show) => ({ ...show, admitted: admitted.get(show.showId) ?? 0 }));
  });

  app.get('/:id/seats', { schema: schemas.seatMap }, async (request, reply) => {
    const map = await app.seatStreams.snapshot(request.params.id);
    if (!map) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    return reply.header('cache-control', 'no-store').send(map);
  });

  // Server-sent events, written to the socket by the seat streams (shows/seat-streams.ts): Fastify lets go of the reply.
  app.get('/:id/seats/stream', { schema: schemas.seatMapStream }, async (request, reply) => {
    // A HEAD gets the snapshot's head: a stream it cannot read would stay open until a timeout.
    if (request.method === 'HEAD' || !(request.headers.accept ?? '').includes('text/event-stream')) {
      const map = await app.seatStreams.snapshot(request.params.id);
      if (!map) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
      return reply.header('cache-control', 'no-store').send(map);
    }
    // A gateway's relay of the show is counted by the gateway, viewer by viewer.
    const client = request.headers[SEAT_RELAY_HEADER] === undefined ? clientKey(request.ip) : undefined;
    const opened = await app.seatStreams.open(request.params.id, client, request.headers['last-event-id'], () => {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      return reply.raw;
    });
    if (opened === 'not-found') throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    if (opened === 'too-many') throw app.httpErrors.tooManyRequests(TOO_MANY_SEAT_MAPS);
    return reply;
  });

  app.get('/day', { schema: schemas.showsOfDay }, async (request) => {
    await knownCinema(request.query.cinemaId);
    const shows = await app.shows.ofMovieOnDay(request.query.id, request.query.day, app.clock(), request.query.cinemaId);
    if (!shows) throw app.httpErrors.badRequest(INVALID_DAY);
    return shows;
  });

  app.post('/', { schema: schemas.createShow, onRequest: app.requireManager }, async (request, reply) => {
    assertCinemaAccess(request, request.body.data?.cinemaId ?? FIRST_CINEMA_ID);
    const { show } = await valueOr(app, app.shows.create(request.body.data ?? {}, app.clock()));
    return reply.status(201).send(show);
  });

  app.put('/one/:id', { schema: schemas.updateShow, onRequest: app.requireManager }, async (request) => {
    await assertShowAccess(request, request.params.id);
    const { show, moved, mark } = await valueOr(app, app.shows.update(request.params.id, request.body, app.clock()));
    if (moved) {
      // The sold orders follow the show (new date, deadline, mail to each buyer) before the admin hears it moved.
      const told = await app.showMoves.carry(moved, app.clock());
      if (mark) await app.pendingShowMoves.done(mark);
      request.log.info({ showId: moved.showId, told }, 'show moved: its orders follow it');
    }
    return show;
  });

  app.post('/bulk', { schema: schemas.bulkShows, onRequest: app.requireManager }, async (request, reply) => {
    assertCinemaAccess(request, request.body.cinemaId ?? FIRST_CINEMA_ID);
    const { result } = await valueOr(app, app.shows.bulk(request.body, app.clock()));
    return reply.status(result.created.length > 0 ? 201 : 200).send(result);
  });

  app.delete('/one/:id', { schema: schemas.deleteShow, onRequest: app.requireManager }, async (request, reply) => {
    await assertShowAccess(request, request.params.id);
    const deletion = await app.shows.delete(request.params.id, app.clock());
    if (!isRefusal(deletion)) return { message: 'Función eliminada.' };
    if (!('orders' in deletion)) throw httpErrorOf(app, deletion);
    const { orders, tickets, message } = deletion;
    // The counts beside the message: the admin's dialog offers to cancel the show instead.
    return reply.status(409).send({ statusCode: 409, error: message, orders, tickets });
  });

  // The refunds run as a background job (a big show with Stripe outlasts a request): 202 and the job, read by the GET.
  app.post('/one/:id/cancel', { schema: schemas.cancelShow, onRequest: app.requireManager }, async (request, reply) => {
    await assertShowAccess(request, request.params.id);
    if (!(await app.shows.markCancelled(request.params.id, app.clock()))) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    const cancellation = await app.showCancellations.request(request.params.id, request.body.reason);
    request.log.info({ showId: request.params.id, state: cancellation.state }, 'show cancelled: refunds queued');
    return reply.status(202).send(cancellation);
  });

  app.get('/one/:id/cancel', { schema: schemas.showCancellation, onRequest: app.requireManager }, async (request) => {
    await assertShowAccess(request, request.params.id);
    const cancellation = await app.showCancellations.view(request.params.id);
    if (!cancellation) throw app.httpErrors.notFound(NO_CANCELLATION);
    return cancellation;
  });
}
