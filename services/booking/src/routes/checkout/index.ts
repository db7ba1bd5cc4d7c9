import { PAYMENT_RECEIVED } from '@cine/contracts';
import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import { declineMessage, publicDeclineCode } from '../../payments/decline-messages';
import * as schemas from './schemas';

export default async function checkoutRoutes(app: ServiceApp): Promise<void> {
  app.post('/checkout', { schema: schemas.checkout, onRequest: app.authenticate }, async (request, reply) => {
    assertSameUser(request, request.body.idUser);
    const result = await app.checkout.checkout(request.body);
    switch (result.outcome) {
      case 'paid':
        return { message: PAYMENT_RECEIVED, order: result.order };
      case 'declined':
        return reply.status(402).send({ statusCode: 402, error: declineMessage(result.code), code: publicDeclineCode(result.code) });
      case 'refused':
        throw app.httpErrors.conflict(result.message);
    }
  });
}
