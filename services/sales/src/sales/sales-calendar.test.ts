import { addMonths, cinemaDayOf, lastMonths, monthNameOf, parseMonth } from './sales-calendar';

describe('sales calendar', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('reads a YYYY-MM month as it is', () => {
    expect(parseMonth('2025-07', now)).toBe('2025-07');
    expect(parseMonth(' 2026-12 ', now)).toBe('2026-12');
  });

  it('reads a Spanish abbreviation, in any case, as the most recent such month up to the current one', () => {
    expect(parseMonth('Mar', now)).toBe('2026-03');
    expect(parseMonth('ene', now)).toBe('2026-01');
    expect(parseMonth('ABR', now)).toBe('2025-04');
    expect(parseMonth('Dic', now)).toBe('2025-12');
  });

  it('refuses anything else', () => {
    for (const text of ['2026-13', '2026-00', '26-03', 'Marzo', 'Mzo', '', '2026-3']) expect(parseMonth(text, now)).toBeUndefined();
  });

  it('names months Ene to Dic', () => {
    expect(['2026-01', '2026-08', '2026-12'].map(monthNameOf)).toEqual(['Ene', 'Ago', 'Dic']);
  });

  it('counts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
  });

  it('lists the last months oldest first, ending with the current month of the cinema', () => {
    expect(lastMonths(4, now)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    // 02:00 UTC on 1 April is still 31 March in Buenos Aires.
    expect(lastMonths(1, new Date('2026-04-01T02:00:00Z'))).toEqual(['2026-03']);
  });

  it('takes day and month in the cinema time zone', () => {
    expect(cinemaDayOf(new Date('2027-01-01T02:59:00Z'))).toEqual({ day: '2026-12-31', month: '2026-12' });
    expect(cinemaDayOf(new Date('2027-01-01T03:00:00Z'))).toEqual({ day: '2027-01-01', month: '2027-01' });
  });

  it("takes them in the sale's cinema's zone when it has one (issue 38)", () => {
    // 23:30 UTC on 30 November: still the 30th in Buenos Aires, already 1 December in Madrid.
    const instant = new Date('2026-11-30T23:30:00Z');
    expect(cinemaDayOf(instant, 'America/Argentina/Buenos_Aires')).toEqual({ day: '2026-11-30', month: '2026-11' });
    expect(cinemaDayOf(instant, 'Europe/Madrid')).toEqual({ day: '2026-12-01', month: '2026-12' });
  });
});
