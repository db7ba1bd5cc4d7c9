import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { CINEMA_MESSAGES } from '@cine/contracts';
import { sharedRateLimitStore, type ServiceApp } from '@cine/service-kit';
import type { FastifyRequest } from 'fastify';
import { currentUserOf } from '../../plugins/current-user';
import { isWeakPassword, WEAK_PASSWORD } from '../../security/password-policy';
import { usernameProblem } from '../../security/username-policy';
import { cinemasOf } from '../../users/cinema-assignment';
import { toUserView } from '../../users/users-repository';
import * as schemas from './schemas';

const INVALID_LOGIN = 'Email o contraseña incorrectos.';
const WRONG_CURRENT_PASSWORDS = 5;
const WRONG_CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;

export default async function authRoutes(app: ServiceApp): Promise<void> {
  // Only what asks for it is limited; counters every instance shares (the service's database).
  await app.register(fastifyRateLimit, { global: false, store: sharedRateLimitStore(app.sharedCounters, 'auth') });

  app.post('/register', { schema: schemas.register }, async (request, reply) => {
    const role = request.body.role ?? 'user';
    const badName = usernameProblem(request.body.username);
    if (badName) throw app.httpErrors.badRequest(badName);
    if (isWeakPassword(request.body.password, request.body)) throw app.httpErrors.badRequest(WEAK_PASSWORD);
    if (role !== 'user') {
      if (!request.headers.authorization)
        throw app.httpErrors.forbidden('Solo un administrador puede crear usuarios administradores o de personal.');
      await app.requireCurrentAdmin(request, reply);
    }
    const result = await app.accounts.register({ ...request.body, role });
    switch (result.outcome) {
      case 'email-taken':
        throw app.httpErrors.conflict('Ya existe un usuario registrado con ese e-mail.');
      case 'cinemas-required':
        throw app.httpErrors.badRequest(CINEMA_MESSAGES.cinemasRequired);
      case 'cinema-not-found':
        throw app.httpErrors.notFound(CINEMA_MESSAGES.cinemaNotFound);
      case 'registered':
        return reply.status(201).send(result.user);
    }
  });

  app.post('/login', { schema: schemas.login }, async (request) => {
    const user = await app.accounts.checkCredentials(request.body.email, request.body.password);
    if (!user) throw app.httpErrors.unauthorized(INVALID_LOGIN);
    // One session id per sign-in, so "Cerrar sesión" can end this token alone (POST /auth/logout).
    // A manager's or staff member's cinemas are signed into it (`cin`): every service scopes them by it.
    const cin = cinemasOf(user);
    const token = app.jwt.sign({ sub: user.id, role: user.role, ver: user.credentialsVersion, sid: randomUUID(), ...(cin ? { cin } : {}) });
    return { token, user: toUserView(user) };
  });

  app.post('/logout', { schema: schemas.logout, onRequest: app.requireCurrentUser }, async (request) => {
    const { sid, exp } = request.user as { sid?: string; exp?: number };
    await app.accounts.signOut(currentUserOf(request), sid, new Date((exp ?? 0) * 1000));
    return { message: 'Sesión cerrada.' };
  });

  app.get('/verifyrole', { schema: schemas.verifyRole, onRequest: app.requireCurrentUser }, async (request) => {
    const user = currentUserOf(request);
    return { role: user.role, id: user.id };
  });

  app.get('/acceder', { schema: schemas.access, onRequest: app.requireCurrentUser }, async (request) => ({
    permitir: currentUserOf(request).role === 'admin',
  }));

  app.get('/me', { schema: schemas.me, onRequest: app.requireCurrentUser }, async (request) => toUserView(currentUserOf(request)));

  // Guesses per account (the token's user): 5 wrong current passwords in 15 minutes, then a wait, so a stolen token cannot find the password.
  const wrongCurrentPasswords = app.createRateLimit({
    max: WRONG_CURRENT_PASSWORDS,
    timeWindow: WRONG_CURRENT_PASSWORD_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `password-change:${currentUserOf(request).id}`,
  });
  const refuseWhileGuessing = async (request: FastifyRequest) => {
    const guesses = await wrongCurrentPasswords(request, { increment: false });
    if (!guesses.isAllowed && guesses.remaining === 0) {
      const minutes = Math.max(1, Math.ceil(guesses.ttl / 60_000));
      throw app.httpErrors.tooManyRequests(
        `Demasiados intentos de cambiar la contraseña. Espera ${minutes} minutos y vuelve a intentarlo.`,
      );
    }
  };

  app.put(
    '/password',
    { schema: schemas.changePassword, onRequest: app.requireCurrentUser, preHandler: refuseWhileGuessing },
    async (request) => {
      const { email, password, currentPassword } = request.body;
      if (isWeakPassword(password, request.body)) throw app.httpErrors.badRequest(WEAK_PASSWORD);
      const outcome = await app.accounts.changePassword(currentUserOf(request), email, password, currentPassword);
      switch (outcome) {
        case 'forbidden':
          throw app.httpErrors.forbidden('Solo puedes cambiar tu propia contraseña.');
        case 'wrong-current-password':
          await wrongCurrentPasswords(request);
          throw app.httpErrors.badRequest('La contraseña actual no es correcta.');
        case 'not-found':
          throw app.httpErrors.notFound('No existe un usuario con ese e-mail.');
        case 'stale':
          throw app.httpErrors.conflict('El usuario cambió mientras se actualizaba. Intenta nuevamente.');
        case 'same-password':
          throw app.httpErrors.badRequest('La nueva contraseña debe ser distinta de la actual.');
        case 'changed':
          return { message: 'Contraseña actualizada.' };
      }
    },
  );
}
