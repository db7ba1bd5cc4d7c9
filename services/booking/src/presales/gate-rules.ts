import type { Seat } from '../shows/show-model';

/**
 * The seats a buyer already has of a presale's shows, for its maxTicketsPerBuyer (issue 40): the ones
 * bought, and the held ones being paid (an order tags them; they stay through a new hold). A new hold
 * replaces the buyer's plain holds — on its show it is the new hold, on the others they are released
 * (one show in the cart) — so those do not count.
 */
export function ticketsTakenBy(shows: ReadonlyArray<{ seats: readonly Seat[] }>, userId: string, now: Date): number {
  let taken = 0;
  for (const show of shows) {
    for (const seat of show.seats) {
      if (seat.userId !== userId) continue;
      if (seat.state === 'sold') taken += 1;
      else if (seat.orderId !== undefined && seat.heldUntil !== undefined && seat.heldUntil > now) taken += 1;
    }
  }
  return taken;
}

/** Whether a hold of `seats` more leaves the buyer within the presale's maxTicketsPerBuyer. */
export function withinTicketLimit(taken: number, seats: number, maxTicketsPerBuyer: number): boolean {
  return taken + seats <= maxTicketsPerBuyer;
}
