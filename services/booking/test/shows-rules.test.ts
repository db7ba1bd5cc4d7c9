import { capacityOfLayout, isSeatOf, weekdays, localDateTime } from '@cine/contracts';
import { addDays, instantOf, isCalendarDate, localToday, resolveDay, weekdayOf } from '../src/shows/cinema-time';
import { ROOM_IDS, SEEDED_ROOM_LAYOUTS } from '../src/shows/rooms';
import { CLEANING_MINUTES, overlaps } from '../src/shows/show-rules';

describe('rooms', () => {
  it('seeds five rooms of different shapes; rooms 1 and 2 have 100 seats', () => {
    expect(ROOM_IDS).toEqual([1, 2, 3, 4, 5]);
    const layouts = ROOM_IDS.map((roomId) => SEEDED_ROOM_LAYOUTS[roomId]!);
    expect(layouts[0]).toEqual({ rows: Array(10).fill(10), aisles: [], wheelchair: [] });
    expect(layouts.map(capacityOfLayout)).toEqual([100, 100, 96, 144, 168]);
    expect(new Set(layouts.map((layout) => JSON.stringify(layout))).size).toBe(5);
    // Every wheelchair space is a seat of its room.
    for (const layout of layouts) for (const label of layout.wheelchair) expect(isSeatOf(layout, label)).toBe(true);
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
