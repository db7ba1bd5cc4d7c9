import { serviceNames, type ServiceName } from '@cine/contracts';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { replyServiceUnavailable, withoutHopByHopHeaders } from '../upstream';

const DOCS_PREFIX = '/api/docs';

export interface ApiDocsOptions {
  services: Record<ServiceName, string>;
}

/**
 * /api/docs: Swagger UI (assets shipped with @fastify/swagger-ui, nothing from
 * a CDN) with a selector over every service's OpenAPI document. Each service
 * generates its own from the schemas that validate its requests and serves it
 * at GET /openapi.json; the gateway passes it on as /api/docs/<service>.json.
 * The gateway's own document (GET /api/health, GET /api/status) is /api/docs/json.
 */
export async function apiDocs(app: FastifyInstance, { services }: ApiDocsOptions): Promise<void> {
  for (const name of serviceNames) {
    app.get(`${DOCS_PREFIX}/${name}.json`, { schema: { hide: true } }, (_request, reply) =>
      reply.from(`${services[name]}/openapi.json`, {
        retriesCount: 1,
        rewriteRequestHeaders: (_request, headers) => withoutHopByHopHeaders(headers),
        rewriteHeaders: (headers) => withoutHopByHopHeaders(headers),
        onError: (failedReply, { error }) => replyServiceUnavailable(failedReply, name, error),
      }),
    );
  }

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiHooks: {
      // Swagger UI's own redirect of static/index.html to the page matches the path only at the URL's
      // end: with a query string it redirected the URL to itself, forever. The page, whatever the query.
      onRequest: (request, reply, done) => {
        if (request.url.startsWith(`${DOCS_PREFIX}/static/index.html?`)) void reply.redirect(`${DOCS_PREFIX}/`);
        else done();
      },
    },
    uiConfig: {
      urls: [
        ...serviceNames.map((name) => ({ name, url: `${DOCS_PREFIX}/${name}.json` })),
        { name: 'gateway', url: `${DOCS_PREFIX}/json` },
      ],
      deepLinking: true,
    },
  });
}
