import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRecord } from '../users/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: a valid token of a user who still exists and has not changed credentials since. */
    requireCurrentUser: onRequestAsyncHookHandler;
    /** Hook: requireCurrentUser, and that user is an admin now. */
    requireCurrentAdmin: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    currentUser: UserRecord | null;
  }
}

const SESSION_ENDED = 'La sesión ya no es válida. Inicia sesión nuevamente.';

/**
 * Identity owns the users, so its own routes check each token against the
 * stored user instead of waiting for its credentials events to come back
 * through the bus: a password change or deletion ends old sessions at once.
 */
export const currentUserPlugin = fp(
  async (app) => {
    app.decorateRequest('currentUser', null);

    const requireCurrentUser = async (request: FastifyRequest): Promise<void> => {
      await request.jwtVerify();
      const user = await app.accounts.users.findById(request.user.sub);
      if (!user || user.credentialsVersion > request.user.ver || !app.credentials.accepts(request.user)) {
        throw app.httpErrors.unauthorized(SESSION_ENDED);
      }
      request.currentUser = user;
    };

    app.decorate('requireCurrentUser', requireCurrentUser);
    app.decorate('requireCurrentAdmin', async (request: FastifyRequest) => {
      await requireCurrentUser(request);
      if (request.currentUser?.role !== 'admin') throw app.httpErrors.forbidden('Solo un administrador puede realizar esta acción.');
    });
  },
  { name: 'identity-current-user', dependencies: ['identity-accounts', 'cine-auth'] },
);

/** The user that requireCurrentUser / requireCurrentAdmin put on the request. */
export function currentUserOf(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw request.server.httpErrors.unauthorized(SESSION_ENDED);
  return request.currentUser;
}
