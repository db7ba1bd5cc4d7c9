import { CINEMA_MESSAGES, soldTicketsText } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { currentUserOf } from '../../plugins/current-user';
import * as schemas from './schemas';

const REPLAY_UNAVAILABLE =
  'No se pudieron volver a publicar los usuarios porque el bus de eventos no está disponible. Inténtalo de nuevo: repetirlo no cambia nada.';
const STALE = 'El usuario cambió mientras se actualizaba. Intenta nuevamente.';

const soldUserNotDeletable = (sold: string) =>
  `No se puede eliminar el usuario: tiene ${sold} de funciones por venir. Reembolsa sus compras (o cancela esas funciones) primero; después se puede eliminar.`;

export default async function adminRoutes(app: ServiceApp): Promise<void> {
  // Checked on request, before the body is even read: a guest gets 401, a user 403.
  app.addHook('onRequest', app.requireCurrentAdmin);

  app.get('', { schema: schemas.listUsers }, async (request) => app.accounts.users.list(request.query));

  app.get('/searchUser', { schema: schemas.searchUsers }, async (request) => app.accounts.users.searchByUsername(request.query.username));

  app.post('/users/replay', { schema: schemas.replayUsers }, async (request) => {
    try {
      const republished = await app.usersReplay.replay();
      request.log.info({ republished }, 'users published again');
      return { republished };
    } catch (error) {
      request.log.error({ err: error }, 'replay of users interrupted');
      throw app.httpErrors.serviceUnavailable(REPLAY_UNAVAILABLE);
    }
  });

  app.delete('/deleteUser', { schema: schemas.deleteUser }, async (request, reply) => {
    const outcome = await app.accounts.deleteUser(currentUserOf(request), request.body.email);
    if (typeof outcome === 'object') {
      const { orders, tickets } = outcome;
      return reply.status(409).send({ statusCode: 409, error: soldUserNotDeletable(soldTicketsText(orders, tickets)), orders, tickets });
    }
    switch (outcome) {
      case 'not-found':
        throw app.httpErrors.notFound('No existe un usuario con ese e-mail.');
      case 'own-account':
        throw app.httpErrors.badRequest('No puedes eliminar tu propia cuenta.');
      case 'stale':
        throw app.httpErrors.conflict(STALE);
      case 'deleted':
        return { message: 'Usuario eliminado.' };
    }
  });

  app.put('/updateUser', { schema: schemas.updateUser }, async (request) => {
    const { id, ...changes } = request.body;
    const result = await app.accounts.updateProfile(currentUserOf(request), id, changes);
    switch (result.outcome) {
      case 'not-found':
        throw app.httpErrors.notFound('No existe un usuario con ese id.');
      case 'own-role':
        throw app.httpErrors.badRequest('No puedes cambiar tu propio rol.');
      case 'username-refused':
        throw app.httpErrors.badRequest(result.message);
      case 'email-taken':
        throw app.httpErrors.conflict('Ya existe un usuario registrado con ese e-mail.');
      case 'cinemas-required':
        throw app.httpErrors.badRequest(CINEMA_MESSAGES.cinemasRequired);
      case 'cinema-not-found':
        throw app.httpErrors.notFound(CINEMA_MESSAGES.cinemaNotFound);
      case 'stale':
        throw app.httpErrors.conflict(STALE);
      case 'updated':
        return result.user;
    }
  });
}
