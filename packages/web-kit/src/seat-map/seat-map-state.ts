import type { SeatLayout, SeatMapDelta, SeatMapView, TakenSeatState } from '@cine/contracts';

/** A show's seat map as the browser keeps it: the layout and each taken seat's state, at `version`. */
export interface LiveSeatMap {
  showId: string;
  roomId: number;
  layout: SeatLayout;
  version: number;
  /** Held or sold seats; every other seat of the layout is free. */
  taken: Readonly<Record<string, TakenSeatState>>;
  /** What a seat of each category adds to a ticket's price, when the server says it. */
  categorySurcharges?: Readonly<Record<string, number>>;
}

export function fromSnapshot(view: SeatMapView): LiveSeatMap {
  return {
    showId: view.showId,
    roomId: view.roomId,
    layout: view.layout,
    version: view.version,
    taken: { ...view.taken },
    ...(view.categorySurcharges && { categorySurcharges: view.categorySurcharges }),
  };
}

/**
 * A delta applied on the map (it starts at the map's version: the next change, or lapsed holds at
 * the same version), or 'resync' when it starts later (a change was missed: start again from a
 * snapshot). A delta that ends at or before the map's version is old news and changes nothing.
 */
export function applyDelta(map: LiveSeatMap, delta: SeatMapDelta): LiveSeatMap | 'resync' {
  if (delta.from !== map.version) return delta.version <= map.version ? map : 'resync';
  const taken: Record<string, TakenSeatState> = { ...map.taken };
  for (const [label, state] of Object.entries(delta.seats)) {
    if (state === 'free') delete taken[label];
    else taken[label] = state;
  }
  return { ...map, version: delta.version, taken };
}
