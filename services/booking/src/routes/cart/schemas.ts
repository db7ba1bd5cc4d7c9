import { Type } from '@sinclair/typebox';
import { CartPromoRequest, CartView, OrderView } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';

/** A user id as the client sends it (the caller's own, unless an admin). */
export const UserIdText = Type.String({ minLength: 1, maxLength: 100 });

const tags = ['cart'];
const UserCartBody = Type.Object({ idUser: UserIdText }, { additionalProperties: false });

export const userCart = {
  tags,
  security: bearerAuth,
  summary: "The user's cart as the server prices it: held seats, candy lines and orderPrice (the caller's own cart, or an admin)",
  body: UserCartBody,
  response: { 200: CartView, ...errors(...BODY_ERRORS, 401, 403) },
};

export const cart = {
  ...userCart,
  summary: "The same as POST /cart/userCart (the path the spec's client also posts to)",
};

export const ticketHistory = {
  tags,
  security: bearerAuth,
  summary: "The user's paid orders, newest first (ticket history)",
  body: UserCartBody,
  response: { 200: Type.Array(OrderView), ...errors(...BODY_ERRORS, 401, 403) },
};

export const applyPromo = {
  tags,
  security: bearerAuth,
  summary:
    "Apply a promo code to the caller's cart (one code at a time: it replaces another) and answer the cart with its discount. " +
    'Refused: a code not of 4 to 32 letters, digits or dashes (400), unknown (404), or one that gives nothing to the cart now (409: dates, show, ticket types, uses taken)',
  body: CartPromoRequest,
  response: { 200: CartView, ...errors(...BODY_ERRORS, 401, 404, 409) },
};

export const removePromo = {
  tags,
  security: bearerAuth,
  summary: "Remove the promo code from the caller's cart and answer the cart",
  response: { 200: CartView, ...errors(401) },
};
