import { assertCinemaAccess, type ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * The chain's cinemas and rooms (issue 38): anyone lists them; an admin creates and changes cinemas and
 * adds rooms; a room is read (with its layout) and changed by an admin or a manager of its cinema (403 for another's).
 */
export default async function cinemaRoutes(app: ServiceApp): Promise<void> {
  // Every page asks for it (the buyer's cinema picker): the gateway may serve it for a few seconds; a write of
  // booking through the gateway drops it there, so a change an admin makes shows at once.
  app.get('/', { schema: schemas.listCinemas }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=0, s-maxage=5').send(await app.cinemas.list()),
  );

  app.post('/', { schema: schemas.createCinema, onRequest: app.requireAdmin }, async (request, reply) => {
    const cinema = await valueOr(app, app.cinemas.create(request.body));
    return reply.status(201).send(cinema);
  });

  app.put('/:id', { schema: schemas.updateCinema, onRequest: app.requireAdmin }, async (request) =>
    valueOr(app, app.cinemas.update(request.params.id, request.body)),
  );

  app.post('/:id/rooms', { schema: schemas.createRoom, onRequest: app.requireAdmin }, async (request, reply) => {
    const room = await valueOr(app, app.cinemas.addRoom(request.params.id, request.body));
    return reply.status(201).send(room);
  });

  // The layout editor's start (the list names rooms without their seats): the same access as a change of the room.
  app.get('/:id/rooms/:roomId', { schema: schemas.getRoom, onRequest: app.requireManager }, async (request) => {
    assertCinemaAccess(request, request.params.id);
    return valueOr(app, app.cinemas.readRoom(request.params.id, request.params.roomId));
  });

  app.put('/:id/rooms/:roomId', { schema: schemas.updateRoom, onRequest: app.requireManager }, async (request) => {
    assertCinemaAccess(request, request.params.id);
    const { id, roomId } = request.params;
    return valueOr(app, app.cinemas.updateRoom(id, roomId, request.body, app.shows));
  });
}
