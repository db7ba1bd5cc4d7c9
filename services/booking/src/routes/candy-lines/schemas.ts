import { Type } from '@sinclair/typebox';
import { MAX_CANDY_QUANTITY } from '../../cart/cart';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';
import { CartView } from '@cine/contracts';
import { UserIdText } from '../cart/schemas';

const tags = ['cart'];
const CandyIdText = Type.String({ minLength: 1, maxLength: 100, description: 'The candy item id' });

export const addCandy = {
  tags,
  security: bearerAuth,
  summary: "Sets a candy line of the user's cart (quantity 1 to 100, at most the stock); answers the cart with its orderPrice",
  body: Type.Object(
    { index: CandyIdText, quantity: Type.Integer({ minimum: 1, maximum: MAX_CANDY_QUANTITY }), userId: UserIdText },
    { additionalProperties: false },
  ),
  response: { 200: CartView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const deleteCandy = {
  tags,
  security: bearerAuth,
  summary: "Removes a candy line from the user's cart; answers the cart",
  body: Type.Object({ index: CandyIdText, userId: UserIdText }, { additionalProperties: false }),
  response: { 200: CartView, ...errors(...BODY_ERRORS, 401, 403, 404) },
};
