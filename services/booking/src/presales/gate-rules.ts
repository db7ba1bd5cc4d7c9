import type { Seat } from '../shows/show-model';

/** A show's id and seats, as the gate reads the presale's shows. */
interface ShowSeats {
  _id: { toHexString(): string };
  seats: readonly Seat[];
}

/** What a request would buy: a hold of `seats` seats, or a checkout of the seats the buyer holds on its show (`'held'`). */
export type Wanted = number | 'held';

const isTaken = (seat: Seat, now: Date) =>
  seat.state === 'sold' || (seat.orderId !== undefined && seat.heldUntil !== undefined && seat.heldUntil > now);

const isPlainHold = (seat: Seat, now: Date) =>
  seat.state === 'held' && seat.orderId === undefined && seat.heldUntil !== undefined && seat.heldUntil > now;

/**
 * The seats a buyer already has of a presale's shows, for its maxTicketsPerBuyer (issue 40): the ones
 * bought, and the held ones being paid (an order tags them; they stay through a new hold). A new hold
 * replaces the buyer's plain holds — on its show it is the new hold, on the others they are released
 * (one show in the cart) — so those do not count.
 */
export function ticketsTakenBy(shows: ReadonlyArray<{ seats: readonly Seat[] }>, userId: string, now: Date): number {
  let taken = 0;
  for (const show of shows) for (const seat of show.seats) if (seat.userId === userId && isTaken(seat, now)) taken += 1;
  return taken;
}

/**
 * The buyer's seats of the presale's shows once the request is done: those taken, plus a hold's `seats`, or
 * for a checkout the plain holds of its show (the ones it pays). Null when a checkout has nothing to pay (a
 * repeated request answering the order it made, or nothing held): the limit has nothing to add to.
 */
export function ticketsAfter(shows: readonly ShowSeats[], userId: string, now: Date, showId: string, wanted: Wanted): number | null {
  const taken = ticketsTakenBy(shows, userId, now);
  if (wanted !== 'held') return taken + wanted;
  const show = shows.find((one) => one._id.toHexString() === showId.toLowerCase());
  const held = show?.seats.filter((seat) => seat.userId === userId && isPlainHold(seat, now)).length ?? 0;
  return held === 0 ? null : taken + held;
}
