import {
  discountLines,
  PROMO_MESSAGES,
  promoShowProblem,
  type CartPromo,
  type CartTicketLine,
  type PricedLine,
  type PromoContext,
  type PromotionFields,
  type PromotionLimits,
  type Weekday,
} from '@cine/contracts';
import { localToday } from '../shows/cinema-time';
import type { HeldTickets } from '../shows/seat-decisions';

/**
 * Whether a promotion applies to one show's tickets, and what it takes off each line: the contract's rules
 * (promoShowProblem, discountLines) plus the two the service alone knows, its uses and the buyer's.
 */

/** A promotion as the rules read it. */
export type PromotionRulesOf = Pick<PromotionFields, 'kind' | 'value' | 'appliesTo' | 'minTickets' | 'maxTicketsPerOrder' | 'active'> & {
  limits: PromotionLimits;
  /** Uses held by checkouts under way plus uses counted. */
  taken: number;
};

/** The show of the tickets a code is tried on. */
export interface PromoShow {
  movieId: string;
  cinemaId: string;
  /** The cinema's time zone (its day is the code's day). */
  timeZone?: string | undefined;
  format: string;
  weekday: Weekday;
  /** 'HH:MM' */
  schedule: string;
}

function promoContextOf(show: PromoShow, now: Date): PromoContext {
  return {
    today: localToday(now, show.timeZone),
    movieId: show.movieId,
    cinemaId: show.cinemaId,
    format: show.format,
    weekday: show.weekday,
    time: show.schedule,
  };
}

/**
 * The discount of each of the show's lines under the promotion (same order), or why it gives nothing:
 * inactive, all its uses taken, the buyer's uses taken (`usedByBuyer`: the buyer's other orders holding or
 * counting one), the day or the show, the ticket types or their count.
 */
export function promotionDiscounts(
  promotion: PromotionRulesOf,
  show: PromoShow,
  lines: readonly PricedLine[],
  usedByBuyer: number,
  now: Date,
): { discounts: number[] } | { problem: string } {
  if (!promotion.active) return { problem: PROMO_MESSAGES.inactive };
  const showProblem = promoShowProblem(promotion.appliesTo, promoContextOf(show, now));
  if (showProblem) return { problem: showProblem };
  const { total, perUser } = promotion.limits;
  if (total !== undefined && promotion.taken >= total) return { problem: PROMO_MESSAGES.exhausted };
  if (perUser !== undefined && usedByBuyer >= perUser) return { problem: PROMO_MESSAGES.perUser };
  return discountLines(promotion, lines);
}

/** The lines with their discounts written on them (a line given nothing keeps no `discount`). */
export function discountedLines(lines: readonly PricedLine[], discounts: readonly number[]): PricedLine[] {
  return lines.map((line, index) => {
    const discount = discounts[index] ?? 0;
    return discount > 0 ? { ...line, discount } : line;
  });
}

/** What the lines' discounts add up to. */
export function discountOf(lines: readonly Pick<PricedLine, 'discount'>[]): number {
  return lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
}

/** A promotion as the cart shows it and the rules read it. */
export type CartPromotion = PromotionRulesOf & { code: string; name: string };

/**
 * The cart's ticket lines under its code, with the code's `CartPromo`: each show's lines discounted where
 * the code applies (one order per show, so `maxTicketsPerOrder` and `minTickets` count per show); when it
 * applies to none, the first show's reason and a discount of 0.
 */
export function promoOnTickets(
  promotion: CartPromotion,
  held: ReadonlyArray<{ show: PromoShow; line: CartTicketLine }>,
  usedByBuyer: number,
  now: Date,
): { tickets: CartTicketLine[]; promo: CartPromo } {
  const named = { code: promotion.code, name: promotion.name };
  if (held.length === 0) return { tickets: [], promo: { ...named, discount: 0, problem: PROMO_MESSAGES.noTickets } };
  let problem: string | undefined;
  const tickets = held.map(({ show, line }) => {
    const result = promotionDiscounts(promotion, show, line.lines, usedByBuyer, now);
    if ('problem' in result) {
      problem ??= result.problem;
      return line;
    }
    return { ...line, lines: discountedLines(line.lines, result.discounts) };
  });
  const discount = tickets.reduce((sum, line) => sum + discountOf(line.lines), 0);
  return { tickets, promo: discount > 0 || problem === undefined ? { ...named, discount } : { ...named, discount: 0, problem } };
}

/** The show of held tickets, as a code is tried on it. */
export function promoShowOf(held: Pick<HeldTickets, 'show' | 'cinema'>): PromoShow {
  return {
    movieId: held.show.movieId,
    cinemaId: held.cinema.id,
    timeZone: held.cinema.timeZone,
    format: held.show.type,
    weekday: held.show.day,
    schedule: held.show.schedule,
  };
}
