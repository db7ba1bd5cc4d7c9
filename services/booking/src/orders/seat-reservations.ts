import type { ShowView } from '@cine/contracts';

/** Seats a user holds on one show (SeatInventory's HeldTickets). */
export interface HeldTickets {
  show: ShowView;
  /** Sorted. */
  seatLabels: string[];
  heldUntil: Date;
}

/** What an order copies from its show; an admin's change of any of them refuses the order's reservation. */
export type ShowTerms = Pick<ShowView, 'movieId' | 'date' | 'schedule' | 'roomId' | 'type' | 'price'>;

/** The seats tagged with the order (empty: nothing held any more), or the show's terms changed since the order copied them. */
export type Reservation = { outcome: 'reserved'; seatLabels: string[] } | { outcome: 'terms-changed' };

/**
 * What the cart and the checkout use of the shows' SeatInventory
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
}
