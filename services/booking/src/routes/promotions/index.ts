import { PROMO_MESSAGES, type PromotionAppliesTo } from '@cine/contracts';
import { cinemaScope, type ServiceApp } from '@cine/service-kit';
import type { FastifyRequest } from 'fastify';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * Promo codes (issue 39): an admin's, and a cinema manager's for their cinemas only (a promotion whose
 * `appliesTo.cinemaIds` is set and all theirs). The buyer applies a code through /cart/promo.
 */
export default async function promotionRoutes(app: ServiceApp): Promise<void> {
  /** Whether the caller may act on a promotion that applies to these cinemas (absent: every cinema, the admin's only). */
  const inScope = (request: FastifyRequest, appliesTo: Pick<PromotionAppliesTo, 'cinemaIds'>): boolean => {
    const scope = cinemaScope(request);
    if (scope.all) return true;
    const cinemaIds = appliesTo.cinemaIds;
    return cinemaIds !== undefined && cinemaIds.length > 0 && cinemaIds.every((id) => scope.cinemaIds.includes(id));
  };
  const assertInScope = (request: FastifyRequest, appliesTo: Pick<PromotionAppliesTo, 'cinemaIds'>) => {
    if (!inScope(request, appliesTo)) throw app.httpErrors.forbidden(PROMO_MESSAGES.otherCinema);
  };

  app.get('/', { schema: schemas.listPromotions, onRequest: app.requireManager }, async (request) =>
    app.promotions.list((promotion) => inScope(request, promotion.appliesTo)),
  );

  app.post('/', { schema: schemas.createPromotion, onRequest: app.requireManager }, async (request, reply) => {
    assertInScope(request, request.body.appliesTo);
    const promotion = await valueOr(app, app.promotions.create(request.body));
    return reply.status(201).send(promotion);
  });

  app.put('/:code', { schema: schemas.updatePromotion, onRequest: app.requireManager }, async (request) => {
    const existing = await app.promotions.find(request.params.code);
    if (!existing) throw app.httpErrors.notFound(PROMO_MESSAGES.notFound);
    // A manager changes only their cinemas' promotions, and keeps them theirs.
    assertInScope(request, existing.appliesTo);
    assertInScope(request, request.body.appliesTo);
    return valueOr(app, app.promotions.update(request.params.code, request.body));
  });
}
