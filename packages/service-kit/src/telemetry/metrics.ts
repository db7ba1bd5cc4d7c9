import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one registry of this process. Under `npm start` every service and the gateway share it (one
 * endpoint for the whole process, told apart by the `service` label); in a container it holds one
 * service's. Metrics are declared once, at module load, where they are counted.
 */
export const metricsRegistry = new Registry();

let processMetricsCollected = false;

/** Process and event-loop metrics (CPU, memory, handles, GC, event-loop delay): only where something scrapes them. */
export function collectProcessMetrics(): void {
  if (processMetricsCollected) return;
  processMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

export function defineCounter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export function defineGauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

export function defineHistogram<L extends string = never>(
  name: string,
  help: string,
  buckets: readonly number[],
  labelNames: readonly L[] = [],
): Histogram<L> {
  return new Histogram({ name, help, buckets: [...buckets], labelNames, registers: [metricsRegistry] });
}

/** OpenTelemetry's advised boundaries for `http.server.request.duration`, in seconds. */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** OpenTelemetry's `http.server.request.duration` as Prometheus renders it, with the semantic conventions' attribute names. */
const httpServerRequestDuration = defineHistogram(
  'http_server_request_duration_seconds',
  'Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by service, method, route template and status',
  HTTP_DURATION_BUCKETS,
  ['service', 'http_request_method', 'http_route', 'http_response_status_code'],
);

/** Times every request of the app by its route template (none for an unmatched path: the label stays empty, never the raw URL). */
export function measureHttpRequests(app: FastifyInstance, service: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpServerRequestDuration.observe(
      {
        service,
        http_request_method: request.method,
        http_route: request.routeOptions.url ?? '',
        http_response_status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
