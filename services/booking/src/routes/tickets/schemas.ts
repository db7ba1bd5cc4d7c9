import { Type } from '@sinclair/typebox';
import { ShowView } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['tickets'];

/** Most seats one purchase may hold (documented in the README). */
const MAX_SEATS_PER_PURCHASE = 10;

export const addTickets = {
  tags,
  security: bearerAuth,
  summary:
    `Hold seats of a show for the user (1 to ${MAX_SEATS_PER_PURCHASE}) for HOLD_MINUTES: the ones named in seatLabels (exactly \`seats\` of them), ` +
    'else the best adjacent ones; replaces their hold on it and releases their holds on other shows. 409 names the seats taken meanwhile',
  body: Type.Object(
    {
      userId: Type.String({ minLength: 1, maxLength: 100 }),
      seats: Type.Integer({ minimum: 1, maximum: MAX_SEATS_PER_PURCHASE }),
      showId: ObjectIdText,
      seatLabels: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 3, description: "A seat's label, e.g. 'F7'" }), {
          maxItems: MAX_SEATS_PER_PURCHASE,
          description: 'The seats chosen on the seat map; left out, the best adjacent seats are chosen',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      showId: Type.String(),
      seats: Type.Integer(),
      seatLabels: Type.Array(Type.String()),
      heldUntil: Type.String({ description: 'ISO instant when the hold lapses' }),
      unitPrice: Type.Integer({ description: 'Cents' }),
      totalPrice: Type.Integer({ description: 'Cents' }),
      show: ShowView,
    }),
    ...errors(...BODY_ERRORS, 401, 403, 404, 409, 503),
  },
};

export const deleteTickets = {
  tags,
  security: bearerAuth,
  summary: "Release the user's held seats of a show (seats being paid stay)",
  body: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }), showId: ObjectIdText }, { additionalProperties: false }),
  response: { 200: Type.Object({ released: Type.Integer() }), ...errors(...BODY_ERRORS, 401, 403, 404, 503) },
};
