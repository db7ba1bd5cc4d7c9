/** The cinema's rooms and their seat layouts: rows A.. from the screen back, seats numbered 1.. from the left. */

export interface RoomLayout {
  rows: number;
  seatsPerRow: number;
}

/** One table for every room; a show copies its room's layout into its seats when created. */
export const ROOM_LAYOUTS: Readonly<Record<number, RoomLayout>> = {
  1: { rows: 10, seatsPerRow: 10 },
  2: { rows: 10, seatsPerRow: 10 },
  3: { rows: 8, seatsPerRow: 12 },
  4: { rows: 12, seatsPerRow: 12 },
  5: { rows: 12, seatsPerRow: 14 },
};

export const ROOM_IDS = Object.keys(ROOM_LAYOUTS).map(Number);

export function isRoomId(value: number): boolean {
  return Object.hasOwn(ROOM_LAYOUTS, value);
}

export function rowLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

export function capacityOf(roomId: number): number {
  const layout = ROOM_LAYOUTS[roomId] as RoomLayout;
  return layout.rows * layout.seatsPerRow;
}
