import type { Seat } from './show-model';

/** Free now: never taken, or held by a hold that has lapsed. */
export function isFreeAt(seat: Seat, now: Date): boolean {
  return seat.state === 'free' || (seat.state === 'held' && (seat.heldUntil === undefined || seat.heldUntil <= now));
}

/** Held by the user and not lapsed. */
export function isHeldByAt(seat: Seat, userId: string, now: Date): boolean {
  return seat.state === 'held' && seat.userId === userId && seat.heldUntil !== undefined && seat.heldUntil > now;
}

export function freeSeat(seat: Seat): Seat {
  return { label: seat.label, row: seat.row, number: seat.number, state: 'free' };
}

/** Lapsed holds become plain free seats (clearing who held them and any order tag). */
export function withoutLapsedHolds(seats: Seat[], now: Date): Seat[] {
  return seats.map((seat) => (seat.state === 'held' && isFreeAt(seat, now) ? freeSeat(seat) : seat));
}

/** What a show document keeps next to its seats, recomputed on every write. */
export function seatSummary(seats: Seat[]): { available: number; holdsExpireAt: Date | null; holders: string[] } {
  let available = 0;
  let holdsExpireAt: Date | null = null;
  const holders = new Set<string>();
  for (const seat of seats) {
    if (seat.state === 'free') available += 1;
    else if (seat.state === 'held') {
      if (seat.userId) holders.add(seat.userId);
      if (seat.heldUntil && (!holdsExpireAt || seat.heldUntil < holdsExpireAt)) holdsExpireAt = seat.heldUntil;
    }
  }
  return { available, holdsExpireAt, holders: [...holders].sort() };
}

/** Seat labels in room order: by row, then number (F9 before F10). */
export function sortLabels(seats: Array<Pick<Seat, 'label' | 'row' | 'number'>>): string[] {
  return [...seats].sort((a, b) => a.row.localeCompare(b.row) || a.number - b.number).map((seat) => seat.label);
}
