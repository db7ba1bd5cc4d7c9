/**
 * Promo codes (issue 39): what an admin (or a cinema's manager) sets, what the cart shows, and the
 * discount arithmetic the cart, the order and its refunds share. Booking owns the promotions; the
 * rules live here once, as pure functions, so the form, the cart and the service agree.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Price, TicketTypeCode } from './pricing';
import type { PricedLine } from './priced-lines';
import { ObjectIdText } from './primitives';
import { ShowType, Weekday } from './views';

/** A code as typed: 4 to 32 letters, digits or dashes, any case (stored and compared upper-case). */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9-]{4,32}$';
const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const PromoCode = Type.String({ pattern: PROMO_CODE_PATTERN, description: "Case-insensitive, e.g. 'VERANO-2026'" });

/** The one form a code is stored and compared in: trimmed, upper-case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMOTION_KINDS = ['percent', 'amount', 'fixedPrice'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PromotionKind = Type.Union(
  PROMOTION_KINDS.map((kind) => Type.Literal(kind)),
  {
    description:
      "'percent': value % off each discounted ticket (base and surcharges), 1 to 100; 'amount': value cents off each discounted ticket; 'fixedPrice': each discounted ticket's base costs value cents (surcharges still paid)",
  },
);

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

/** The Spanish refusals of a code (POST /cart/promo answers them with 409, or 404 for an unknown code). */
export const PROMO_MESSAGES = {
  unknown: 'El código no existe',
  badFormat: 'Escribe un código de 4 a 32 letras, números o guiones.',
  inactive: 'Este código no está activo.',
  exhausted: 'Se agotaron los usos de este código',
  perUser: 'Ya usaste este código todas las veces que se permite por persona.',
  noTickets: 'Agrega entradas al carrito antes de aplicar un código.',
  notForMovie: 'Este código no vale para esta película.',
  notForCinema: 'Este código no vale en este cine.',
  notForDay: 'Este código no vale para funciones de este día.',
  notForTime: 'Este código no vale para funciones de este horario.',
  notForTypes: 'Este código no vale para los tipos de entrada de tu carrito.',
  notAPercent: 'Un porcentaje va de 1 a 100.',
  datesReversed: 'La fecha de fin no puede ser anterior a la de inicio.',
  timesReversed: 'La hora de fin debe ser posterior a la de inicio.',
  codeTaken: 'Ya existe una promoción con ese código.',
  notFound: 'La promoción no existe.',
  otherCinema: 'Solo puedes crear promociones de tus cines.',
} as const;

function dayText(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export function promoExpiredMessage(to: string): string {
  return `Este código venció el ${dayText(to)}.`;
}
export function promoNotYetMessage(from: string): string {
  return `Este código vale a partir del ${dayText(from)}.`;
}
export function promoNotForFormatMessage(format: string): string {
  return `Este código no vale para funciones ${format}.`;
}
export function promoMinTicketsMessage(minimum: number): string {
  return `Este código pide al menos ${minimum} ${minimum === 1 ? 'entrada' : 'entradas'} de los tipos a los que se aplica.`;
}

/** What a form and the service both refuse in a promotion beyond its schema (null when right). */
export function promotionFieldsProblem(fields: Pick<PromotionFields, 'kind' | 'value' | 'appliesTo'>): string | null {
  if (fields.kind === 'percent' && (fields.value < 1 || fields.value > 100)) return PROMO_MESSAGES.notAPercent;
  const { from, to, timeFrom, timeTo } = fields.appliesTo;
  if (from !== undefined && to !== undefined && to < from) return PROMO_MESSAGES.datesReversed;
  if (timeFrom !== undefined && timeTo !== undefined && timeTo <= timeFrom) return PROMO_MESSAGES.timesReversed;
  return null;
}

/** The purchase a code is tried on: the show, and the day it is bought (both the cinema's). */
export interface PromoContext {
  /** The cinema's day of the purchase, 'yyyy-mm-dd'. */
  today: string;
  movieId: string;
  cinemaId: string;
  format: string;
  weekday: Weekday;
  /** The show's start, 'HH:MM' in its cinema. */
  time: string;
}

/** Why the code does not apply to the show on that day, or null (the ticket types are judged by `discountLines`). */
export function promoShowProblem(appliesTo: PromotionAppliesTo, context: PromoContext): string | null {
  if (appliesTo.from !== undefined && context.today < appliesTo.from) return promoNotYetMessage(appliesTo.from);
  if (appliesTo.to !== undefined && context.today > appliesTo.to) return promoExpiredMessage(appliesTo.to);
  if (appliesTo.movieIds && !appliesTo.movieIds.includes(context.movieId)) return PROMO_MESSAGES.notForMovie;
  if (appliesTo.cinemaIds && !appliesTo.cinemaIds.includes(context.cinemaId)) return PROMO_MESSAGES.notForCinema;
  if (appliesTo.formats && !(appliesTo.formats as readonly string[]).includes(context.format)) {
    return promoNotForFormatMessage(context.format);
  }
  if (appliesTo.weekdays && !appliesTo.weekdays.includes(context.weekday)) return PROMO_MESSAGES.notForDay;
  if (appliesTo.timeFrom !== undefined && context.time < appliesTo.timeFrom) return PROMO_MESSAGES.notForTime;
  if (appliesTo.timeTo !== undefined && context.time >= appliesTo.timeTo) return PROMO_MESSAGES.notForTime;
  return null;
}

/** What one ticket line gives off under the code, before `maxTicketsPerOrder` (never more than the line). */
export function lineDiscount(kind: PromotionKind, value: number, line: Pick<PricedLine, 'base' | 'total'>): number {
  switch (kind) {
    case 'percent':
      return Math.min(line.total, Math.round((line.total * value) / 100));
    case 'amount':
      return Math.min(line.total, value);
    case 'fixedPrice':
      return Math.max(0, Math.min(line.total, line.base - value));
  }
}

/**
 * The discount of each ticket line (same order as `lines`, 0 for a line it does not discount), or why
 * the code discounts nothing: no line of its types, or fewer than `minTickets`. With
 * `maxTicketsPerOrder` the dearest lines are discounted first (ties: by seat label).
 */
export function discountLines(
  promotion: Pick<PromotionFields, 'kind' | 'value' | 'appliesTo' | 'minTickets' | 'maxTicketsPerOrder'>,
  lines: readonly Pick<PricedLine, 'seatLabel' | 'type' | 'base' | 'total'>[],
): { discounts: number[] } | { problem: string } {
  const types = promotion.appliesTo.ticketTypes;
  const eligible = lines.map((line, index) => ({ line, index })).filter(({ line }) => !types || types.includes(line.type));
  if (lines.length === 0) return { problem: PROMO_MESSAGES.noTickets };
  if (eligible.length === 0) return { problem: PROMO_MESSAGES.notForTypes };
  if (promotion.minTickets !== undefined && eligible.length < promotion.minTickets) {
    return { problem: promoMinTicketsMessage(promotion.minTickets) };
  }
  const chosen = [...eligible]
    .sort((a, b) => b.line.total - a.line.total || a.line.seatLabel.localeCompare(b.line.seatLabel))
    .slice(0, promotion.maxTicketsPerOrder ?? eligible.length);
  const discounts = lines.map(() => 0);
  for (const { line, index } of chosen) discounts[index] = lineDiscount(promotion.kind, promotion.value, line);
  return { discounts };
}
