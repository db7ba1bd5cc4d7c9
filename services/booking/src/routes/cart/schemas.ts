import { Type } from '@sinclair/typebox';
import { BODY_ERRORS, bearerAuth, errors } from '../../schemas';

const Weekday = Type.Union(['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado'].map((day) => Type.Literal(day)));
const ShowType = Type.Union([Type.Literal('2D'), Type.Literal('3D')]);
const Cents = (description: string) => Type.Integer({ description: `${description}, in cents` });

/** A user id as the client sends it (the caller's own, unless an admin). */
export const UserIdText = Type.String({ minLength: 1, maxLength: 100 });

/** CartTicketLine of @cine/contracts. */
const CartTicketLine = Type.Object({
  showId: Type.String(),
  seats: Type.Integer({ description: 'Seats held' }),
  seatLabels: Type.Array(Type.String(), { description: "e.g. ['F7', 'F8']" }),
  unitPrice: Cents('Price per seat'),
  totalPrice: Cents('unitPrice × seats'),
  movieId: Type.String(),
  title: Type.String(),
  date: Type.String({ description: "'yyyy-mm-dd', cinema's local date" }),
  day: Weekday,
  schedule: Type.String({ description: "'HH:MM', cinema's local time" }),
  roomId: Type.Integer(),
  type: ShowType,
  heldUntil: Type.String({ description: 'ISO instant when the hold lapses' }),
});

/** CartCandyLine of @cine/contracts. */
const CartCandyLine = Type.Object({
  id: Type.String({ description: 'The candy item id' }),
  name: Type.String(),
  picture: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Cents('Price per unit'),
  totalPrice: Cents('unitPrice × quantity'),
});

export const CartView = Type.Object({
  tickets: Type.Array(CartTicketLine),
  candy: Type.Array(CartCandyLine),
  orderPrice: Cents('Every ticket line plus every candy line'),
});

/** OrderView of @cine/contracts. */
export const OrderView = Type.Object({
  id: Type.String(),
  movieId: Type.String(),
  title: Type.String(),
  showId: Type.String(),
  date: Type.String(),
  day: Weekday,
  schedule: Type.String(),
  roomId: Type.Integer(),
  type: ShowType,
  seats: Type.Integer(),
  seatLabels: Type.Array(Type.String()),
  ticketTotal: Cents('Tickets'),
  candy: Type.Array(CartCandyLine),
  total: Cents('Tickets and candy'),
  paidAt: Type.String({ description: 'ISO instant' }),
});

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
  summary: 'The same as POST /cart/userCart (the path the spec\'s client also posts to)',
};

export const ticketHistory = {
  tags,
  security: bearerAuth,
  summary: "The user's paid orders, newest first (ticket history)",
  body: UserCartBody,
  response: { 200: Type.Array(OrderView), ...errors(...BODY_ERRORS, 401, 403) },
};
