/**
 * Promo codes (issue 39): what an admin (or a cinema's manager) sets, what the cart shows, and the
 * schemas of the admin's body and the cart's request. Booking owns the promotions; the rules (the
 * refusals, the discount arithmetic) are promotion-rules.ts's, written once for the form, the cart and
 * the service.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Price, TicketTypeCode } from './pricing';
import { ObjectIdText } from './primitives';
import { PROMO_CODE_PATTERN, PROMOTION_KINDS } from './promotion-rules';
import { ShowType, Weekday } from './views';

const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const PromoCode = Type.String({ pattern: PROMO_CODE_PATTERN, description: "Case-insensitive, e.g. 'VERANO-2026'" });

export const PromotionKind = Type.Union(
  PROMOTION_KINDS.map((kind) => Type.Literal(kind)),
  {
    description:
      "'percent': value % off each discounted ticket (base and surcharges), 1 to 100; 'amount': value cents off each discounted ticket; 'fixedPrice': each discounted ticket's base costs value cents (surcharges still paid)",
  },
);
export type PromotionKind = Static<typeof PromotionKind>;

/**
 * What a code applies to; a rule left out matches everything. `from`/`to` are the days the code can be
 * used (the cinema's days, both included); `timeFrom`/`timeTo` the show's start ('HH:MM', from included,
 * to excluded); `weekdays` the show's day.
 */
export const PromotionAppliesTo = Type.Object(
  {
    ticketTypes: Type.Optional(Type.Array(TicketTypeCode, { minItems: 1, maxItems: 50, uniqueItems: true })),
    formats: Type.Optional(Type.Array(ShowType, { minItems: 1, uniqueItems: true })),
    movieIds: Type.Optional(Type.Array(ObjectIdText, { minItems: 1, maxItems: 200, uniqueItems: true })),
    cinemaIds: Type.Optional(Type.Array(ObjectIdText, { minItems: 1, maxItems: 200, uniqueItems: true })),
    weekdays: Type.Optional(Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true })),
    from: Type.Optional(Type.String({ pattern: DATE_PATTERN, description: "'yyyy-mm-dd': first day the code can be used" })),
    to: Type.Optional(Type.String({ pattern: DATE_PATTERN, description: "'yyyy-mm-dd': last day the code can be used (included)" })),
    timeFrom: Type.Optional(Type.String({ pattern: TIME_PATTERN, description: "Shows starting at or after 'HH:MM'" })),
    timeTo: Type.Optional(Type.String({ pattern: TIME_PATTERN, description: "Shows starting before 'HH:MM'" })),
  },
  { additionalProperties: false },
);
export type PromotionAppliesTo = Static<typeof PromotionAppliesTo>;

export const PromotionLimits = Type.Object(
  {
    total: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Paid orders that may use it, in all' })),
    perUser: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Paid orders of one buyer that may use it' })),
  },
  { additionalProperties: false },
);
export type PromotionLimits = Static<typeof PromotionLimits>;

/** PUT /promotions/{code} body: everything but the code (the whole promotion, replaced). */
export const PromotionFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, description: "Shown to the buyer, e.g. 'Martes 2x1'" }),
    kind: PromotionKind,
    value: Price('percent: 1–100; amount and fixedPrice'),
    appliesTo: PromotionAppliesTo,
    minTickets: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Tickets it applies to that the order must have' })),
    maxTicketsPerOrder: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'Tickets of one order it discounts at most (the dearest first)' }),
    ),
    limits: PromotionLimits,
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PromotionFields = Static<typeof PromotionFields>;

/** POST /promotions body. */
export const PromotionInput = Type.Composite([Type.Object({ code: PromoCode }), PromotionFields], { additionalProperties: false });
export type PromotionInput = Static<typeof PromotionInput>;

/** GET /promotions: each promotion with its code upper-case and how many orders used it. */
export const PromotionView = Type.Composite(
  [
    PromotionInput,
    Type.Object({
      uses: Type.Integer({ minimum: 0, description: 'Paid orders that used it (a whole refund gives the use back)' }),
      held: Type.Integer({ minimum: 0, description: 'Checkouts under way holding a use' }),
      createdAt: Type.String({ description: 'ISO instant' }),
    }),
  ],
  { additionalProperties: false },
);
export type PromotionView = Static<typeof PromotionView>;

/** POST /cart/promo body. */
export const CartPromoRequest = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type CartPromoRequest = Static<typeof CartPromoRequest>;
