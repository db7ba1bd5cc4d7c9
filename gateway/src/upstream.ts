import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';
import { Agent } from 'undici';
import type { UpstreamTimeouts } from './options';

export const SERVICE_UNAVAILABLE_MESSAGE = 'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.';

/**
 * The gateway's one connection pool to the services, shared by the proxy and
 * the health probes. A service that does not accept the connection within
 * `connectMs` counts as down, so clients get a 503 quickly instead of a hang.
 */
export function createUpstreamAgent(timeouts: UpstreamTimeouts): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs, rejectUnauthorized: true },
    headersTimeout: timeouts.responseMs,
    bodyTimeout: timeouts.responseMs,
    keepAliveTimeout: 10_000,
  });
}

/** The answer when a service is down, refuses the connection or times out. */
export function replyServiceUnavailable(reply: FastifyReply<RouteGenericInterface, RawServerBase>, service: string, error: Error): void {
  reply.log.warn({ err: error, service }, 'service unavailable');
  void reply.code(503).send({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
}
