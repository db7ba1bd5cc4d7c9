/**
 * Pricing as a cinema chain sells (issue 37): ticket types (General, Menor, Jubilado…), price cards
 * that give each type its price and apply to a show by its day, start time, format and dates, and
 * surcharges per format (3D) and per seat category (premium). Booking owns the data; the schemas
 * and the rules a form and the service both apply live here once, as pure functions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cents } from './primitives';
import type { ShowPrice } from './priced-lines';
import { ShowType, Weekday } from './views';

/** The most a price or a surcharge may be: $ 100.000,00. */
export const MAX_PRICE_CENTS = 10_000_000;
/** A ticket type's code: `general`, `menor`, `jubilado`… */
export const TICKET_TYPE_CODE_PATTERN = '^[a-z0-9-]{2,24}$';
const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export function Price(description?: string) {
  return Type.Integer({
    minimum: 0,
    maximum: MAX_PRICE_CENTS,
    description: description === undefined ? 'Cents' : `${description}, in cents`,
  });
}

export const TicketTypeCode = Type.String({ pattern: TICKET_TYPE_CODE_PATTERN, description: "e.g. 'general', 'menor'" });

/** PUT /pricing/ticket-types/{code} body: everything but the code. */
export const TicketTypeFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, description: "e.g. 'Menor (hasta 12 años)'" }),
    description: Type.String({ maxLength: 200, description: "e.g. 'Presentar DNI o credencial en la entrada'" }),
    requiresId: Type.Boolean({ description: 'The door asks for an ID ("Verificar DNI")' }),
    active: Type.Boolean({ description: 'On sale; an inactive type is kept for the orders that carry it' }),
  },
  { additionalProperties: false },
);
export type TicketTypeFields = Static<typeof TicketTypeFields>;

/** A ticket type (GET and POST /pricing/ticket-types). */
export const TicketType = Type.Composite([Type.Object({ code: TicketTypeCode }), TicketTypeFields], { additionalProperties: false });
export type TicketType = Static<typeof TicketType>;

/** When a price card applies; a rule left out matches every show. Times and dates are the cinema's. */
export const PriceCardRules = Type.Object(
  {
    weekdays: Type.Optional(Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true })),
    from: Type.Optional(Type.String({ pattern: TIME_PATTERN, description: "Shows starting at or after 'HH:MM'" })),
    to: Type.Optional(Type.String({ pattern: TIME_PATTERN, description: "Shows starting before 'HH:MM'" })),
    formats: Type.Optional(Type.Array(ShowType, { minItems: 1, uniqueItems: true })),
    dates: Type.Optional(
      Type.Object(
        {
          from: Type.String({ pattern: DATE_PATTERN, description: "'yyyy-mm-dd', first day" }),
          to: Type.String({ pattern: DATE_PATTERN, description: "'yyyy-mm-dd', last day (included)" }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PriceCardRules = Static<typeof PriceCardRules>;

/** POST and PUT /pricing/cards body. */
export const PriceCardInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    prices: Type.Record(Type.String({ pattern: TICKET_TYPE_CODE_PATTERN }), Price("The type's price"), {
      description: 'Price of each ticket type the card sells; a type left out is not sold on its shows',
      // A key of another form is refused (a record's pattern alone lets any other key through).
      additionalProperties: false,
    }),
    rules: PriceCardRules,
    priority: Type.Integer({ minimum: 0, maximum: 1000, description: 'The highest priority whose rules match applies' }),
  },
  { additionalProperties: false },
);
export type PriceCardInput = Static<typeof PriceCardInput>;

export const PriceCard = Type.Composite([Type.Object({ id: Type.String() }), PriceCardInput], { additionalProperties: false });
export type PriceCard = Static<typeof PriceCard>;

/** GET and PUT /pricing/surcharges: added to every type's price on a show of that format or a seat of that category. */
export const Surcharges = Type.Object(
  {
    formats: Type.Record(Type.String({ pattern: '^[0-9A-Z]{2,4}$' }), Price('Added on a show of this format'), {
      description: "e.g. {'3D': 200}",
      additionalProperties: false,
    }),
    categories: Type.Record(Type.String({ pattern: '^[a-z]{2,24}$' }), Price('Added on a seat of this category'), {
      description: 'e.g. {premium: 300}',
      additionalProperties: false,
    }),
  },
  { additionalProperties: false },
);
export type Surcharges = Static<typeof Surcharges>;

/** An entry of POST /tickets/addTickets' `tickets`: the seat (on every entry or on none) and its type. */
export const TicketRequest = Type.Object(
  {
    seatLabel: Type.Optional(Type.String({ minLength: 1, maxLength: 3, description: "A seat's label, e.g. 'F7'" })),
    type: Type.String({ minLength: 1, maxLength: 24, description: "A ticket type's code, e.g. 'menor'" }),
  },
  { additionalProperties: false },
);
export type TicketRequest = Static<typeof TicketRequest>;

/** GET /sales/ticket-types: a period's sales by ticket type. */
export const TicketTypeSalesRow = Type.Object(
  {
    type: Type.String(),
    name: Type.String(),
    tickets: Type.Integer({ minimum: 0 }),
    totalPrice: Cents('Sold'),
    netPrice: Cents('Sold less refunded'),
    refundedPrice: Cents('Refunded'),
  },
  { additionalProperties: false },
);
export type TicketTypeSalesRow = Static<typeof TicketTypeSalesRow>;

/** What a card's rules are matched against: the show's cinema day and start, and its format. */
export interface ShowSlot {
  /** 'yyyy-mm-dd' in the cinema's time zone. */
  date: string;
  weekday: Weekday;
  /** 'HH:MM' in the cinema's time zone. */
  time: string;
  format: ShowType;
}

/** Whether a card's rules match the show. Times compare as 'HH:MM' text: `from` included, `to` excluded. */
export function cardApplies(rules: PriceCardRules, slot: ShowSlot): boolean {
  if (rules.weekdays && !rules.weekdays.includes(slot.weekday)) return false;
  if (rules.from !== undefined && slot.time < rules.from) return false;
  if (rules.to !== undefined && slot.time >= rules.to) return false;
  if (rules.formats && !rules.formats.includes(slot.format)) return false;
  if (rules.dates && (slot.date < rules.dates.from || slot.date > rules.dates.to)) return false;
  return true;
}

/** The card of highest priority whose rules match the show (ties: the first by id), or none. */
export function selectPriceCard<T extends Pick<PriceCard, 'id' | 'rules' | 'priority'>>(
  cards: readonly T[],
  slot: ShowSlot,
): T | undefined {
  return cards
    .filter((card) => cardApplies(card.rules, slot))
    .sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
}

function overlaps<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean {
  return !a || !b || a.some((value) => b.includes(value));
}

/** Whether some show could match both rule sets (the cards of equal priority they belong to would be ambiguous). */
export function rulesOverlap(a: PriceCardRules, b: PriceCardRules): boolean {
  if (!overlaps(a.weekdays, b.weekdays) || !overlaps(a.formats, b.formats)) return false;
  const fromA = a.from ?? '00:00';
  const fromB = b.from ?? '00:00';
  const toA = a.to ?? '24:00';
  const toB = b.to ?? '24:00';
  if (fromA >= toB || fromB >= toA) return false;
  if (a.dates && b.dates && (a.dates.from > b.dates.to || b.dates.from > a.dates.to)) return false;
  return true;
}

/** The types a show sells: the active ones the card prices, each at the card's price plus the format's surcharge. */
export function showPrices(card: Pick<PriceCard, 'prices'>, types: readonly TicketType[], formatSurcharge: number): ShowPrice[] {
  return types.flatMap((type) => {
    const base = card.prices[type.code];
    if (!type.active || base === undefined) return [];
    return [
      { type: type.code, name: type.name, description: type.description, requiresId: type.requiresId, price: base + formatSurcharge },
    ];
  });
}
