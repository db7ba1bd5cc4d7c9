import { Type } from '@sinclair/typebox';
import { PresaleAdmission, PricedLine, ShowView, TicketRequest } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['tickets'];

/** Most seats one purchase may hold (documented in the README). */
const MAX_SEATS_PER_PURCHASE = 10;

export const addTickets = {
  tags,
  security: bearerAuth,
  summary:
    `Hold seats of a show for the user (1 to ${MAX_SEATS_PER_PURCHASE}) for HOLD_MINUTES: the ones named in seatLabels (exactly \`seats\` of them), ` +
    'else the best adjacent ones; replaces their hold on it and releases their holds on other shows. 409 names the seats taken meanwhile. ' +
    '`tickets` gives each seat its type (and its seat, on every entry or on none); without it every seat is General. ' +
    '400: a type the show does not sell; 409: a companion seat without its wheelchair space before COMPANION_RELEASE_MINUTES. ' +
    "403: a show of a presale not closed without the caller's `admission` (GET /presales/{id}/me); 409: more than its maxTicketsPerBuyer. " +
    'A refusal holds nothing',
  body: Type.Object(
    {
      userId: Type.String({ minLength: 1, maxLength: 100 }),
      seats: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_SEATS_PER_PURCHASE,
          description: 'How many seats; may be left out when `tickets` is given',
        }),
      ),
      showId: ObjectIdText,
      seatLabels: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 3, description: "A seat's label, e.g. 'F7'" }), {
          maxItems: MAX_SEATS_PER_PURCHASE,
          description: 'The seats chosen on the seat map; left out, the best adjacent seats are chosen',
        }),
      ),
      tickets: Type.Optional(
        Type.Array(TicketRequest, {
          minItems: 1,
          maxItems: MAX_SEATS_PER_PURCHASE,
          description:
            "Each ticket's type (and seat, on every entry or on none); named seats take their entry's type, chosen ones the types in order",
        }),
      ),
      admission: Type.Optional(PresaleAdmission),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      showId: Type.String(),
      seats: Type.Integer(),
      seatLabels: Type.Array(Type.String()),
      heldUntil: Type.String({ description: 'ISO instant when the hold lapses' }),
      unitPrice: Type.Integer({ description: 'Cents: the show\'s "desde" price' }),
      totalPrice: Type.Integer({ description: 'Cents: the sum of the lines' }),
      lines: Type.Array(PricedLine, { description: 'Each held seat priced by its type and category' }),
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
