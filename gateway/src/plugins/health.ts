import { serviceNames, type ServiceName } from '@cine/contracts';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';

const ServiceHealth = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unknown')]),
  broker: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unknown')]),
});
type ServiceHealth = Static<typeof ServiceHealth>;

const HealthReport = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  services: Type.Record(Type.String(), ServiceHealth),
});
type HealthReport = Static<typeof HealthReport>;

export interface HealthOptions {
  services: Record<ServiceName, string>;
  upstream: Dispatcher;
  timeoutMs: number;
}

const unreachable: ServiceHealth = { status: 'down', database: 'unknown', broker: 'unknown' };

function connectivity(value: unknown): 'up' | 'down' | 'unknown' {
  return value === 'up' || value === 'down' ? value : 'unknown';
}

/** One service's own GET /health (database and broker connectivity), or 'down' when it does not answer in time. */
export async function probe(upstream: Dispatcher, baseUrl: string, timeoutMs: number): Promise<ServiceHealth> {
  try {
    const url = new URL('/health', baseUrl);
    const { statusCode, body } = await upstream.request({
      origin: url.origin,
      path: url.pathname,
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await body.json()) as { status?: unknown; database?: unknown; broker?: unknown };
    const healthy = statusCode === 200 && answer.status === 'ok';
    return { status: healthy ? 'ok' : 'degraded', database: connectivity(answer.database), broker: connectivity(answer.broker) };
  } catch {
    return unreachable;
  }
}

/** GET /api/health: every service's readiness, asked in parallel; 200 only when all are ok. */
export async function healthRoutes(app: FastifyInstance, { services, upstream, timeoutMs }: HealthOptions): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Readiness of every service (its database and the event broker)',
        tags: ['gateway'],
        response: { 200: HealthReport, 503: HealthReport },
      },
    },
    async (_request, reply) => {
      const probes = await Promise.all(serviceNames.map(async (name) => [name, await probe(upstream, services[name], timeoutMs)] as const));
      const report: HealthReport = {
        status: probes.every(([, health]) => health.status === 'ok') ? 'ok' : 'degraded',
        services: Object.fromEntries(probes),
      };
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
}
