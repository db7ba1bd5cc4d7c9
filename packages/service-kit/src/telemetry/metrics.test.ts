import { createServer } from 'node:net';
import Fastify from 'fastify';
import { measureHttpRequests, metricsRegistry } from './metrics';
import { DEFAULT_METRICS_PORT, startMetricsServer, startMetricsServerFromEnv } from './metrics-server';

async function countOf(labels: Record<string, string>): Promise<number> {
  const values = (await metricsRegistry.getSingleMetric('http_server_request_duration_seconds')?.get())?.values ?? [];
  const matching = values.filter(
    (value) =>
      (value as { metricName?: string }).metricName === 'http_server_request_duration_seconds_count' &&
      Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return matching.reduce((sum, value) => sum + value.value, 0);
}

describe('HTTP request metrics', () => {
  it('time each request by its route template and status, never by the raw path', async () => {
    const app = Fastify();
    measureHttpRequests(app, 'booking');
    app.get('/show/one/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/show/one/0123456789abcdef01234567' });
    await app.inject({ method: 'GET', url: '/no/such/path' });
    await app.close();
    const labels = { service: 'booking', http_request_method: 'GET' };
    expect(await countOf({ ...labels, http_route: '/show/one/:id', http_response_status_code: '200' })).toBe(1);
    expect(await countOf({ ...labels, http_route: '', http_response_status_code: '404' })).toBe(1);
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain('0123456789abcdef01234567');
    expect(text).not.toContain('/no/such/path');
  });
});

describe('the metrics endpoint', () => {
  it('serves GET /metrics in Prometheus’ text format with process and event-loop metrics, and nothing else', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('takes a free port for npm start when METRICS_PORT is unset and its default is taken (a second platform)', async () => {
    // The default port held here (or already held by another process on this machine: taken either way).
    const taken = createServer();
    await new Promise<void>((resolve) => {
      taken.once('error', () => resolve());
      taken.listen(DEFAULT_METRICS_PORT, '127.0.0.1', () => resolve());
    });
    const saved = process.env.METRICS_PORT;
    delete process.env.METRICS_PORT;
    const warnings: unknown[] = [];
    const server = await startMetricsServerFromEnv(
      '127.0.0.1',
      { warn: (...args: unknown[]) => void warnings.push(args) },
      { freePortWhenTaken: true },
    );
    try {
      expect(server).toBeDefined();
      expect(new URL(server!.url).port).not.toBe(String(DEFAULT_METRICS_PORT));
      expect((await fetch(server!.url)).status).toBe(200);
      expect(warnings).toHaveLength(0);
    } finally {
      await server?.close();
      if (saved !== undefined) process.env.METRICS_PORT = saved;
      taken.close();
    }
  });

  it('starts without metrics, with a warning, when METRICS_PORT is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as { port: number }).port;
    const warnings: unknown[] = [];
    process.env.METRICS_PORT = String(port);
    try {
      expect(await startMetricsServerFromEnv('127.0.0.1', { warn: (...args: unknown[]) => void warnings.push(args) })).toBeUndefined();
      expect(warnings).toHaveLength(1);
    } finally {
      delete process.env.METRICS_PORT;
      taken.close();
    }
  });
});
