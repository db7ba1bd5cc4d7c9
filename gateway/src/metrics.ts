import { defineCounter, defineGauge, measureHttpRequests } from '@cine/service-kit';
import type { FastifyInstance } from 'fastify';

/** The gateway's shared cache of public answers: a hit is a hop to a service saved (response-cache.ts). */
export const responseCacheLookups = defineCounter(
  'cine_gateway_response_cache_total',
  'Cacheable GETs answered from the shared cache (hit) or by the service (miss)',
  ['result'],
);

/** The relay of the live seat maps (seat-stream-relay.ts): viewers served, and the streams from booking they share. */
export const seatMapViewers = defineGauge(
  'cine_gateway_seat_map_viewers',
  'Live seat maps (server-sent event streams) open through the gateway',
);
export const seatMapUpstreams = defineGauge(
  'cine_gateway_seat_map_upstreams',
  'Streams from booking the gateway relays: one per show watched',
);

/** The relay of the presales' lines (presale-stream-relay.ts): buyers watching their standing, and the feeds from booking. */
export const presaleStandingViewers = defineGauge(
  'cine_gateway_presale_standing_viewers',
  "Buyers' presale standings (server-sent event streams) open through the gateway",
);
export const presaleLineUpstreams = defineGauge(
  'cine_gateway_presale_line_upstreams',
  "Feeds of a presale's line from booking the gateway relays: one per presale watched",
);

/**
 * Times the gateway's requests like the services' (label service="gateway"), and closes `/metrics`
 * on the public port (a 404 like any unknown path): metrics are served on METRICS_PORT only.
 */
export function gatewayMetrics(app: FastifyInstance): void {
  measureHttpRequests(app, 'gateway');
  app.get('/metrics', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
}
