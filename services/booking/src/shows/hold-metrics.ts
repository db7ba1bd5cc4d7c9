import { holdsLapsed, holdsMade, holdsReleased } from '../metrics';
import type { Seat } from './show-model';

export interface HoldChanges {
  made: number;
  released: number;
  lapsed: number;
}

/** A seat held by a buyer and not being paid. */
const isHold = (seat: Seat | undefined): seat is Seat => seat?.state === 'held' && seat.orderId === undefined;

/**
 * What one write of a show's seats did to its holds, by seat: a seat becomes held by someone who did
 * not hold it (made), or a hold ends other than by its payment, before its time (released) or after
 * it (lapsed: seen at the show's next write, which leaves the lapsed seat out). A renewal is neither.
 */
export function holdChanges(before: readonly Seat[], after: readonly Seat[], now: Date): HoldChanges {
  const previous = new Map(before.map((seat) => [seat.label, seat]));
  const next = new Map(after.map((seat) => [seat.label, seat]));
  const changes: HoldChanges = { made: 0, released: 0, lapsed: 0 };
  for (const seat of after) {
    const was = previous.get(seat.label);
    if (isHold(seat) && !(was?.state === 'held' && was.userId === seat.userId)) changes.made++;
  }
  for (const seat of before) {
    if (!isHold(seat)) continue;
    const then = next.get(seat.label);
    if (then?.state === 'sold' || (then?.state === 'held' && then.userId === seat.userId)) continue;
    if (seat.heldUntil !== undefined && seat.heldUntil <= now) changes.lapsed++;
    else changes.released++;
  }
  return changes;
}

export function countHoldChanges(before: readonly Seat[], after: readonly Seat[], now: Date): void {
  const { made, released, lapsed } = holdChanges(before, after, now);
  if (made > 0) holdsMade.inc(made);
  if (released > 0) holdsReleased.inc(released);
  if (lapsed > 0) holdsLapsed.inc(lapsed);
}
