import fastifyJwt, { type FastifyJWTOptions } from '@fastify/jwt';
import { CINEMA_MESSAGES, cinemaScopeOf, scopeIncludes, type CinemaScope, type TokenClaims } from '@cine/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import type { EventBus } from './events/event-bus';
import { subscribeIdempotent } from './events/processed-events';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid, unrevoked bearer token is required. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: authenticated and role admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: authenticated and role staff, manager or admin (check-in at the door; which cinemas: `assertCinemaAccess`). */
    requireStaff: preHandlerAsyncHookHandler;
    /** preHandler: authenticated and role manager or admin (a cinema's back office; which cinemas: `assertCinemaAccess`). */
    requireManager: preHandlerAsyncHookHandler;
    credentials: CredentialsRegistry;
  }
}

/**
 * Minimum credentials version per user, fed by identity's events. A password
 * change or a deletion raises it, so older tokens stop working in every
 * service. Kept in the service's own database and cached in memory.
 * Besides, the sessions a user ended ("Cerrar sesión": user.signed-out), by
 * the token's `sid`, each kept until that token would have expired anyway.
 */
export class CredentialsRegistry {
  private readonly minimumVersions = new Map<string, number>();
  private readonly collection;
  private readonly endedSessions = new Map<string, number>();
  private readonly sessions;

  constructor(db: Connection) {
    this.collection = db.collection<{ _id: string; minVersion: number }>('credential_versions');
    this.sessions = db.collection<{ _id: string; expiresAt: Date }>('ended_sessions');
  }

  async load(): Promise<void> {
    for (const entry of await this.collection.find().toArray()) this.minimumVersions.set(entry._id, entry.minVersion);
    const now = new Date();
    await this.sessions.deleteMany({ expiresAt: { $lte: now } });
    for (const entry of await this.sessions.find().toArray()) this.endedSessions.set(entry._id, entry.expiresAt.getTime());
  }

  async raise(userId: string, minVersion: number): Promise<void> {
    this.minimumVersions.set(userId, Math.max(minVersion, this.minimumVersions.get(userId) ?? 0));
    await this.collection.updateOne({ _id: userId }, { $max: { minVersion } }, { upsert: true });
  }

  /** The token of session `sessionId` is refused from now on (until `expiresAt`, when it would be anyway). */
  async endSession(sessionId: string, expiresAt: Date): Promise<void> {
    const now = Date.now();
    this.endedSessions.set(sessionId, expiresAt.getTime());
    for (const [id, until] of this.endedSessions) if (until <= now) this.endedSessions.delete(id);
    await this.sessions.updateOne({ _id: sessionId }, { $set: { expiresAt } }, { upsert: true });
  }

  accepts(claims: TokenClaims): boolean {
    if (claims.sid !== undefined && this.endedSessions.has(claims.sid)) return false;
    return claims.ver >= (this.minimumVersions.get(claims.sub) ?? 0);
  }
}

/** Version meaning "no token of this user is valid any more" (the user was deleted). */
export const REVOKED_FOR_GOOD = Number.MAX_SAFE_INTEGER;

export interface AuthOptions {
  jwtSecret: string;
  tokenTtl: string;
  serviceName: string;
  db: Connection;
  bus: EventBus;
}

/**
 * Tokens are HS256 only: a token whose header names another algorithm
 * (RS256, none, "XYZ"…) is refused with 401 before any key is looked at.
 * The gateway registers @fastify/jwt with the same options.
 */
export const JWT_ALGORITHM = 'HS256';
export function jwtPluginOptions(secret: string, tokenTtl?: string): FastifyJWTOptions {
  return {
    secret,
    sign: { algorithm: JWT_ALGORITHM, ...(tokenTtl ? { expiresIn: tokenTtl } : {}) },
    verify: { algorithms: [JWT_ALGORITHM] },
  };
}

export const authPlugin = fp<AuthOptions>(
  async (app, { jwtSecret, tokenTtl, serviceName, db, bus }) => {
    await app.register(fastifyJwt, jwtPluginOptions(jwtSecret, tokenTtl));

    const credentials = new CredentialsRegistry(db);
    await credentials.load();
    await subscribeIdempotent(
      bus,
      db,
      `${serviceName}.credentials`,
      ['user.credentials-changed', 'user.deleted', 'user.signed-out'],
      async (event) => {
        if (event.type === 'user.credentials-changed') {
          await credentials.raise(event.data.userId, event.data.credentialsVersion);
        } else if (event.type === 'user.signed-out') {
          await credentials.endSession(event.data.sessionId, new Date(event.data.expiresAt));
        } else {
          await credentials.raise(event.data.userId, REVOKED_FOR_GOOD);
        }
      },
    );
    app.decorate('credentials', credentials);

    const authenticate = async (request: FastifyRequest): Promise<void> => {
      await request.jwtVerify();
      if (!credentials.accepts(request.user)) {
        throw app.httpErrors.unauthorized('La sesión ya no es válida. Inicia sesión nuevamente.');
      }
    };
    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.user.role !== 'admin') throw app.httpErrors.forbidden('Solo un administrador puede realizar esta acción.');
    });
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.user.role !== 'staff' && request.user.role !== 'manager' && request.user.role !== 'admin') {
        throw app.httpErrors.forbidden('Solo el personal del cine puede controlar entradas.');
      }
    });
    app.decorate('requireManager', async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.user.role !== 'manager' && request.user.role !== 'admin') throw app.httpErrors.forbidden(CINEMA_MESSAGES.managersOnly);
    });
  },
  { name: 'cine-auth', dependencies: ['@fastify/sensible'] },
);

export function isAdmin(request: FastifyRequest): boolean {
  return request.user?.role === 'admin';
}

/** The cinemas the authenticated caller may act on (admin: all; manager and staff: their token's). */
export function cinemaScope(request: FastifyRequest): CinemaScope {
  return request.user ? cinemaScopeOf(request.user) : { all: false, cinemaIds: [] };
}

/** 403 unless the caller may act on the cinema (admin, or a manager or staff member of it). */
export function assertCinemaAccess(request: FastifyRequest, cinemaId: string): void {
  if (!scopeIncludes(cinemaScope(request), cinemaId)) throw request.server.httpErrors.forbidden(CINEMA_MESSAGES.notYourCinema);
}

/**
 * A user id sent by the client (`userId`, `idUser`, `id`) must be the
 * caller's own, unless the caller is an admin. Throws 403 otherwise.
 */
export function assertSameUser(request: FastifyRequest, userId: string | undefined): void {
  if (isAdmin(request)) return;
  if (!userId || userId !== request.user?.sub) {
    throw request.server.httpErrors.forbidden('Solo puedes operar con tu propio usuario.');
  }
}

/** preHandler factory: authenticate, then check the client-sent user id taken from the request. */
export function requireSameUser(pickUserId: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler {
  return async function sameUser(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await this.authenticate.call(this, request, reply);
    assertSameUser(request, pickUserId(request));
  };
}

export function signToken(app: FastifyInstance, claims: TokenClaims): string {
  return app.jwt.sign(claims);
}
