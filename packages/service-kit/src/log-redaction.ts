import type { FastifyRequest } from 'fastify';

/** Path segments after /gift-cards/ that are not codes: the buyer's list, the admin's issue, a card's id. */
const NOT_A_CODE = /^(mine|issue|[0-9a-f]{24})$/i;

/**
 * The URL as logs may show it: a gift card's code in `/gift-cards/{code}` (the balance check, an admin's
 * void or ledger by code) becomes `[código]` (issue 39: codes never appear in logs).
 */
export function redactUrl(url: string): string {
  const path = url.replace(/(\/gift-cards\/)([^/?#]+)/gi, (whole, prefix: string, segment: string) =>
    NOT_A_CODE.test(decodeURIComponentSafe(segment)) ? whole : `${prefix}[código]`,
  );
  // The admin's search by a whole code (GET /gift-cards?q=…): the query's `q` goes too.
  return /\/gift-cards(\?|\/?$|\/?\?)/i.test(path) ? path.replace(/([?&]q=)[^&#]*/gi, '$1[oculto]') : path;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer with the URL redacted (every service's and the gateway's request logs). */
function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

export const REDACTING_SERIALIZERS = { req: redactedRequest };
