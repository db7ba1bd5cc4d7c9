/**
 * The promo codes' rules (issue 39) the cart, the order, its refunds and the admin's form share: the
 * code's form, the Spanish refusals and the discount arithmetic, as pure functions. Apart from the
 * schemas of promotions.ts so that a web bundle importing them never carries TypeBox.
 */
import type { PricedLine } from './priced-lines';
import type { Weekday } from './views';

/** A code as typed: 4 to 32 letters, digits or dashes, any case (stored and compared upper-case). */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9-]{4,32}$';

/** The one form a code is stored and compared in: trimmed, upper-case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMOTION_KINDS = ['percent', 'amount', 'fixedPrice'] as const;
type Kind = (typeof PROMOTION_KINDS)[number];

/** What a code's rules say (PromotionAppliesTo's fields); a rule left out matches everything. */
export interface PromotionRules {
  ticketTypes?: readonly string[];
  formats?: readonly string[];
  movieIds?: readonly string[];
  cinemaIds?: readonly string[];
  weekdays?: readonly Weekday[];
  from?: string;
  to?: string;
  timeFrom?: string;
  timeTo?: string;
}

/** What a promotion takes off and when (PromotionFields' fields the arithmetic reads). */
export interface PromotionTerms {
  kind: Kind;
  value: number;
  appliesTo: PromotionRules;
  minTickets?: number;
  maxTicketsPerOrder?: number;
}

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
export function promotionFieldsProblem(fields: Pick<PromotionTerms, 'kind' | 'value' | 'appliesTo'>): string | null {
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
export function promoShowProblem(appliesTo: PromotionRules, context: PromoContext): string | null {
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
export function lineDiscount(kind: Kind, value: number, line: Pick<PricedLine, 'base' | 'total'>): number {
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
  promotion: PromotionTerms,
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
