import type { CartCandyLine, CartView } from '@cine/contracts';
import type { CandyProjection } from '../candy/candy-projection';
import type { SeatReservations } from '../orders/seat-reservations';
import { refuse, type Result } from '../refusal';
import type { CartRepository } from './cart-repository';
import { candyLinesOf, cartViewOf, ticketLineOf } from './pricing';

export const MAX_CANDY_QUANTITY = 100;
const CANDY_NOT_FOUND = 'No existe el producto.';

export function notEnoughCandy(name: string, available: number): string {
  return available === 0 ? `No queda stock de ${name}.` : `No hay suficiente stock de ${name}: quedan ${available}.`;
}

export type CandyLineChange = Result<{ outcome: 'saved'; cart: CartView }>;

/** The user's cart as the server computes it: held seats from the shows, candy lines priced from the projection. */
export class Cart {
  constructor(
    private readonly seats: SeatReservations,
    private readonly candy: CandyProjection,
    private readonly carts: CartRepository,
    private readonly clock: () => Date,
  ) {}

  async view(userId: string): Promise<CartView> {
    const [holds, candy] = await Promise.all([this.seats.holdsOf(userId, this.clock()), this.candyLines(userId)]);
    // Seats that can no longer be bought (the show started, its movie was deleted) are not priced: checkout refuses them.
    const onSale = holds.filter((held) => !held.offSale);
    // A cart holds one cinema's seats at a time (SeatInventory refuses another's): the cinema of its tickets.
    const cinema = onSale[0]?.cinema;
    return cartViewOf(onSale.map(ticketLineOf), candy, cinema && { id: cinema.id, name: cinema.name, address: cinema.address });
  }

  async candyLines(userId: string): Promise<CartCandyLine[]> {
    const lines = await this.carts.candyOf(userId);
    return candyLinesOf(lines, await this.candy.findMany(lines.map((line) => line.candyId)));
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
