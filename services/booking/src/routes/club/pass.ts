import type { ServiceApp } from '@cine/service-kit';
import type { FastifyReply } from 'fastify';
import { publicDeclineCode } from '../../payments/decline-messages';
import { isRefusal, type Result } from '../../refusal';
import { httpErrorOf } from '../refusals';
import * as schemas from './pass-schemas';

/** Issue 41: the signed-in member's Cine Pase: subscribe, cancel at the period's end, change the card. */
export default async function clubPassRoutes(app: ServiceApp): Promise<void> {
  /** The value with `status`; a declined card 402 with the provider's code apart; other refusals their status. */
  const send = <T>(reply: FastifyReply, status: 200 | 201, result: Result<T>) => {
    if (!isRefusal(result)) return reply.status(status).send(result);
    if (result.kind === 'declined')
      return reply.status(402).send({ statusCode: 402, error: result.message, code: publicDeclineCode(result.code ?? '') });
    throw httpErrorOf(app, result);
  };

  app.post('', { schema: schemas.subscribe, onRequest: app.authenticate }, async (request, reply) =>
    send(reply, 201, await app.clubPasses.subscribe(request.user.sub, request.body, app.clock())),
  );

  app.delete('', { schema: schemas.cancel, onRequest: app.authenticate }, async (request, reply) =>
    send(reply, 200, await app.clubPasses.cancel(request.user.sub, app.clock())),
  );

  app.post('/card', { schema: schemas.card, onRequest: app.authenticate }, async (request, reply) =>
    send(reply, 200, await app.clubPasses.changeCard(request.user.sub, request.body.paymentMethodId, app.clock())),
  );
}
