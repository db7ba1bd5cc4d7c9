import { weekdays } from '@cine/contracts';
import { chooseBestSeats, preferredRow, type SeatGrid } from '../src/shows/best-seats';
import { localDateTime } from '@cine/service-kit';
import { addDays, instantOf, isCalendarDate, localToday, resolveDay, weekdayOf } from '../src/shows/cinema-time';
import { capacityOf, ROOM_IDS, ROOM_LAYOUTS, rowLetter } from '../src/shows/rooms';
import { CLEANING_MINUTES, overlaps } from '../src/shows/show-rules';

/** A grid of `rows` × `perRow` seats where the listed 'row:number' seats are taken. */
function grid(rows: number, perRow: number, taken: string[] = []): SeatGrid {
  const set = new Set(taken);
  return { rows, seatsPerRow: perRow, isFree: (row, number) => !set.has(`${row}:${number}`) };
}

const labels = (seats: Array<{ row: number; number: number }> | undefined) =>
  seats?.map(({ row, number }) => `${String.fromCharCode(65 + row)}${number}`);

describe('best adjacent seats', () => {
  it('puts a pair in the middle of the preferred row (F of A–J, a little behind the middle)', () => {
    expect(preferredRow(10)).toBe(5);
    expect(labels(chooseBestSeats(grid(10, 10), 2))).toEqual(['F5', 'F6']);
    expect(labels(chooseBestSeats(grid(10, 10), 3))).toEqual(['F4', 'F5', 'F6']);
  });

  it('moves one seat sideways rather than to another row, but prefers the centre of the row behind to two seats off-centre', () => {
    expect(labels(chooseBestSeats(grid(10, 10, ['5:5']), 2))).toEqual(['F6', 'F7']);
    expect(labels(chooseBestSeats(grid(10, 10, ['5:5', '5:6']), 2))).toEqual(['G5', 'G6']);
  });

  it('goes one row back before one row forward when the preferred row is full', () => {
    const taken = Array.from({ length: 10 }, (_, i) => `5:${i + 1}`);
    expect(labels(chooseBestSeats(grid(10, 10, taken), 2))).toEqual(['G5', 'G6']);
  });

  it('keeps the group together in another row rather than splitting it', () => {
    // Row F has 3 free seats at its centre, too few for 4: row G takes all four.
    const taken = [1, 2, 3, 7, 8, 9, 10].map((n) => `5:${n}`);
    expect(labels(chooseBestSeats(grid(10, 10, taken), 4))).toEqual(['G4', 'G5', 'G6', 'G7']);
  });

  it('when no row has room for all, takes the largest free runs first (fewest rows)', () => {
    // 2 rows of 5: row A has 3 free together, row B 2 together and 1 apart.
    const taken = ['0:4', '0:5', '1:3'];
    expect(labels(chooseBestSeats(grid(2, 5, taken), 5))).toEqual(['A1', 'A2', 'A3', 'B1', 'B2']);
  });

  it('answers undefined when fewer seats are free than asked', () => {
    const all = Array.from({ length: 4 }, (_, i) => `0:${i + 1}`);
    expect(chooseBestSeats(grid(1, 5, all), 2)).toBeUndefined();
    expect(labels(chooseBestSeats(grid(1, 5, all), 1))).toEqual(['A5']);
  });
});

describe('rooms', () => {
  it('has five rooms; rooms 1 and 2 have 100 seats (rows A–J of 10)', () => {
    expect(ROOM_IDS).toEqual([1, 2, 3, 4, 5]);
    expect(ROOM_LAYOUTS[1]).toEqual({ rows: 10, seatsPerRow: 10 });
    expect(ROOM_IDS.map(capacityOf)).toEqual([100, 100, 96, 144, 168]);
    expect(rowLetter(0) + rowLetter(9)).toBe('AJ');
  });
});

describe("the cinema's calendar (America/Argentina/Buenos_Aires)", () => {
  it('names weekdays in Spanish as the spec writes them', () => {
    expect(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'].map(weekdayOf)).toEqual([
      ...weekdays,
    ]);
    expect(weekdayOf('2026-03-14')).toBe('Sabado');
    expect(weekdayOf('2026-03-11')).toBe('Miércoles');
  });

  it('converts local wall time to the instant and back (UTC−3)', () => {
    expect(instantOf('2026-03-11', '21:30').toISOString()).toBe('2026-03-12T00:30:00.000Z');
    expect(localDateTime(new Date('2026-03-12T00:30:00.000Z'))).toEqual({ date: '2026-03-11', time: '21:30' });
    expect(localToday(new Date('2026-03-12T02:59:00.000Z'))).toBe('2026-03-11');
    expect(localToday(new Date('2026-03-12T03:00:00.000Z'))).toBe('2026-03-12');
  });

  it('follows a zone with daylight saving too', () => {
    expect(instantOf('2026-07-01', '12:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(instantOf('2026-01-01', '12:00', 'Europe/Madrid').toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });

  it('reads a day as a date or as the next such weekday (today included), ignoring case and accents', () => {
    const today = '2026-03-11';
    expect(resolveDay('2026-03-20', today)).toBe('2026-03-20');
    expect(resolveDay('Miércoles', today)).toBe('2026-03-11');
    expect(resolveDay('miercoles', today)).toBe('2026-03-11');
    expect(resolveDay('Jueves', today)).toBe('2026-03-12');
    expect(resolveDay('Sábado', today)).toBe('2026-03-14');
    expect(resolveDay('Sabado', today)).toBe('2026-03-14');
    expect(resolveDay('Martes', today)).toBe('2026-03-17');
    expect(resolveDay('2026-02-30', today)).toBeUndefined();
    expect(resolveDay('mañana', today)).toBeUndefined();
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('the overlap rule', () => {
  const at = (time: string, minutes: number) => {
    const startsAt = new Date(`2026-03-11T${time}:00Z`);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  };

  it(`needs ${CLEANING_MINUTES} minutes of cleaning after a show ends`, () => {
    const first = at('18:00', 100); // ends 19:40
    expect(overlaps(first, at('19:59', 90))).toBe(true);
    expect(overlaps(first, at('20:00', 90))).toBe(false);
    expect(overlaps(first, at('17:00', 40))).toBe(false);
    expect(overlaps(first, at('17:00', 41))).toBe(true);
    expect(overlaps(first, at('18:30', 10))).toBe(true);
  });
});
