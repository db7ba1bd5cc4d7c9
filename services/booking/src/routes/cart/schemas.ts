import { Type } from '@sinclair/typebox';
import { CartView, OrderView } from '@cine/contracts';
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
