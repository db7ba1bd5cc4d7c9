import type { PriceCard } from '@cine/contracts';
import { isAdmin, type ServiceApp } from '@cine/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * Ticket types, price cards and surcharges (issue 37): admin only but the list of types on sale. A change
 * of a card, a type or the surcharges is carried to the shows on sale priced by a card (Shows.reprice).
 */
export default async function pricingRoutes(app: ServiceApp): Promise<void> {
  /** Whether the caller is a signed-in admin; any other token (none, bad, expired) is a guest's. */
  const callerIsAdmin = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!request.headers.authorization) return false;
    try {
      await app.authenticate(request, reply);
    } catch {
      return false;
    }
    return isAdmin(request);
  };

  /** The shows on sale priced by the cards that `pick` (every card when left out) take the catalogue as it is now. */
  const reprice = async (pick: (card: PriceCard) => boolean = () => true) => {
    const catalogue = await app.pricing.catalogue();
    const cardIds = catalogue.cards.filter(pick).map((card) => card.id);
    if (cardIds.length > 0) await app.shows.reprice(catalogue, app.clock(), cardIds);
  };

  app.get('/ticket-types', { schema: schemas.listTicketTypes }, async (request, reply) =>
    app.pricing.ticketTypes(await callerIsAdmin(request, reply)),
  );

  app.post('/ticket-types', { schema: schemas.createTicketType, onRequest: app.requireAdmin }, async (request, reply) => {
    // No card prices a new type yet (a card naming an unknown type is refused): no show changes.
    const type = await valueOr(app, app.pricing.createType(request.body));
    return reply.status(201).send(type);
  });

  app.put('/ticket-types/:code', { schema: schemas.updateTicketType, onRequest: app.requireAdmin }, async (request) => {
    const type = await valueOr(app, app.pricing.updateType(request.params.code, request.body));
    await reprice((card) => card.prices[type.code] !== undefined);
    return type;
  });

  app.delete('/ticket-types/:code', { schema: schemas.deleteTicketType, onRequest: app.requireAdmin }, async (request) => {
    await valueOr(app, app.pricing.deleteType(request.params.code));
    return { message: 'Tipo de entrada eliminado.' };
  });

  app.get('/cards', { schema: schemas.listCards, onRequest: app.requireAdmin }, async () => app.pricing.priceCards());

  app.post('/cards', { schema: schemas.createCard, onRequest: app.requireAdmin }, async (request, reply) => {
    const card = await valueOr(app, app.pricing.createCard(request.body));
    return reply.status(201).send(card);
  });

  app.put('/cards/:id', { schema: schemas.updateCard, onRequest: app.requireAdmin }, async (request) => {
    const card = await valueOr(app, app.pricing.updateCard(request.params.id, request.body));
    await reprice((one) => one.id === card.id);
    return card;
  });

  app.delete('/cards/:id', { schema: schemas.deleteCard, onRequest: app.requireAdmin }, async (request) => {
    await valueOr(app, app.pricing.deleteCard(request.params.id, app.clock()));
    return { message: 'Tarifa eliminada.' };
  });

  app.get('/surcharges', { schema: schemas.getSurcharges, onRequest: app.requireAdmin }, async () => app.pricing.surcharges());

  app.put('/surcharges', { schema: schemas.putSurcharges, onRequest: app.requireAdmin }, async (request) => {
    const surcharges = await app.pricing.setSurcharges(request.body);
    await reprice();
    return surcharges;
  });
}
