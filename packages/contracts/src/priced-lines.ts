/**
 * The priced lines of an order (issue 37): each ticket's type, seat category, base price and
 * surcharges, fixed when the order is made. The views, the events and pricing.ts build on these;
 * this file imports no view so that views.ts can use it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cents } from './primitives';

/** The type a request without types means (the spec's one price per show). */
export const GENERAL_TICKET_TYPE = 'general';

/** A seat's category in a room's layout; every seat not listed is standard. */
export const SEAT_CATEGORIES = ['standard', 'premium', 'wheelchair', 'companion'] as const;
export type SeatCategory = (typeof SEAT_CATEGORIES)[number];
export const SeatCategory = Type.Union(SEAT_CATEGORIES.map((category) => Type.Literal(category)));

/** A type on sale at a show (GET /show/one/{id}): the card's price plus the format's surcharge. */
export const ShowPrice = Type.Object({
  type: Type.String(),
  name: Type.String(),
  description: Type.String(),
  requiresId: Type.Boolean(),
  price: Cents("The card's price plus the format's surcharge"),
});
export type ShowPrice = Static<typeof ShowPrice>;

export const LineSurcharge = Type.Object({ reason: Type.String({ description: "e.g. 'Formato 3D', 'Butaca premium'" }), amount: Cents() });
export type LineSurcharge = Static<typeof LineSurcharge>;

/** One ticket of an order, priced when the order was made; later price changes never touch it. */
export const PricedLine = Type.Object({
  seatLabel: Type.String(),
  type: Type.String(),
  typeName: Type.String(),
  category: SeatCategory,
  base: Cents("The card's price of the type"),
  surcharges: Type.Array(LineSurcharge),
  total: Cents('base plus every surcharge'),
  discount: Type.Optional(Cents("Issue 39: what the order's promo code took off it (absent: nothing); the line was paid total − discount")),
});
export type PricedLine = Static<typeof PricedLine>;

/**
 * The cart's code (POST /cart/userCart `promo`): its name and what it takes off. `problem`: why it
 * discounts nothing now (the cart changed since it was applied: another show, fewer tickets…).
 */
export const CartPromo = Type.Object({
  code: Type.String(),
  name: Type.String(),
  discount: Cents('Taken off the tickets'),
  problem: Type.Optional(Type.String({ description: 'Why the code discounts nothing in this cart now (Spanish)' })),
});
export type CartPromo = Static<typeof CartPromo>;

/** An order's code (GET /orders/{id} `promo`, order.paid). */
export const OrderPromo = Type.Object({ code: Type.String(), name: Type.String() });
export type OrderPromo = Static<typeof OrderPromo>;

/** Spanish reasons of a line's surcharges, as the cart, the receipt and the e-ticket show them. */
export function formatSurchargeReason(format: string): string {
  return `Formato ${format}`;
}
export function categorySurchargeReason(category: string): string {
  return `Butaca ${category}`;
}

/** A show's pricing as it was fixed for it: the card's base price of each type on sale and the surcharges that apply. */
export interface ShowPricing {
  card: { id: string; name: string };
  /** Types on sale with the card's base price (no surcharge). */
  types: Array<{ type: string; name: string; description: string; requiresId: boolean; base: number }>;
  /** The show's format and its surcharge (0 when none). */
  format: string;
  formatSurcharge: number;
  /** Surcharge of each seat category (a category left out costs nothing more). */
  categorySurcharges: Record<string, number>;
}

/** The line of one ticket: the type's base price, the format's and the seat category's surcharges. Undefined when the show does not sell the type. */
export function priceLine(
  pricing: ShowPricing,
  ticket: { seatLabel: string; type: string; category: SeatCategory },
): PricedLine | undefined {
  const type = pricing.types.find((candidate) => candidate.type === ticket.type);
  if (!type) return undefined;
  const surcharges: LineSurcharge[] = [];
  if (pricing.formatSurcharge > 0) surcharges.push({ reason: formatSurchargeReason(pricing.format), amount: pricing.formatSurcharge });
  const categorySurcharge = pricing.categorySurcharges[ticket.category] ?? 0;
  if (categorySurcharge > 0) surcharges.push({ reason: categorySurchargeReason(ticket.category), amount: categorySurcharge });
  return {
    seatLabel: ticket.seatLabel,
    type: type.type,
    typeName: type.name,
    category: ticket.category,
    base: type.base,
    surcharges,
    total: type.base + surcharges.reduce((sum, surcharge) => sum + surcharge.amount, 0),
  };
}

/** The "desde" price a show lists (`show.price`): the lowest General price with the format's surcharge, else the lowest of any type. */
export function fromPrice(pricing: ShowPricing): number {
  const general = pricing.types.find((type) => type.type === GENERAL_TICKET_TYPE);
  const bases = general ? [general.base] : pricing.types.map((type) => type.base);
  return (bases.length === 0 ? 0 : Math.min(...bases)) + pricing.formatSurcharge;
}

/** A seat's category in the layout: listed in `categories`, a wheelchair space, or standard. */
export function seatCategoryOf(
  layout: { wheelchair: readonly string[]; categories?: Readonly<Record<string, Exclude<SeatCategory, 'standard'>>> },
  label: string,
): SeatCategory {
  return layout.categories?.[label] ?? (layout.wheelchair.includes(label) ? 'wheelchair' : 'standard');
}
