import { PAYMENT_RECEIVED } from '@cine/contracts';
import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import { publicDeclineCode } from '../../payments/decline-messages';
import { isRefusal } from '../../refusal';
import { httpErrorOf } from '../refusals';
import * as schemas from './schemas';

export default async function checkoutRoutes(app: ServiceApp): Promise<void> {
  app.post('/checkout', { schema: schemas.checkout, onRequest: app.authenticate }, async (request, reply) => {
    assertSameUser(request, request.body.idUser);
    const result = await app.checkout.checkout(request.body);
    if (!isRefusal(result)) return { message: PAYMENT_RECEIVED, order: result.order };
    if (result.kind === 'declined') {
      return reply.status(402).send({ statusCode: 402, error: result.message, code: publicDeclineCode(result.code ?? '') });
    }
    throw httpErrorOf(app, result);
  });
}
