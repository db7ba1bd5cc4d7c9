import { OrderDetail, OrderSearchPage, OrderSearchQuery, OrdersReplayed, RefundRequest, RefundResponse } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { BODY_ERRORS, bearerAuth, errors, ObjectIdText } from '@cine/service-kit';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD', the cinema's day" });

export const replay = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    'Publishes order.paid again for every paid order, or for those paid from `from` to `to` (cinema days, both included), ' +
    'so the sales service rebuilds its reports (admin). Its consumers are idempotent per order: nothing is counted, mailed or taken from stock twice.',
  body: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false }),
  response: { 200: OrdersReplayed, ...errors(...BODY_ERRORS, 401, 403, 503) },
};

export const search = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    "The back office's order search (admin: every cinema's; a manager: their cinemas'): paid orders whose id is `q`, or whose buyer's e-mail or name contains it (ignoring case and accents), " +
    "of one movie (`movieId`), of one cinema (`cinemaId`: unknown 404, not the manager's 403), paid from `from` to `to` (cinema days, both included); newest paid first, one page of `pageSize` (default 20, at most 100)",
  querystring: OrderSearchQuery,
  response: { 200: OrderSearchPage, ...errors(400, 401, 403, 404) },
};

export const oneOrder = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    "One paid order (the purchase's confirmation page and the back office's order page): its buyer's, an admin's or a manager's of its cinema (another cinema's manager: 403), with the buyer, " +
    "the payment's id and the order's history (held, paid, each refund, each ticket admitted at the door); anyone else gets 404, as for an unknown id, so an order id tells a stranger nothing",
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  response: { 200: OrderDetail, ...errors(400, 401, 403, 404) },
};

export const cancel = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    'The buyer cancels the whole order (what is left of it) until CANCELLATION_WINDOW_MINUTES before the show: the money goes back to the card, ' +
    'the seats back on sale, the candy back to stock. 409 inside the window, while another refund of it is under way or once refunded; ' +
    "502 the provider refused (the order stays paid); 503 the provider did not answer (the order stays paid; the same request again finishes it, never refunding twice). Another user's order: 404",
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  response: { 200: RefundResponse, ...errors(400, 401, 404, 409, 502, 503) },
};

export const refund = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    "Refunds the seats and candy lines chosen of a paid order, or everything still paid when none is chosen (admin, or a manager of its cinema: another cinema's 403; no window). " +
    'Answers as the cancellation does; 400 a seat or candy line not of the order, 409 one refunded before',
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  body: RefundRequest,
  response: { 200: RefundResponse, ...errors(...BODY_ERRORS, 401, 403, 404, 409, 502, 503) },
};
