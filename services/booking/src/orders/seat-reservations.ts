import type { HeldTickets, Reservation, ShowTerms } from '../shows/seat-decisions';

/**
 * What the cart, the checkout and the refunds use of the shows' SeatInventory
 * (src/shows/seat-inventory.ts); every seat change there is written in a
 * version-guarded write of the show document, batched with the show's other
 * queued changes.
 */
export interface SeatReservations {
  holdsOf(userId: string, now: Date): Promise<HeldTickets[]>;
  heldOn(userId: string, showId: string, now: Date): Promise<HeldTickets | undefined>;
  reserveForOrder(showId: string, userId: string, orderId: string, terms: ShowTerms, now: Date, until: Date): Promise<Reservation>;
  sellForOrder(showId: string, orderId: string): Promise<string[]>;
  releaseOrderReservation(showId: string, orderId: string, holdUntil: Date): Promise<void>;
  returnSeats(showId: string, orderId: string, labels: readonly string[]): Promise<string[]>;
}
