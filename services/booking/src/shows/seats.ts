import { rectangleLayout, type SeatLayout } from '@cine/contracts';
import type { Seat, ShowDocument } from './show-model';

/** A listed seat that is free now: held by a hold that has lapsed. */
export function isFreeAt(seat: Seat, now: Date): boolean {
  return seat.state === 'held' && (seat.heldUntil === undefined || seat.heldUntil <= now);
}

/** Held by the user and not lapsed. */
export function isHeldByAt(seat: Seat, userId: string, now: Date): boolean {
  return seat.state === 'held' && seat.userId === userId && seat.heldUntil !== undefined && seat.heldUntil > now;
}

/** Lapsed holds leave the list: those seats are free again (with no holder or order tag). */
export function withoutLapsedHolds(seats: Seat[], now: Date): Seat[] {
  return seats.filter((seat) => !isFreeAt(seat, now));
}

/** What a show document keeps next to its seats, recomputed on every write. */
export function seatSummary(seats: Seat[], capacity: number): { available: number; holdsExpireAt: Date | null } {
  let holdsExpireAt: Date | null = null;
  for (const seat of seats) {
    if (seat.state === 'held' && seat.heldUntil && (!holdsExpireAt || seat.heldUntil < holdsExpireAt)) holdsExpireAt = seat.heldUntil;
  }
  return { available: capacity - seats.length, holdsExpireAt };
}

/** In room order. */
export function sortSeats<T extends Pick<Seat, 'row' | 'number'>>(seats: T[]): T[] {
  return [...seats].sort((a, b) => a.row.localeCompare(b.row) || a.number - b.number);
}

/** Seat labels in room order: by row, then number (F9 before F10). */
export function sortLabels(seats: Array<Pick<Seat, 'label' | 'row' | 'number'>>): string[] {
  return [...seats].sort((a, b) => a.row.localeCompare(b.row) || a.number - b.number).map((seat) => seat.label);
}

/** The show's seats: its copy of the room's layout, or a plain rectangle for a show created before layouts were data. */
export function layoutOf(show: Pick<ShowDocument, 'layout' | 'rows' | 'seatsPerRow'>): SeatLayout {
  return show.layout ?? rectangleLayout(show.rows, show.seatsPerRow);
}
