import type { ServiceApp } from '@cine/service-kit';
import { publicDeclineCode } from '../../payments/decline-messages';
import { isRefusal } from '../../refusal';
import { httpErrorOf, valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * Issue 39's gift cards: bought by a signed-in buyer, checked by code by anyone (the gateway limits the
 * checks), issued, voided, searched and audited by an admin (chain-wide: managers no). A code appears in
 * no URL but the balance check's, and never in the logs (service-kit's request serializer redacts it).
 */
export default async function giftCardRoutes(app: ServiceApp): Promise<void> {
  app.post('', { schema: schemas.purchase, onRequest: app.authenticate }, async (request, reply) => {
    const result = await app.giftCardPurchases.purchase(request.user.sub, request.body);
    if (!isRefusal(result)) return reply.status(201).send(result);
    if (result.kind === 'declined') {
      return reply.status(402).send({ statusCode: 402, error: result.message, code: publicDeclineCode(result.code ?? '') });
    }
    throw httpErrorOf(app, result);
  });

  app.get('/mine', { schema: schemas.mine, onRequest: app.authenticate }, async (request) => app.giftCards.mine(request.user.sub));

  app.get('', { schema: schemas.search, onRequest: app.requireAdmin }, async (request) => {
    const { q, page, pageSize } = request.query;
    return app.giftCards.search(q, page, pageSize, app.clock());
  });

  app.post('/issue', { schema: schemas.issue, onRequest: app.requireAdmin }, async (request, reply) =>
    reply.status(201).send(await app.giftCards.issue(request.body, request.user.sub, app.clock())),
  );

  app.get('/:code', { schema: schemas.balance }, async (request) => valueOr(app, app.giftCards.balance(request.params.code, app.clock())));

  app.post('/:code/void', { schema: schemas.voidCard, onRequest: app.requireAdmin }, async (request) =>
    valueOr(app, app.giftCards.void(request.params.code, request.user.sub, request.body.reason, app.clock())),
  );

  app.get('/:code/ledger', { schema: schemas.ledger, onRequest: app.requireAdmin }, async (request) =>
    valueOr(app, app.giftCards.ledgerOf(request.params.code)),
  );
}
