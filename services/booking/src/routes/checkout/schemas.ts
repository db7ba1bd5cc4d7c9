import { Type } from '@sinclair/typebox';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';
import { ApiErrorBody, CheckoutRequest, CheckoutResponse } from '@cine/contracts';

export const checkout = {
  tags: ['checkout'],
  security: bearerAuth,
  summary:
    "Pays the user's cart (held seats of `show` and the candy lines) by card; the amount is the server's. " +
    "200 'Payment received' with the order; 402 a Spanish decline message and the provider's error code in `code` (nothing sold, the hold kept); " +
    '409 nothing held, another seat count, hold expired, not enough candy, or the same payment in progress. ' +
    "403 a show of a presale not closed without the caller's `admission` (GET /presales/{id}/me). " +
    'The same request again answers the first outcome without charging again.',
  body: CheckoutRequest,
  response: {
    200: CheckoutResponse,
    ...errors(...BODY_ERRORS, 401, 403, 409),
    402: Type.Composite([
      ApiErrorBody,
      Type.Object({ code: Type.String({ description: "The payment provider's error code, e.g. card_declined" }) }),
    ]),
  },
};
