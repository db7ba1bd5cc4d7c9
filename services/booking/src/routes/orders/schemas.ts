import { OrdersReplayed, OrderView } from '@cine/contracts';
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

export const oneOrder = {
  tags: ['orders'],
  security: bearerAuth,
  summary:
    "One paid order (the purchase's confirmation page): its buyer's, or an admin's; anyone else gets 404, as for an unknown id, so an order id tells a stranger nothing",
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  response: { 200: OrderView, ...errors(400, 401, 404) },
};
