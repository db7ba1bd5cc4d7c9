import { createEvent, type EventBus } from '@cine/service-kit';
import type { EventOfType } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Seat, ShowDocument } from './show-model';

type SeatChange = EventOfType<'show.seats-changed'>['data']['seats'][number];

/** The seats whose state or hold end differ between two lists of a show's taken seats: their new state. */
function changedSeats(before: readonly Seat[], after: readonly Seat[]): SeatChange[] {
  const was = new Map(before.map((seat) => [seat.label, seat]));
  const changes: SeatChange[] = [];
  for (const seat of after) {
    const old = was.get(seat.label);
    was.delete(seat.label);
    if (old && old.state === seat.state && old.heldUntil?.getTime() === seat.heldUntil?.getTime()) continue;
    changes.push({
      label: seat.label,
      state: seat.state,
      ...(seat.state === 'held' && seat.heldUntil ? { heldUntil: seat.heldUntil.toISOString() } : {}),
    });
  }
  for (const label of was.keys()) changes.push({ label, state: 'free' });
  return changes;
}

/**
 * Announces every change of a show's seats on the bus (`show.seats-changed`), for the open seat
 * maps of every booking instance (seat-streams.ts). Published after the write, never kept in an
 * outbox: a listener that misses one sees the versions skip and reads the show again, so a lost
 * announcement delays a map and loses nothing. Publications are not awaited by the writes.
 */
export class SeatChangeFeed {
  constructor(
    private readonly bus: EventBus,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The show's seats were written: `before` at version v, `after` at v + 1. */
  written(before: ShowDocument, after: ShowDocument): void {
    this.publish({ showId: after._id.toHexString(), version: after.version, seats: changedSeats(before.seats, after.seats) });
  }

  /** The show changed in a way a list of seats does not say (an admin's edit, its movie withdrawn): listeners read it again. */
  reread(showId: string, version: number): void {
    this.publish({ showId, version, seats: [], reread: true });
  }

  deleted(showId: string, version: number): void {
    this.publish({ showId, version, seats: [], deleted: true });
  }

  private publish(data: EventOfType<'show.seats-changed'>['data']): void {
    this.bus.publish(createEvent('show.seats-changed', data)).catch((error: unknown) => {
      this.log?.warn({ err: error instanceof Error ? error.message : String(error), showId: data.showId }, 'seat change not announced');
    });
  }
}
