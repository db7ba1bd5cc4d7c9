import { CINEMA_MESSAGES, FIRST_CINEMA_ID, type CheckinAnswer } from '@cine/contracts';
import { assertCinemaAccess, type ServiceApp } from '@cine/service-kit';
import type { FastifyRequest } from 'fastify';
import * as schemas from './schemas';

const SHOW_NOT_FOUND = 'No existe la función.';
const NEITHER_FORM = 'Envía el QR de la entrada (token) o su código (code), siempre con la función que controlas (showId).';

function statusOf(answer: CheckinAnswer): 200 | 400 | 409 {
  if (answer.result === 'admitted') return 200;
  return answer.result === 'invalid' ? 400 : 409;
}

/** The door: staff (of the show's cinema), its managers and admins check tickets in (POST /checkin), online or uploaded later (POST /checkin/offline). */
export default async function checkinRoutes(app: ServiceApp): Promise<void> {
  /**
   * Staff open the doors of their cinemas only (403 for another's; an unknown show goes on to its answer).
   * A staff token from before the chain (no `cin`) is the first cinema's, as identity reads such staff.
   */
  const assertDoorAccess = async (request: FastifyRequest, showIds: Iterable<string>) => {
    const legacyStaff = request.user.role === 'staff' && request.user.cin === undefined;
    for (const showId of new Set(showIds)) {
      const cinema = await app.shows.cinemaOf(showId);
      if (!cinema) continue;
      if (legacyStaff) {
        if (cinema.id !== FIRST_CINEMA_ID) throw app.httpErrors.forbidden(CINEMA_MESSAGES.notYourCinema);
      } else assertCinemaAccess(request, cinema.id);
    }
  };

  // A body of neither form is a door's `invalid` too (the door reads every refusal the same way).
  app.post('/', { schema: schemas.checkIn, onRequest: app.requireStaff, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return reply.status(400).send({ result: 'invalid', message: NEITHER_FORM });
    await assertDoorAccess(request, [request.body.showId]);
    const outcome = await app.door.checkIn({ ...request.body, at: app.clock() });
    request.log.info({ result: outcome.result, code: outcome.ticket?.code, entrance: request.body.entrance }, 'check-in');
    return reply.status(statusOf(outcome)).send(outcome);
  });

  app.get('/shows/:showId', { schema: schemas.doorShow, onRequest: app.requireStaff }, async (request) => {
    await assertDoorAccess(request, [request.params.showId]);
    const view = await app.tickets.ofShow(request.params.showId);
    if (!view) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    return view;
  });

  app.post('/offline', { schema: schemas.offline, onRequest: app.requireStaff }, async (request) => {
    await assertDoorAccess(
      request,
      request.body.scans.map((scan) => scan.showId),
    );
    const results = await app.door.upload(request.body.scans, app.clock());
    request.log.info(
      { scans: results.length, conflicts: results.filter((result) => result.conflict).length },
      'offline check-ins uploaded',
    );
    return { results };
  });
}
