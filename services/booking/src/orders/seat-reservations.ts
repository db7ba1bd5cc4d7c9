import type { ShowView } from '@cine/contracts';

/** Seats a user holds on one show (SeatInventory's HeldTickets). */
export interface HeldTickets {
  show: ShowView;
  /** Sorted. */
  seatLabels: string[];
  heldUntil: Date;
}

/**
 * What the cart and the checkout use of the shows' SeatInventory
 * (src/shows/seat-inventory.ts); every seat change there is written in a
 * version-guarded write of the show document, batched with the show's other
 * queued changes.
 */
export interface SeatReservations {
  holdsOf(userId: string, now: Date): Promise<HeldTickets[]>;
  reserveForOrder(showId: string, userId: string, orderId: string, now: Date, until: Date): Promise<string[]>;
  sellForOrder(showId: string, orderId: string): Promise<string[]>;
  releaseOrderReservation(showId: string, orderId: string, holdUntil: Date): Promise<void>;
}
