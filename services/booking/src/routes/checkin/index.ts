import type { CheckinAnswer } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import * as schemas from './schemas';

const SHOW_NOT_FOUND = 'No existe la función.';
const NEITHER_FORM = 'Envía el QR de la entrada (token) o su código (code), siempre con la función que controlas (showId).';

function statusOf(answer: CheckinAnswer): 200 | 400 | 409 {
  if (answer.result === 'admitted') return 200;
  return answer.result === 'invalid' ? 400 : 409;
}

/** The door: staff and admins check tickets in (POST /checkin), online or uploaded later (POST /checkin/offline). */
export default async function checkinRoutes(app: ServiceApp): Promise<void> {
  // A body of neither form is a door's `invalid` too (the door reads every refusal the same way).
  app.post('/', { schema: schemas.checkIn, onRequest: app.requireStaff, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return reply.status(400).send({ result: 'invalid', message: NEITHER_FORM });
    const outcome = await app.door.checkIn({ ...request.body, at: app.clock() });
    request.log.info({ result: outcome.result, code: outcome.ticket?.code, entrance: request.body.entrance }, 'check-in');
    return reply.status(statusOf(outcome)).send(outcome);
  });

  app.get('/shows/:showId', { schema: schemas.doorShow, onRequest: app.requireStaff }, async (request) => {
    const view = await app.tickets.ofShow(request.params.showId);
    if (!view) throw app.httpErrors.notFound(SHOW_NOT_FOUND);
    return view;
  });

  app.post('/offline', { schema: schemas.offline, onRequest: app.requireStaff }, async (request) => {
    const results = await app.door.upload(request.body.scans, app.clock());
    request.log.info(
      { scans: results.length, conflicts: results.filter((result) => result.conflict).length },
      'offline check-ins uploaded',
    );
    return { results };
  });
}
