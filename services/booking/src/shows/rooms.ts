import type { SeatLayout } from '@cine/contracts';
import type { Collection, Connection } from 'mongoose';

/**
 * The seeded rooms and their seat layouts (the chain's rooms are data in booking's `rooms` collection,
 * kept by cinemas/cinemas.ts: the first cinema's 1–5 as the spec had them): rows A.. from the screen back (a shorter row is centred), seats numbered
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

/**
 * The rooms of the other two cinemas of a fresh installation (issue 38: Cine Norte 6–8, Cine Córdoba
 * 9–10), each of another shape than the first cinema's.
 */
export const SEEDED_CHAIN_ROOM_LAYOUTS: Readonly<Record<number, SeatLayout>> = {
  // Norte: a small room of 8 rows of 8, a wide one with a central aisle, a long one with premium back rows.
  6: withCategories({ rows: [8, 8, 8, 8, 8, 8, 8, 8], aisles: [], wheelchair: ['H1'] }, { H2: 'H1' }),
  7: withCategories({ rows: [14, 14, 16, 16, 16, 16, 16, 16], aisles: [8], wheelchair: ['A1', 'A14'] }, { A2: 'A1', A13: 'A14' }),
  8: withCategories(
    { rows: [10, 10, 10, 12, 12, 12, 12, 12, 12, 12, 14, 14, 14, 14], aisles: [3, 9], wheelchair: ['A1', 'A10'] },
    { A2: 'A1', A9: 'A10' },
    ['M', 'N'],
  ),
  // Córdoba: a middle room with an aisle and a big one of 14 rows.
  9: withCategories({ rows: [10, 10, 10, 10, 10, 10, 10, 10, 10], aisles: [5], wheelchair: ['I1', 'I10'] }, { I2: 'I1', I9: 'I10' }),
  10: withCategories(
    { rows: [12, 12, 14, 14, 14, 16, 16, 16, 16, 16, 18, 18, 18, 18], aisles: [4, 14], wheelchair: ['A1', 'A12'] },
    { A2: 'A1', A11: 'A12' },
    ['M', 'N'],
  ),
};

/** The same rows, aisles and wheelchair spaces (what a layout was before it had categories). */
export function sameSeats(a: SeatLayout, b: SeatLayout): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  return same(a.rows, b.rows) && same(a.aisles, b.aisles) && same(a.wheelchair, b.wheelchair);
}

/**
 * The shows of a room that copied its layout before seat categories (the same rows, aisles and wheelchair
 * spaces, no categories) take the room's categories and companions. Shows without a layout of their own
 * (older still: a rectangle) are left as they are; so are the listings' summaries of the shows.
 */
export async function addCategoriesToShows(db: Connection, roomId: number, layout: SeatLayout): Promise<void> {
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
