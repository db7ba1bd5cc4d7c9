import {
  capacityOfLayout,
  chooseBestSeats,
  compareLabels,
  isolatedSeats,
  isSeatOf,
  parseSeatLabel,
  preferredRow,
  rectangleLayout,
  seatLabel,
  suggestSeats,
  type SeatPosition,
} from './seat-map';
import type { SeatLayout } from './views';

/** A `rows` × `perRow` rectangle where the listed 'row:number' seats are taken. */
function free(taken: string[] = []) {
  const set = new Set(taken);
  return ({ row, number }: SeatPosition) => !set.has(`${row}:${number}`);
}

const labels = (seats: SeatPosition[] | undefined) => seats?.map(({ row, number }) => seatLabel(row, number));
const rectangle = rectangleLayout;

describe('seat labels', () => {
  it('reads a row letter and a seat number, and nothing else', () => {
    expect(parseSeatLabel('F7')).toEqual({ row: 5, number: 7 });
    expect(parseSeatLabel('A10')).toEqual({ row: 0, number: 10 });
    for (const bad of ['f7', 'F0', 'F07', 'F', '7', 'FF7', 'F100', ' F7', 'F7 ', 'Ñ1', '']) expect(parseSeatLabel(bad)).toBeUndefined();
  });

  it('knows which labels belong to a layout, short rows included', () => {
    const layout: SeatLayout = { rows: [8, 10], aisles: [], wheelchair: [] };
    expect(isSeatOf(layout, 'A8')).toBe(true);
    expect(isSeatOf(layout, 'A9')).toBe(false);
    expect(isSeatOf(layout, 'B10')).toBe(true);
    expect(isSeatOf(layout, 'C1')).toBe(false);
    expect(capacityOfLayout(layout)).toBe(18);
  });

  it('sorts labels in room order (F9 before F10)', () => {
    expect(['F10', 'B2', 'F9', 'A1'].sort(compareLabels)).toEqual(['A1', 'B2', 'F9', 'F10']);
  });
});

describe('best adjacent seats', () => {
  it('puts a pair in the middle of the preferred row (F of A–J, a little behind the middle)', () => {
    expect(preferredRow(10)).toBe(5);
    expect(labels(chooseBestSeats(rectangle(10, 10), free(), 2))).toEqual(['F5', 'F6']);
    expect(labels(chooseBestSeats(rectangle(10, 10), free(), 3))).toEqual(['F4', 'F5', 'F6']);
  });

  it('moves one seat sideways rather than to another row, but prefers the centre of the row behind to two seats off-centre', () => {
    expect(labels(chooseBestSeats(rectangle(10, 10), free(['5:5']), 2))).toEqual(['F6', 'F7']);
    expect(labels(chooseBestSeats(rectangle(10, 10), free(['5:5', '5:6']), 2))).toEqual(['G5', 'G6']);
  });

  it('goes one row back before one row forward when the preferred row is full', () => {
    const taken = Array.from({ length: 10 }, (_, i) => `5:${i + 1}`);
    expect(labels(chooseBestSeats(rectangle(10, 10), free(taken), 2))).toEqual(['G5', 'G6']);
  });

  it('keeps the group together in another row rather than splitting it', () => {
    // Row F has 3 free seats at its centre, too few for 4: row G takes all four.
    const taken = [1, 2, 3, 7, 8, 9, 10].map((n) => `5:${n}`);
    expect(labels(chooseBestSeats(rectangle(10, 10), free(taken), 4))).toEqual(['G4', 'G5', 'G6', 'G7']);
  });

  it('when no row has room for all, takes the largest free runs first (fewest rows)', () => {
    // 2 rows of 5: row A has 3 free together, row B 2 together and 1 apart.
    const taken = ['0:4', '0:5', '1:3'];
    expect(labels(chooseBestSeats(rectangle(2, 5), free(taken), 5))).toEqual(['A1', 'A2', 'A3', 'B1', 'B2']);
  });

  it('answers undefined when fewer seats are free than asked', () => {
    const all = Array.from({ length: 4 }, (_, i) => `0:${i + 1}`);
    expect(chooseBestSeats(rectangle(1, 5), free(all), 2)).toBeUndefined();
    expect(labels(chooseBestSeats(rectangle(1, 5), free(all), 1))).toEqual(['A5']);
  });

  it('never seats a group across an aisle, and centres short rows on the room', () => {
    // Columns 1–6 | 7–12: a pair in the middle would straddle the aisle; 7 seats take both sides of it in one row.
    const aisle: SeatLayout = { rows: [12, 12, 12], aisles: [6], wheelchair: [] };
    expect(labels(chooseBestSeats(aisle, free(), 2))).toEqual(['B5', 'B6']);
    expect(labels(chooseBestSeats(aisle, free(), 7))).toEqual(['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7']);
    // Row A has 8 seats centred under 12 columns: its seat 4 is column 6.
    const shaped: SeatLayout = { rows: [8, 12], aisles: [], wheelchair: [] };
    expect(labels(chooseBestSeats(shaped, ({ row }) => row === 0, 2))).toEqual(['A4', 'A5']);
  });

  it('does not leave one seat alone at the end of a block (room 4: 3 | 6 | 3)', () => {
    const room4: SeatLayout = { rows: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], aisles: [3, 9], wheelchair: [] };
    const three = suggestSeats(room4, () => false, 3) as string[];
    expect(three).toEqual(['H4', 'H5', 'H6']);
    expect(isolatedSeats(room4, () => false, three)).toEqual([]);
    expect(suggestSeats(room4, () => false, 2)).toEqual(['H6', 'H7']);
  });

  it('offers wheelchair spaces only when the other seats are not enough', () => {
    const layout: SeatLayout = { rows: [2, 2], aisles: [], wheelchair: ['B1', 'B2'] };
    expect(suggestSeats(layout, () => false, 2)).toEqual(['A1', 'A2']);
    expect(suggestSeats(layout, (label) => label === 'A1', 2)).toEqual(['B1', 'B2']);
    expect(suggestSeats(layout, (label) => label !== 'B2', 2)).toBeUndefined();
  });
});

describe('the isolated-seat rule', () => {
  const row = rectangleLayout(1, 10);
  const taken =
    (...seats: string[]) =>
    (label: string) =>
      seats.includes(label);

  it('finds a free seat left alone between a chosen seat and a taken one', () => {
    expect(isolatedSeats(row, taken('A2'), ['A5', 'A6'])).toEqual([]);
    expect(isolatedSeats(row, taken('A4'), ['A6', 'A7'])).toEqual(['A5']);
    expect(isolatedSeats(row, taken('A8'), ['A5', 'A6'])).toEqual(['A7']);
    expect(isolatedSeats(row, taken(), ['A1', 'A3'])).toEqual(['A2']);
  });

  it('finds a free seat stranded against the wall or an aisle by the choice (E2 and E3 leave E1 alone)', () => {
    const rowE: SeatLayout = { rows: [12, 12, 12, 12, 12], aisles: [], wheelchair: [] };
    expect(isolatedSeats(rowE, taken(), ['E2', 'E3'])).toEqual(['E1']);
    expect(isolatedSeats(rowE, taken(), ['E10', 'E11'])).toEqual(['E12']);
    expect(isolatedSeats(row, taken(), ['A2', 'A3'])).toEqual(['A1']);
    expect(isolatedSeats(row, taken('A3'), ['A1'])).toEqual(['A2']);
    // Beside an aisle (after column 4): A4 alone between the aisle and the chosen A5, A5 alone between the aisle and A6.
    const aisle: SeatLayout = { rows: [10], aisles: [4], wheelchair: [] };
    expect(isolatedSeats(aisle, taken('A2'), ['A3'])).toEqual(['A4']);
    expect(isolatedSeats(aisle, taken(), ['A6', 'A7'])).toEqual(['A5']);
    // Both sides at once, and a shorter, centred row's own ends.
    expect(isolatedSeats(row, taken(), ['A2', 'A9'])).toEqual(['A1', 'A10']);
    expect(isolatedSeats({ rows: [8, 12], aisles: [], wheelchair: [] }, taken(), ['A2'])).toEqual(['A1']);
  });

  it('does not count seats the choice does not strand: with room beside them, across an aisle, or left alone by others', () => {
    expect(isolatedSeats(row, taken(), ['A3', 'A4'])).toEqual([]);
    expect(isolatedSeats(row, taken(), ['A1', 'A2'])).toEqual([]);
    expect(isolatedSeats({ rows: [10], aisles: [4], wheelchair: [] }, taken('A6'), ['A3', 'A4'])).toEqual([]);
    expect(isolatedSeats({ rows: [10], aisles: [4], wheelchair: [] }, taken('A3'), ['A5', 'A6'])).toEqual([]);
    expect(isolatedSeats(row, taken('A1', 'A3'), ['A6'])).toEqual([]);
    expect(isolatedSeats(row, taken('A2'), ['A6'])).toEqual([]);
    // A block of one seat (between two aisles) is never a lone seat of the buyer's making.
    expect(isolatedSeats({ rows: [5], aisles: [2, 3], wheelchair: [] }, taken(), ['A1', 'A2', 'A4', 'A5'])).toEqual([]);
  });
});
