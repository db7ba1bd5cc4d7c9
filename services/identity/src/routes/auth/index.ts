import type { ServiceApp } from '@cine/service-kit';
import { currentUserOf } from '../../plugins/current-user';
import { isWeakPassword, WEAK_PASSWORD } from '../../security/password-policy';
import { toUserView } from '../../users/users-repository';
import * as schemas from './schemas';

const INVALID_LOGIN = 'Email o contraseña incorrectos.';

export default async function authRoutes(app: ServiceApp): Promise<void> {
  app.post('/register', { schema: schemas.register }, async (request, reply) => {
    const role = request.body.role ?? 'user';
    if (isWeakPassword(request.body.password, request.body)) throw app.httpErrors.badRequest(WEAK_PASSWORD);
    if (role === 'admin') {
      if (!request.headers.authorization) throw app.httpErrors.forbidden('Solo un administrador puede crear usuarios administradores.');
      await app.requireCurrentAdmin(request, reply);
    }
    const result = await app.accounts.register({ ...request.body, role });
    if (result.outcome === 'email-taken') throw app.httpErrors.conflict('Ya existe un usuario registrado con ese e-mail.');
    return reply.status(201).send(result.user);
  });

  app.post('/login', { schema: schemas.login }, async (request) => {
    const user = await app.accounts.checkCredentials(request.body.email, request.body.password);
    if (!user) throw app.httpErrors.unauthorized(INVALID_LOGIN);
    const token = app.jwt.sign({ sub: user.id, role: user.role, ver: user.credentialsVersion });
    return { token, user: toUserView(user) };
  });

  app.get('/verifyrole', { schema: schemas.verifyRole, onRequest: app.requireCurrentUser }, async (request) => {
    const user = currentUserOf(request);
    return { role: user.role, id: user.id };
  });

  app.get('/acceder', { schema: schemas.access, onRequest: app.requireCurrentUser }, async (request) => ({
    permitir: currentUserOf(request).role === 'admin',
  }));

  app.get('/me', { schema: schemas.me, onRequest: app.requireCurrentUser }, async (request) => toUserView(currentUserOf(request)));

  app.put('/password', { schema: schemas.changePassword, onRequest: app.requireCurrentUser }, async (request) => {
    if (isWeakPassword(request.body.password, request.body)) throw app.httpErrors.badRequest(WEAK_PASSWORD);
    const outcome = await app.accounts.changePassword(currentUserOf(request), request.body.email, request.body.password);
    switch (outcome) {
      case 'forbidden':
        throw app.httpErrors.forbidden('Solo puedes cambiar tu propia contraseña.');
      case 'not-found':
        throw app.httpErrors.notFound('No existe un usuario con ese e-mail.');
      case 'stale':
        throw app.httpErrors.conflict('El usuario cambió mientras se actualizaba. Intenta nuevamente.');
      case 'changed':
        return { message: 'Contraseña actualizada.' };
    }
  });
}
