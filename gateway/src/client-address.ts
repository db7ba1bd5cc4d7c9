import type { FastifyBaseLogger, onRequestHookHandler } from 'fastify';
import { isIP } from 'node:net';

const NOT_AN_IP_MESSAGE = 'La dirección del cliente indicada en X-Forwarded-For no es una dirección IP válida.';

/**
 * `trustProxy: true` trusts every hop: the client address is then whatever the
 * leftmost X-Forwarded-For entry says, so any client picks its own. A list of
 * the proxies' addresses trusts only those (proxy-addr refuses a /0 range).
 */
export function trustsEveryHop(trustProxy: boolean | string | undefined): boolean {
  return trustProxy === true;
}

export function warnWhenEveryHopIsTrusted(log: FastifyBaseLogger, trustProxy: boolean | string | undefined): void {
  if (!trustsEveryHop(trustProxy)) return;
  log.warn(
    { trustProxy },
    'TRUST_PROXY trusts every hop: any client can pick its address with X-Forwarded-For, and the per-address limits count what it says. Set TRUST_PROXY to the addresses of the proxies in front of the gateway.',
  );
}

/**
 * Behind a trusted proxy the client address comes from X-Forwarded-For; an
 * entry that is not an IP address (`not-an-ip`) would become the address the
 * rate limits and booking's per-address seat limit count, so a request whose
 * chain, as far as the gateway reads it (`request.ips`), holds one is refused.
 */
export const requireClientIp: onRequestHookHandler = (request, _reply, done) => {
  const chain = request.ips ?? [request.ip];
  if (!chain.every((address) => isIP(address) !== 0)) {
    done(Object.assign(new Error(NOT_AN_IP_MESSAGE), { statusCode: 400 }));
    return;
  }
  done();
};
