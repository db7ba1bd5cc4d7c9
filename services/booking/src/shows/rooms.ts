import { capacityOfLayout, type SeatLayout } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';

/**
 * The cinema's rooms (spec: rooms 1 to 5) and their seat layouts, kept as data in booking's
 * `rooms` collection: rows A.. from the screen back (a shorter row is centred), seats numbered
 * 1.. from the left, aisles, wheelchair spaces. A show copies its room's layout when created.
 */
export const ROOM_IDS = [1, 2, 3, 4, 5];

/**
 * The seat categories of a layout (issue 37): every wheelchair space, its companion seat (sold with it:
 * `companions` maps each companion to its space) and the premium seats, by label.
 */
function withCategories(
  layout: Pick<SeatLayout, 'rows' | 'aisles' | 'wheelchair'>,
  companions: Record<string, string>,
  premiumRows: readonly string[] = [],
): SeatLayout {
  const categories: NonNullable<SeatLayout['categories']> = {};
  layout.rows.forEach((seats, index) => {
    const row = String.fromCharCode(65 + index);
    if (premiumRows.includes(row)) for (let number = 1; number <= seats; number++) categories[`${row}${number}`] = 'premium';
  });
  for (const label of layout.wheelchair) categories[label] = 'wheelchair';
  for (const label of Object.keys(companions)) categories[label] = 'companion';
  // A room of standard seats alone lists none.
  return Object.keys(categories).length === 0 ? { ...layout } : { ...layout, categories, companions };
}

/**
 * What `rooms` is seeded with on the first start (a room already stored keeps its own layout; one
 * stored before seat categories, still as seeded, gains them: `Rooms.load`). Each wheelchair space has
 * one companion seat beside it; room 4's pairs of spaces at the row's ends have one beside the inner
 * space and one in front of the outer (the seat beside it is the other space).
 */
export const SEEDED_ROOM_LAYOUTS: Readonly<Record<number, SeatLayout>> = {
  // The classic rectangle: rows A–J of 10, no aisle.
  1: withCategories({ rows: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10], aisles: [], wheelchair: [] }, {}),
  // Narrower at the screen, wider at the back; wheelchair spaces at the ends of the front row.
  2: withCategories({ rows: [8, 8, 10, 10, 10, 10, 10, 10, 12, 12], aisles: [], wheelchair: ['A1', 'A8'] }, { A2: 'A1', A7: 'A8' }),
  // Two blocks of 6 with a central aisle.
  3: withCategories({ rows: [12, 12, 12, 12, 12, 12, 12, 12], aisles: [6], wheelchair: ['H1', 'H12'] }, { H2: 'H1', H11: 'H12' }),
  // Three blocks (3 | 6 | 3) with two aisles.
  4: withCategories(
    { rows: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], aisles: [3, 9], wheelchair: ['L1', 'L2', 'L11', 'L12'] },
    { L3: 'L2', K1: 'L1', L10: 'L11', K12: 'L12' },
  ),
  // The big room: short front rows, two aisles, a wide back row; its two back rows (K, L) premium.
  5: withCategories(
    { rows: [12, 12, 14, 14, 14, 14, 14, 14, 14, 14, 16, 16], aisles: [4, 12], wheelchair: ['A1', 'A12'] },
    { A2: 'A1', A11: 'A12' },
    ['K', 'L'],
  ),
};

/** The same rows, aisles and wheelchair spaces (what a layout was before it had categories). */
function sameSeats(a: SeatLayout, b: SeatLayout): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  return same(a.rows, b.rows) && same(a.aisles, b.aisles) && same(a.wheelchair, b.wheelchair);
}

export function isRoomId(value: number): boolean {
  return ROOM_IDS.includes(value);
}

interface RoomDocument {
  _id: number;
  layout: SeatLayout;
}

/** The rooms' layouts, read once at start (after seeding the missing rooms). */
export class Rooms {
  private constructor(private readonly layouts: ReadonlyMap<number, SeatLayout>) {}

  static async load(db: Connection): Promise<Rooms> {
    const collection = db.collection<RoomDocument>('rooms');
    for (const roomId of ROOM_IDS) {
      try {
        await collection.insertOne({ _id: roomId, layout: SEEDED_ROOM_LAYOUTS[roomId] as SeatLayout });
      } catch (error) {
        // Seeded before (by this or another instance): its layout stays as stored.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    const stored = await collection.find({}).toArray();
    for (const room of stored) {
      const seeded = SEEDED_ROOM_LAYOUTS[room._id];
      if (!seeded?.categories || room.layout.categories !== undefined || !sameSeats(room.layout, seeded)) continue;
      // Stored before seat categories, as seeded: the room, and the shows that copied it, gain them.
      const { categories, companions } = seeded;
      await collection.updateOne(
        { _id: room._id, 'layout.categories': { $exists: false } },
        { $set: { 'layout.categories': categories, 'layout.companions': companions ?? {} } },
      );
      room.layout = { ...room.layout, ...(categories ? { categories } : {}), ...(companions ? { companions } : {}) };
      await addCategoriesToShows(db, room._id, room.layout);
    }
    return new Rooms(new Map(stored.map((room) => [room._id, room.layout])));
  }

  /** The room's layout (its seeded one if it was never stored). */
  layoutOf(roomId: number): SeatLayout {
    return this.layouts.get(roomId) ?? (SEEDED_ROOM_LAYOUTS[roomId] as SeatLayout);
  }

  capacityOf(roomId: number): number {
    return capacityOfLayout(this.layoutOf(roomId));
  }
}

/**
 * The shows of a room that copied its layout before seat categories (the same rows, aisles and wheelchair
 * spaces, no categories) take the room's categories and companions. Shows without a layout of their own
 * (older still: a rectangle) are left as they are; so are the listings' summaries of the shows.
 */
async function addCategoriesToShows(db: Connection, roomId: number, layout: SeatLayout): Promise<void> {
  for (const name of ['shows', 'show_summaries']) await addCategoriesTo(db.collection(name), roomId, layout);
}

async function addCategoriesTo(
  shows: Collection<{ _id: unknown; roomId: number; layout?: SeatLayout }>,
  roomId: number,
  layout: SeatLayout,
) {
  const without = await shows
    .find({ roomId, layout: { $exists: true }, 'layout.categories': { $exists: false } }, { projection: { layout: 1 } })
    .toArray();
  for (const show of without) {
    if (!show.layout || !sameSeats(show.layout, layout)) continue;
    await shows.updateOne(
      { _id: show._id, 'layout.categories': { $exists: false } },
      { $set: { 'layout.categories': layout.categories ?? {}, 'layout.companions': layout.companions ?? {} } },
    );
  }
}
