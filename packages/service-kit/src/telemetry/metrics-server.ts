import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { readEnv } from '../config';
import { collectProcessMetrics, metricsRegistry } from './metrics';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Default port of the metrics endpoint (OpenTelemetry's Prometheus exporter's). */
export const DEFAULT_METRICS_PORT = 9464;

/**
 * `GET /metrics` in Prometheus' text format (and `/metrics.json`, the same as JSON), on its own port: never on the public one. `npm start`
 * listens on loopback only; a container on every interface of its own network.
 */
export async function startMetricsServer({ host, port }: { host: string; port: number }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const pathname = request.url?.split('?')[0];
    if (request.method === 'GET' && pathname === '/metrics.json') {
      // For the gateway's status of the platform (a container's gateway reads its services' here).
      metricsRegistry.getMetricsAsJSON().then(
        (metrics) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metrics)),
        () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
      );
      return;
    }
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The metrics endpoint on METRICS_PORT (default 9464; 0 picks a free port). A port taken is a warning
 * naming METRICS_PORT, never a failed start: the process runs without it. With `freePortWhenTaken`
 * (`npm start`: a second platform on one machine) and METRICS_PORT unset, a taken 9464 is replaced by
 * a free port instead, whose URL the caller shows; a container keeps the port Prometheus scrapes.
 */
export async function startMetricsServerFromEnv(
  host: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  { freePortWhenTaken = false }: { freePortWhenTaken?: boolean } = {},
): Promise<MetricsServer | undefined> {
  const text = readEnv('METRICS_PORT');
  const port = Number(text ?? DEFAULT_METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT debe ser un número de puerto, no '${text}'`);
  try {
    return await startMetricsServer({ host, port });
  } catch (error) {
    if (freePortWhenTaken && text === undefined && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      return startMetricsServer({ host, port: 0 });
    log.warn({ err: (error as Error).message, port }, 'metrics endpoint not started: its port is taken (METRICS_PORT changes it)');
    return undefined;
  }
}
