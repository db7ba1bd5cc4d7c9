import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
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

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus Expect, which Node
 * has already answered (100 Continue) by the time the body is read. A proxy must not pass them on,
 * and undici refuses Connection, Keep-Alive, Upgrade, Transfer-Encoding and Expect outright, so a
 * client sending one turned any proxied route into a 503.
 */
const hopByHopHeaders = ['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect'];

/** Removes the hop-by-hop headers (and those the Connection header names) from a copy of a message's headers, in place. */
export function withoutHopByHopHeaders<T extends IncomingHttpHeaders>(headers: T): T {
  const named = typeof headers.connection === 'string' ? headers.connection.split(',').map((name) => name.trim().toLowerCase()) : [];
  for (const name of [...hopByHopHeaders, ...named]) delete headers[name];
  for (const name of Object.keys(headers)) {
    if (name.startsWith('proxy-')) delete headers[name];
  }
  return headers;
}
