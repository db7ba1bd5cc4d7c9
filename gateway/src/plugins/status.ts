import { ApiErrorBody, PlatformStatusView, serviceNames, type ServiceName } from '@cine/contracts';
import { metricsRegistry } from '@cine/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { MetricsHistory, STATUS_SAMPLE_MS, type MetricJson } from '../platform-status';
import { replyServiceUnavailable } from '../upstream';
import { probe } from './health';

export interface StatusOptions {
  services: Record<ServiceName, string>;
  upstream: Dispatcher;
  timeoutMs: number;
  metricsSources: readonly string[];
}

/** This process's metrics and each other source's (one that does not answer adds nothing: its service shows its health). */
function metricsReader(upstream: Dispatcher, sources: readonly string[], timeoutMs: number): () => Promise<MetricJson[]> {
  return async () => {
    const remote = await Promise.all(
      sources.map(async (source) => {
        try {
          const url = new URL(source);
          const { statusCode, body } = await upstream.request({
            origin: url.origin,
            path: url.pathname,
            method: 'GET',
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (statusCode !== 200) {
            await body.dump();
            return [];
          }
          return (await body.json()) as MetricJson[];
        } catch {
          return [];
        }
      }),
    );
    return [...((await metricsRegistry.getMetricsAsJSON()) as unknown as MetricJson[]), ...remote.flat()];
  };
}

/**
 * Administrators only, and the role is identity's word: the token is checked here, then identity's
 * GET /auth/verifyrole (a revoked session or a demoted admin is refused as everywhere else).
 */
async function requireAdmin(upstream: Dispatcher, identity: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.jwtVerify();
  const url = new URL('/auth/verifyrole', identity);
  let answer: { statusCode: number; role?: string };
  try {
    const { statusCode, body } = await upstream.request({
      origin: url.origin,
      path: url.pathname,
      method: 'GET',
      headers: { authorization: request.headers.authorization ?? '' },
    });
    answer = { statusCode, ...((await body.json().catch(() => ({}))) as { role?: string }) };
  } catch (error) {
    return replyServiceUnavailable(reply, 'identity', error as Error);
  }
  if (answer.statusCode === 401)
    return void reply.code(401).send({ statusCode: 401, error: 'La sesión ya no es válida. Inicia sesión nuevamente.' });
  if (answer.statusCode !== 200) return replyServiceUnavailable(reply, 'identity', new Error(`verifyrole answered ${answer.statusCode}`));
  if (answer.role !== 'admin')
    return void reply.code(403).send({ statusCode: 403, error: 'Solo un administrador puede realizar esta acción.' });
}

/** GET /api/status: each service's health, requests/s and p95, and each consumer's event lag and dead letters, over the last minutes. */
export async function statusRoutes(app: FastifyInstance, { services, upstream, timeoutMs, metricsSources }: StatusOptions): Promise<void> {
  const history = new MetricsHistory(metricsReader(upstream, metricsSources, timeoutMs));
  await history.record();
  const sampler = setInterval(() => void history.record().catch(() => undefined), STATUS_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  app.get(
    '/api/status',
    {
      schema: {
        summary:
          'The platform over the last minutes: each service up or down, requests/s, p95, errors; each consumer’s event lag and dead letters (admin)',
        tags: ['gateway'],
        security: [{ bearer: [] }],
        response: { 200: PlatformStatusView, 401: ApiErrorBody, 403: ApiErrorBody, 503: ApiErrorBody },
      },
      onRequest: (request, reply) => requireAdmin(upstream, services.identity, request, reply),
    },
    async () => {
      const probes = await Promise.all(
        serviceNames.map(async (name) => [name, (await probe(upstream, services[name], timeoutMs)).status] as const),
      );
      return history.status({ gateway: 'ok', ...Object.fromEntries(probes) });
    },
  );
}
