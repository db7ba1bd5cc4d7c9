/**
 * "Best adjacent seats" for the quantity flow (no seat map yet): side by
 * side in one row, as close to the row's centre as possible, in the rows a
 * little behind the middle of the room first. When no row has that many
 * free seats together, the largest free runs are taken first, which keeps
 * the group in as few rows (and pieces) as possible.
 */

export interface SeatGrid {
  rows: number;
  seatsPerRow: number;
  /** free(row index from the screen, seat number 1..) */
  isFree(row: number, number: number): boolean;
}

export interface ChosenSeat {
  row: number;
  number: number;
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

/** The `count` seats of the run whose middle is nearest the row's centre (ties: the left one). */
function centredIn(run: Run, count: number, seatsPerRow: number): { first: number; offCentre: number } {
  const centre = (seatsPerRow + 1) / 2;
  let best = { first: run.first, offCentre: Number.POSITIVE_INFINITY };
  for (let first = run.first; first + count - 1 <= run.last; first++) {
    const offCentre = Math.abs(first + (count - 1) / 2 - centre);
    if (offCentre < best.offCentre) best = { first, offCentre };
  }
  return best;
}

function freeRuns(grid: SeatGrid): Run[] {
  const runs: Run[] = [];
  for (let row = 0; row < grid.rows; row++) {
    let first = 0;
    for (let number = 1; number <= grid.seatsPerRow + 1; number++) {
      const free = number <= grid.seatsPerRow && grid.isFree(row, number);
      if (free && first === 0) first = number;
      if (!free && first !== 0) {
        runs.push({ row, first, last: number - 1 });
        first = 0;
      }
    }
  }
  return runs;
}

function score(run: Run, count: number, grid: SeatGrid): { first: number; score: number } {
  const placed = centredIn(run, count, grid.seatsPerRow);
  return { first: placed.first, score: rowPenalty(run.row, grid.rows) + 0.5 * placed.offCentre };
}

/** The best `count` seats, or undefined when fewer than `count` are free. */
export function chooseBestSeats(grid: SeatGrid, count: number): ChosenSeat[] | undefined {
  if (count < 1) return [];
  let runs = freeRuns(grid);
  const free = runs.reduce((sum, run) => sum + run.last - run.first + 1, 0);
  if (free < count) return undefined;

  const pick = (candidates: Run[], size: number) => {
    let best: { run: Run; first: number; score: number } | undefined;
    for (const run of candidates) {
      const placed = score(run, size, grid);
      if (!best || placed.score < best.score) best = { run, ...placed };
    }
    return best as { run: Run; first: number; score: number };
  };
  const seatsOf = (row: number, first: number, size: number) => Array.from({ length: size }, (_, i) => ({ row, number: first + i }));

  const together = runs.filter((run) => run.last - run.first + 1 >= count);
  if (together.length > 0) {
    const best = pick(together, count);
    return seatsOf(best.run.row, best.first, count);
  }

  const chosen: ChosenSeat[] = [];
  let remaining = count;
  while (remaining > 0) {
    const longest = Math.max(...runs.map((run) => run.last - run.first + 1));
    const size = Math.min(longest, remaining);
    const best = pick(
      runs.filter((run) => run.last - run.first + 1 === longest),
      size,
    );
    chosen.push(...seatsOf(best.run.row, best.first, size));
    remaining -= size;
    runs = runs.filter((run) => run !== best.run);
  }
  return chosen.sort((a, b) => a.row - b.row || a.number - b.number);
}
