import { capacityOfLayout, type SeatLayout } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Connection } from 'mongoose';

/**
 * The cinema's rooms (spec: rooms 1 to 5) and their seat layouts, kept as data in booking's
 * `rooms` collection: rows A.. from the screen back (a shorter row is centred), seats numbered
 * 1.. from the left, aisles, wheelchair spaces. A show copies its room's layout when created.
 */
export const ROOM_IDS = [1, 2, 3, 4, 5];

/** What `rooms` is seeded with on the first start (a room already stored keeps its own layout). */
export const SEEDED_ROOM_LAYOUTS: Readonly<Record<number, SeatLayout>> = {
  // The classic rectangle: rows A–J of 10, no aisle.
  1: { rows: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10], aisles: [], wheelchair: [] },
  // Narrower at the screen, wider at the back; wheelchair spaces at the ends of the front row.
  2: { rows: [8, 8, 10, 10, 10, 10, 10, 10, 12, 12], aisles: [], wheelchair: ['A1', 'A8'] },
  // Two blocks of 6 with a central aisle.
  3: { rows: [12, 12, 12, 12, 12, 12, 12, 12], aisles: [6], wheelchair: ['H1', 'H12'] },
  // Three blocks (3 | 6 | 3) with two aisles.
  4: { rows: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], aisles: [3, 9], wheelchair: ['L1', 'L2', 'L11', 'L12'] },
  // The big room: short front rows, two aisles, a wide back row.
  5: { rows: [12, 12, 14, 14, 14, 14, 14, 14, 14, 14, 16, 16], aisles: [4, 12], wheelchair: ['A1', 'A12'] },
};

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
