import fastifyRateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore, type ServiceApp } from '@cine/service-kit';
import type { FastifyRequest } from 'fastify';
import { newsletterConfirmationMail } from '../../mail/templates';
import { confirmPage, INVALID_LINK, invalidLinkPage, SUBSCRIBED, subscribedPage } from '../../newsletter/confirmation-pages';
import { isConfirmationToken, mailboxOf } from '../../newsletter/subscriptions';
import type { NewsletterSettings } from '../../settings';
import * as schemas from './schemas';

// The same answer whether or not the address was subscribed already: it tells a stranger nothing.
const CONFIRMATION_SENT =
  'Te enviamos un correo para confirmar la suscripción al newsletter. Si ya estabas suscripto, no necesitas hacer nada.';
const TOO_MANY_FOR_ADDRESS = 'Ya enviamos varios correos de confirmación a esa dirección. Revisa tu casilla o inténtalo mañana.';
const tooManyFromClient = (ttlMs: number) =>
  `Demasiadas suscripciones desde tu conexión. Intenta de nuevo en ${Math.max(1, Math.ceil(ttlMs / 60_000))} minutos.`;

const HTML = 'text/html; charset=utf-8';

export default async function newsletterRoutes(app: ServiceApp, settings: NewsletterSettings): Promise<void> {
  // Counters every instance shares (the service's database); a client is its address as the gateway saw it, an IPv6 one by its /64.
  await app.register(fastifyRateLimit, { global: false, ipv6Subnet: 64, store: sharedRateLimitStore(app.sharedCounters, 'newsletter') });
  const perClient = app.createRateLimit({ max: settings.perClient.max, timeWindow: settings.perClient.windowMs });
  const perAddress = app.createRateLimit({
    max: settings.perAddress.max,
    timeWindow: settings.perAddress.windowMs,
    keyGenerator: (request: FastifyRequest) => `newsletter:${mailboxOf((request.body as { email: string }).email)}`,
  });

  // After validation, so a malformed body counts against nobody; the client's limit first, so it alone cannot use up an address's.
  const withinLimits = async (request: FastifyRequest) => {
    const client = await perClient(request);
    if (!client.isAllowed && client.isExceeded) throw app.httpErrors.tooManyRequests(tooManyFromClient(client.ttl));
    const address = await perAddress(request);
    if (!address.isAllowed && address.isExceeded) throw app.httpErrors.tooManyRequests(TOO_MANY_FOR_ADDRESS);
  };

  app.post('/newsletter', { schema: schemas.subscribe, preHandler: withinLimits }, async (request, reply) => {
    const { email } = request.body;
    const asked = await app.newsletter.requestConfirmation(email, settings.confirmationTtlMs);
    if (asked.outcome === 'confirmation-needed') {
      const link = `${settings.publicUrl}/api/mailing/newsletter/confirm?token=${asked.token}`;
      try {
        await app.mailer.send(email, newsletterConfirmationMail(email, link, Math.round(settings.confirmationTtlMs / 3_600_000)));
      } catch (error) {
        // A link nobody received is forgotten, so trying again starts afresh.
        await app.newsletter.withdrawConfirmation(asked.token);
        throw error;
      }
    }
    return reply.status(202).send({ message: CONFIRMATION_SENT });
  });

  app.get('/newsletter/confirm', { schema: schemas.confirmPage }, async (request, reply) => {
    const { token } = request.query;
    const email = token !== undefined && isConfirmationToken(token) ? await app.newsletter.pendingAddress(token) : undefined;
    return reply
      .status(email && token ? 200 : 400)
      .type(HTML)
      .header('cache-control', 'no-store')
      .send(email && token ? confirmPage(email, token) : invalidLinkPage());
  });

  // The confirmation page's form posts urlencoded; only this route reads that type.
  await app.register(async (formScope: ServiceApp) => {
    formScope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    formScope.post('/newsletter/confirm', { schema: schemas.confirm }, async (request, reply) => {
      const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
      const email = await app.newsletter.confirm(request.body.token);
      if (fromForm)
        return reply
          .status(email ? 200 : 400)
          .type(HTML)
          .header('cache-control', 'no-store')
          .send(email ? subscribedPage() : invalidLinkPage());
      if (!email) throw app.httpErrors.badRequest(INVALID_LINK);
      return { message: SUBSCRIBED };
    });
  });
}
