/**
 * A room's seats as data, and the rules on them that the seat map (web) and
 * booking (service) both apply: labels, where each seat sits, the best
 * adjacent seats for a quantity, and the isolated-seat rule.
 *
 * Rows are lettered A.. from the screen back; seats are numbered 1.. from the
 * left of their row. A row shorter than the widest one is centred, so a seat's
 * column (1.. across the widest row) is its number plus the row's offset.
 */
import type { SeatLayout } from './views';

/** Seat map streams one client may keep open (`MAX_SEAT_STREAMS_PER_ADDRESS`; booking and the gateway count them). */
export const DEFAULT_SEAT_STREAMS_PER_ADDRESS = 20;

/**
 * Set by the gateway on the stream it opens from booking for the viewers of a show (its relay): booking
 * does not count that stream against any client (the gateway counts the viewers). Dropped from clients' requests.
 */
export const SEAT_RELAY_HEADER = 'x-seat-relay';

/** The 429 of a seat map stream past the streams one client address may keep open (booking and the gateway count them). */
export const TOO_MANY_SEAT_MAPS = 'Hay demasiados mapas de asientos abiertos desde tu conexión. Cierra alguno e intenta de nuevo.';

/** A seat's position: row index from the screen (0 = A) and its number in the row (1..). */
export interface SeatPosition {
  row: number;
  number: number;
}

/** The most rows a layout may have (A–Z). */
const MAX_ROWS = 26;
const LABEL = /^([A-Z])([1-9][0-9]?)$/;

export function rowLetter(row: number): string {
  return String.fromCharCode(65 + row);
}

export function seatLabel(row: number, number: number): string {
  return `${rowLetter(row)}${number}`;
}

/** 'F7' → {row: 5, number: 7}; undefined for anything that is not a row letter and a seat number. */
export function parseSeatLabel(label: string): SeatPosition | undefined {
  const match = LABEL.exec(label);
  if (!match) return undefined;
  return { row: (match[1] as string).charCodeAt(0) - 65, number: Number(match[2]) };
}

/** A plain rectangle: what a show created before layouts were data gets. */
export function rectangleLayout(rows: number, seatsPerRow: number): SeatLayout {
  return { rows: Array.from({ length: Math.min(rows, MAX_ROWS) }, () => seatsPerRow), aisles: [], wheelchair: [] };
}

/** The widest row's seats: the number of columns. */
export function layoutWidth(layout: SeatLayout): number {
  return Math.max(0, ...layout.rows);
}

export function capacityOfLayout(layout: SeatLayout): number {
  return layout.rows.reduce((sum, seats) => sum + seats, 0);
}

/** Columns left empty before the row's first seat (a shorter row is centred). */
export function rowOffset(layout: SeatLayout, row: number): number {
  return Math.floor((layoutWidth(layout) - (layout.rows[row] ?? 0)) / 2);
}

/** The seat's column (1..width). */
export function columnOf(layout: SeatLayout, { row, number }: SeatPosition): number {
  return rowOffset(layout, row) + number;
}

/** Whether the label names a seat of this layout. */
export function isSeatOf(layout: SeatLayout, label: string): boolean {
  const position = parseSeatLabel(label);
  return position !== undefined && position.number <= (layout.rows[position.row] ?? 0);
}

/** Every seat of the layout, row by row, left to right. */
export function seatsOf(layout: SeatLayout): Array<SeatPosition & { label: string }> {
  return layout.rows.flatMap((seats, row) =>
    Array.from({ length: seats }, (_, i) => ({ row, number: i + 1, label: seatLabel(row, i + 1) })),
  );
}

/** Whether an aisle separates the seat from the next one on its right. */
function aisleAfter(layout: SeatLayout, position: SeatPosition): boolean {
  return layout.aisles.includes(columnOf(layout, position));
}

/**
 * The isolated-seat rule ("No dejes un asiento libre aislado entre ocupados"): the free seats the
 * choice would leave alone in their block of the row (the seats between the row's ends and its
 * aisles), with a taken or chosen seat, the row's end (the wall) or an aisle on each side and at
 * least one chosen seat beside them. E2 and E3 chosen leave E1 alone against the wall; a seat
 * beside an aisle is left alone the same way. A seat the choice does not touch (others' seats, or
 * the chosen one across an aisle) is not the buyer's doing.
 */
export function isolatedSeats(layout: SeatLayout, isTaken: (label: string) => boolean, chosen: readonly string[]): string[] {
  const picked = new Set(chosen.filter((label) => isSeatOf(layout, label)));
  const isolated = new Set<string>();
  for (const label of picked) {
    const { row, number } = parseSeatLabel(label) as SeatPosition;
    for (const free of [number - 1, number + 1]) {
      const freeLabel = seatLabel(row, free);
      if (!isSeatOf(layout, freeLabel) || picked.has(freeLabel) || isTaken(freeLabel)) continue;
      // The chosen seat is across an aisle from it: not a neighbour.
      if (aisleAfter(layout, { row, number: Math.min(number, free) })) continue;
      if (blockedSide(layout, isTaken, picked, row, free, -1) && blockedSide(layout, isTaken, picked, row, free, 1))
        isolated.add(freeLabel);
    }
  }
  return [...isolated].sort(compareLabels);
}

/** Whether the seat is the first (-1) or last (1) of its block: the row's end or an aisle on that side. */
function atBlockEdge(layout: SeatLayout, row: number, number: number, side: -1 | 1): boolean {
  const next = number + side;
  if (next < 1 || next > (layout.rows[row] ?? 0)) return true;
  return aisleAfter(layout, { row, number: Math.min(number, next) });
}

/** Whether nobody can sit beside the seat on that side: the block ends there, or the seat there is taken or chosen. */
function blockedSide(
  layout: SeatLayout,
  isTaken: (label: string) => boolean,
  picked: ReadonlySet<string>,
  row: number,
  number: number,
  side: -1 | 1,
): boolean {
  if (atBlockEdge(layout, row, number, side)) return true;
  const label = seatLabel(row, number + side);
  return picked.has(label) || isTaken(label);
}

/** Seat labels in room order: by row, then number (F9 before F10). */
export function compareLabels(a: string, b: string): number {
  const left = parseSeatLabel(a);
  const right = parseSeatLabel(b);
  if (!left || !right) return a.localeCompare(b);
  return left.row - right.row || left.number - right.number;
}

interface Run {
  row: number;
  first: number;
  last: number;
}

/** The preferred row: 60% of the way back (F of A–J). */
export function preferredRow(rows: number): number {
  return Math.max(0, Math.ceil(rows * 0.6) - 1);
}

/** How much worse a row is than the preferred one; rows behind it cost a little less than rows in front. */
function rowPenalty(row: number, rows: number): number {
  const distance = row - preferredRow(rows);
  return distance >= 0 ? distance * 0.8 : -distance;
}

/** What leaving one free seat alone at a run's end costs: as much as three seats off-centre. */
const LONE_SEAT_PENALTY = 1.5;

/**
 * The `count` seats of the run whose middle is nearest the room's centre (ties: the left one), in
 * columns; a placement that leaves one seat alone at an end of the run (the isolated-seat rule) costs
 * more, so the suggestion does not open with a warning.
 */
function centredIn(run: Run, count: number, width: number): { first: number; offCentre: number } {
  const centre = (width + 1) / 2;
  let best = { first: run.first, offCentre: Number.POSITIVE_INFINITY };
  for (let first = run.first; first + count - 1 <= run.last; first++) {
    const lone = (first - run.first === 1 ? 1 : 0) + (run.last - (first + count - 1) === 1 ? 1 : 0);
    const offCentre = Math.abs(first + (count - 1) / 2 - centre) + lone * LONE_SEAT_PENALTY;
    if (offCentre < best.offCentre) best = { first, offCentre };
  }
  return best;
}

/** Runs of free seats side by side (an aisle ends a run), in columns. */
function freeRuns(layout: SeatLayout, isFree: (position: SeatPosition) => boolean): Run[] {
  const runs: Run[] = [];
  layout.rows.forEach((seats, row) => {
    const offset = rowOffset(layout, row);
    let first = 0;
    for (let number = 1; number <= seats + 1; number++) {
      const free = number <= seats && isFree({ row, number });
      const column = offset + number;
      if (free && first === 0) first = column;
      if (!free && first !== 0) {
        runs.push({ row, first, last: column - 1 });
        first = 0;
      }
      if (free && layout.aisles.includes(column)) {
        runs.push({ row, first, last: column });
        first = 0;
      }
    }
  });
  return runs;
}

/**
 * "Best adjacent seats" for a quantity: side by side in one row, as close to
 * the room's centre as possible, in the rows a little behind the middle first
 * (a row's distance weighs twice a seat's). When no row has that many free
 * seats together, the largest free runs are taken first, which keeps the
 * group in as few rows (and pieces) as possible. Answers the positions in
 * room order, or undefined when fewer than `count` seats are free.
 */
export function chooseBestSeats(
  layout: SeatLayout,
  isFree: (position: SeatPosition) => boolean,
  count: number,
): SeatPosition[] | undefined {
  if (count < 1) return [];
  const width = layoutWidth(layout);
  const rows = layout.rows.length;
  let runs = freeRuns(layout, isFree);
  const free = runs.reduce((sum, run) => sum + run.last - run.first + 1, 0);
  if (free < count) return undefined;

  const pick = (candidates: Run[], size: number) => {
    let best: { run: Run; first: number; score: number } | undefined;
    for (const run of candidates) {
      const placed = centredIn(run, size, width);
      const score = rowPenalty(run.row, rows) + 0.5 * placed.offCentre;
      if (!best || score < best.score) best = { run, first: placed.first, score };
    }
    return best as { run: Run; first: number; score: number };
  };
  const seatsAt = (row: number, firstColumn: number, size: number) =>
    Array.from({ length: size }, (_, i) => ({ row, number: firstColumn + i - rowOffset(layout, row) }));

  const together = runs.filter((run) => run.last - run.first + 1 >= count);
  if (together.length > 0) {
    const best = pick(together, count);
    return seatsAt(best.run.row, best.first, count);
  }

  const chosen: SeatPosition[] = [];
  let remaining = count;
  while (remaining > 0) {
    const longest = Math.max(...runs.map((run) => run.last - run.first + 1));
    const size = Math.min(longest, remaining);
    const best = pick(
      runs.filter((run) => run.last - run.first + 1 === longest),
      size,
    );
    chosen.push(...seatsAt(best.run.row, best.first, size));
    remaining -= size;
    runs = runs.filter((run) => run !== best.run);
  }
  return chosen.sort((a, b) => a.row - b.row || a.number - b.number);
}

/**
 * The automatic choice of `count` seats among the free ones, as labels in room order: the best adjacent
 * seats, leaving the wheelchair spaces for last (taken only when the other seats are not enough).
 */
export function suggestSeats(layout: SeatLayout, isTaken: (label: string) => boolean, count: number): string[] | undefined {
  const wheelchair = new Set(layout.wheelchair);
  const free = (position: SeatPosition) => !isTaken(seatLabel(position.row, position.number));
  const chosen =
    chooseBestSeats(layout, (position) => free(position) && !wheelchair.has(seatLabel(position.row, position.number)), count) ??
    chooseBestSeats(layout, free, count);
  return chosen?.map((position) => seatLabel(position.row, position.number));
}
