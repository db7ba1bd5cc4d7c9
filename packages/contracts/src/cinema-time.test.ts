import { addDays, isCalendarDate, localDateTime, weekdayOf } from './cinema-time';

describe("the cinema's calendar", () => {
  it('takes only existing days written yyyy-mm-dd', () => {
    expect(isCalendarDate('2026-03-14')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
    expect(isCalendarDate(' 2026-03-14')).toBe(false);
    expect(isCalendarDate('2026-03-14T00:00')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('reads years below 100 as written (Date.UTC would move them to the 1900s)', () => {
    expect(isCalendarDate('0050-01-01')).toBe(true);
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
  });

  it('adds days across months, years and leap days, and subtracts them', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-14', 0)).toBe('2026-03-14');
  });

  it("adds whole calendar days whatever the cinema's offset changes (no daylight saving in the arithmetic)", () => {
    expect(addDays('2026-10-31', 7)).toBe('2026-11-07');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it("names each date's weekday as the spec writes it", () => {
    expect(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'].map(weekdayOf)).toEqual([
      'Domingo',
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sabado',
    ]);
  });

  it("gives an instant's date and time on the cinema's clock", () => {
    expect(localDateTime(new Date('2026-03-15T02:30:00Z'))).toEqual({ date: '2026-03-14', time: '23:30' });
  });
});
