import {
  normalizePromoCode,
  type OrderPromo,
  PROMO_CODE_PATTERN,
  PROMO_MESSAGES,
  type CartCandyLine,
  type CartPromo,
  type CartTicketLine,
  type CartView,
} from '@cine/contracts';
import type { CandyProjection } from '../candy/candy-projection';
import type { SeatReservations } from '../orders/seat-reservations';
import { promoOnTickets, promoShowOf, promotionDiscounts } from '../promotions/promotion-rules';
import type { Promotions } from '../promotions/promotions';
import type { HeldTickets } from '../shows/seat-decisions';
import { refuse, type Result } from '../refusal';
import type { CartRepository } from './cart-repository';
import { candyLinesOf, cartViewOf, discountedCandyLine, ticketLineOf } from './pricing';

export const MAX_CANDY_QUANTITY = 100;
const CANDY_NOT_FOUND = 'No existe el producto.';

export function notEnoughCandy(name: string, available: number): string {
  return available === 0 ? `No queda stock de ${name}.` : `No hay suficiente stock de ${name}: quedan ${available}.`;
}

export type CandyLineChange = Result<{ outcome: 'saved'; cart: CartView }>;

const CODE_FORMAT = new RegExp(PROMO_CODE_PATTERN);

/** The cart's code as an order takes it: the code, its name and the discount of each of the hold's lines. */
export interface OrderPromoLines extends OrderPromo {
  discounts: number[];
}

/** The user's cart as the server computes it: held seats from the shows, candy lines priced from the projection. */
export class Cart {
  constructor(
    private readonly seats: SeatReservations,
    private readonly candy: CandyProjection,
    private readonly carts: CartRepository,
    private readonly clock: () => Date,
    private readonly promotions: Promotions,
    /** Issue 41: the candy discount (percent) of the user's Cine Club tier (0: none). */
    private readonly candyDiscountOf: (userId: string) => Promise<number> = async () => 0,
  ) {}

  async view(userId: string): Promise<CartView> {
    return this.viewWith(userId);
  }

  /** The cart priced with its own code, or with `code` (one being applied; null: none); a code that gives nothing shows why. */
  private async viewWith(userId: string, applying?: string | null): Promise<CartView> {
    const [holds, { candy, promo }] = await Promise.all([this.seats.holdsOf(userId, this.clock()), this.contents(userId)]);
    const code = applying === undefined ? promo : (applying ?? undefined);
    // Seats that can no longer be bought (the show started, its movie was deleted) are not priced: checkout refuses them.
    const onSale = holds.filter((held) => !held.offSale);
    // A cart holds one cinema's seats at a time (SeatHolds refuses another's): the cinema of its tickets.
    const cinema = onSale[0]?.cinema;
    const place = cinema && { id: cinema.id, name: cinema.name, address: cinema.address };
    const tickets = onSale.map(ticketLineOf);
    if (code === undefined) return cartViewOf(tickets, candy, place);
    const priced = await this.withPromo(userId, code, onSale, tickets);
    return cartViewOf(priced.tickets, candy, place, priced.promo);
  }

  private async withPromo(
    userId: string,
    code: string,
    holds: readonly HeldTickets[],
    tickets: CartTicketLine[],
  ): Promise<{ tickets: CartTicketLine[]; promo: CartPromo }> {
    const promotion = await this.promotions.find(code);
    if (!promotion) return { tickets, promo: { code, name: code, discount: 0, problem: PROMO_MESSAGES.unknown } };
    const used = promotion.limits.perUser === undefined ? 0 : await this.promotions.usedBy(code, userId);
    const held = holds.map((hold, index) => ({ show: promoShowOf(hold), line: tickets[index] as CartTicketLine }));
    return promoOnTickets({ ...promotion, code: promotion._id }, held, used, this.clock());
  }

  /**
   * POST /cart/promo: the code becomes the cart's (replacing another), or why not: its format (invalid), unknown
   * (not-found), or it gives nothing to the cart's tickets (conflict, with the reason: dates, show, type, uses).
   */
  async applyPromo(userId: string, typed: string): Promise<CandyLineChange> {
    if (!CODE_FORMAT.test(typed.trim())) return refuse('invalid', PROMO_MESSAGES.badFormat);
    const code = normalizePromoCode(typed);
    if (!(await this.promotions.find(code))) return refuse('not-found', PROMO_MESSAGES.unknown);
    const cart = await this.viewWith(userId, code);
    if (cart.promo?.problem) return refuse('conflict', cart.promo.problem);
    await this.carts.setPromo(userId, code);
    return { outcome: 'saved', cart };
  }

  /** DELETE /cart/promo: the cart without a code. */
  async removePromo(userId: string): Promise<CartView> {
    await this.carts.clearPromo(userId);
    return this.viewWith(userId, null);
  }

  /**
   * The cart's code as the checkout of `hold` takes it: none (no code), the discount of each of its lines, or
   * why it does not apply now (the order is refused before anything is taken: the buyer removes the code or
   * changes the cart).
   */
  async promoForOrder(
    userId: string,
    code: string | undefined,
    hold: HeldTickets,
    lines: CartTicketLine['lines'],
  ): Promise<Result<OrderPromoLines | null>> {
    if (code === undefined) return null;
    const promotion = await this.promotions.find(code);
    if (!promotion) return refuse('conflict', PROMO_MESSAGES.unknown);
    const used = promotion.limits.perUser === undefined ? 0 : await this.promotions.usedBy(code, userId);
    const result = promotionDiscounts(promotion, promoShowOf(hold), lines, used, this.clock());
    if ('problem' in result) return refuse('conflict', result.problem);
    return { code: promotion._id, name: promotion.name, discounts: result.discounts };
  }

  async candyLines(userId: string): Promise<CartCandyLine[]> {
    return (await this.contents(userId)).candy;
  }

  /** The cart's candy lines priced, and its promo code (one read of the cart). */
  async contents(userId: string): Promise<{ candy: CartCandyLine[]; promo?: string }> {
    const { candy: lines, promo } = await this.carts.contentsOf(userId);
    const [items, percent] = await Promise.all([
      this.candy.findMany(lines.map((line) => line.candyId)),
      // No candy, no discount to look up (a purchase of seats alone reads nothing of the club).
      lines.length === 0 ? 0 : this.candyDiscountOf(userId),
    ]);
    // Issue 41: priced with the tier's candy discount (Oro), which the checkout's order keeps on its lines.
    const candy = candyLinesOf(lines, items).map((line) => discountedCandyLine(line, percent));
    return { candy, ...(promo === undefined ? {} : { promo }) };
  }

  /** Sets the line's quantity; refused when the item does not exist or has less stock. */
  async setCandy(userId: string, candyId: string, quantity: number): Promise<CandyLineChange> {
    const item = await this.candy.find(candyId);
    if (!item) return refuse('not-found', CANDY_NOT_FOUND);
    if (quantity > item.stock) return refuse('conflict', notEnoughCandy(item.name, Math.max(0, item.stock)));
    await this.carts.setCandy(userId, candyId, quantity);
    return { outcome: 'saved', cart: await this.view(userId) };
  }

  /** Removes the line; the item must exist in the cart or in the projection. */
  async removeCandy(userId: string, candyId: string): Promise<CandyLineChange> {
    const before = await this.carts.candyOf(userId);
    if (!before.some((line) => line.candyId === candyId) && !(await this.candy.find(candyId))) return refuse('not-found', CANDY_NOT_FOUND);
    await this.carts.removeCandy(userId, candyId);
    return { outcome: 'saved', cart: await this.view(userId) };
  }
}
