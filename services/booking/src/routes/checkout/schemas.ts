import { Type } from '@sinclair/typebox';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';
import { OrderView } from '@cine/contracts';
import { UserIdText } from '../cart/schemas';

export const checkout = {
  tags: ['checkout'],
  security: bearerAuth,
  summary:
    "Pays the user's cart (held seats of `show` and the candy lines) by card; the amount is the server's. " +
    "200 'Payment received' with the order; 402 a Spanish decline message and the provider's error code in `code` (nothing sold, the hold kept); " +
    '409 nothing held, another seat count, hold expired, not enough candy, or the same payment in progress. ' +
    'The same request again answers the first outcome without charging again.',
  body: Type.Object(
    {
      ticket: Type.Integer({ minimum: 1, maximum: 1000, description: 'Seat count the client believes it pays' }),
      show: Type.String({ minLength: 1, maxLength: 100, description: 'Show id' }),
      idUser: UserIdText,
      paymentMethodId: Type.String({ minLength: 1, maxLength: 255, description: "Stripe PaymentMethod id (offline: Stripe's test ids, e.g. pm_card_visa)" }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ message: Type.Literal('Payment received'), order: OrderView }),
    ...errors(...BODY_ERRORS, 401, 403, 409),
    402: Type.Object({ statusCode: Type.Integer(), error: Type.String(), code: Type.String({ description: "The payment provider's error code, e.g. card_declined" }) }),
  },
};
