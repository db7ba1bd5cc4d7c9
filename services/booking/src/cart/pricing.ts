import {
  GENERAL_TICKET_TYPE,
  priceLine,
  seatCategoryOf,
  type CartCandyLine,
  type CartPromo,
  type CartTicketLine,
  type CartView,
  type CinemaPlace,
  type PricedLine,
} from '@cine/contracts';
import type { CandyItem } from '../candy/candy-projection';
import type { HeldTickets } from '../shows/seat-decisions';
import type { CandyLine } from './cart-repository';

/**
 * The cart line of a seat hold: each seat priced by the type it is held as and its category (a type the show
 * stopped selling since is left out: the checkout refuses such a hold); `unitPrice` the show's "desde" price. Cents.
 */
export function ticketLineOf({ show, pricing, layout, seatLabels, ticketTypes, heldUntil }: HeldTickets): CartTicketLine {
  const lines = seatLabels.flatMap((seatLabel, index): PricedLine[] => {
    const type = ticketTypes[index] ?? GENERAL_TICKET_TYPE;
    const line = priceLine(pricing, { seatLabel, type, category: seatCategoryOf(layout, seatLabel) });
    return line ? [line] : [];
  });
  return {
    showId: show.id,
    seats: seatLabels.length,
    seatLabels,
    lines,
    unitPrice: show.price,
    totalPrice: lines.reduce((sum, line) => sum + line.total, 0),
    movieId: show.movieId,
    title: show.movie.Title,
    date: show.date,
    day: show.day,
    schedule: show.schedule,
    roomId: show.roomId,
    type: show.type,
    heldUntil: heldUntil.toISOString(),
  };
}

/** Candy lines priced from the projection; a line whose item no longer exists is left out. */
export function candyLinesOf(lines: readonly CandyLine[], items: ReadonlyMap<string, CandyItem>): CartCandyLine[] {
  return lines.flatMap((line) => {
    const item = items.get(line.candyId);
    if (!item) return [];
    return [
      {
        id: item._id,
        name: item.name,
        picture: item.picture,
        quantity: line.quantity,
        unitPrice: item.price,
        totalPrice: item.price * line.quantity,
      },
    ];
  });
}

/** Issue 41: a candy line with a tier's discount of `percent` (rounded down to the cent; 0: the line as it was). */
export function discountedCandyLine(line: CartCandyLine, percent: number): CartCandyLine {
  const discount = Math.floor((line.totalPrice * percent) / 100);
  return discount > 0 ? { ...line, discount } : line;
}

/** Every ticket line plus every candy line less the tickets' promo discounts (issue 39) and the candy lines' tier discounts (issue 41), in cents. */
export function cartViewOf(tickets: CartTicketLine[], candy: CartCandyLine[], cinema?: CinemaPlace, promo?: CartPromo): CartView {
  const discount =
    tickets.reduce((sum, ticket) => sum + ticket.lines.reduce((off, line) => off + (line.discount ?? 0), 0), 0) +
    candy.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const orderPrice = [...tickets, ...candy].reduce((sum, line) => sum + line.totalPrice, 0) - discount;
  return { tickets, candy, ...(promo ? { promo } : {}), orderPrice, ...(cinema ? { cinema } : {}) };
}
