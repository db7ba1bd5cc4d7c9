import {
  addDays,
  chosenStripDay,
  cinemaClock,
  compareText,
  dateStrip,
  dayLabel,
  hasStarted,
  instantLabel,
  isCalendarDate,
  longDate,
  shortDate,
  SPANISH_DATE_LOCALES,
  weekdayOf,
} from './dates';

test('the strip has the next 7 days of the cinema, today first, as Hoy, Mañana and then weekday dd/mm', () => {
  const strip = dateStrip('2026-11-26');
  expect(strip.map((day) => day.date)).toEqual([
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
  ]);
  expect(strip.map((day) => day.label)).toEqual([
    'Hoy',
    'Mañana',
    'Sabado 28/11',
    'Domingo 29/11',
    'Lunes 30/11',
    'Martes 01/12',
    'Miércoles 02/12',
  ]);
  expect(strip[1]?.fullLabel).toBe('Viernes 27/11');
});

test('the strip crosses months and years, and a leap day', () => {
  expect(dateStrip('2027-12-30', 3).map((day) => day.date)).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
  expect(dateStrip('2028-02-28', 2).map((day) => day.fullLabel)).toEqual(['Lunes 28/02', 'Martes 29/02']);
});

test('a day label reads in full: two digits of the day and of the month', () => {
  expect(dayLabel('2026-11-27')).toBe('Viernes 27/11');
  expect(dayLabel('2026-01-05')).toBe('Lunes 05/01');
  expect(weekdayOf('2026-11-28')).toBe('Sabado');
});

test('?fecha= picks a day of the strip; anything else is today', () => {
  const strip = dateStrip('2026-11-26');
  expect(chosenStripDay(strip, '2026-11-28')).toBe('2026-11-28');
  expect(chosenStripDay(strip, null)).toBe('2026-11-26');
  expect(chosenStripDay(strip, '2026-11-25')).toBe('2026-11-26');
  expect(chosenStripDay(strip, '2026-12-03')).toBe('2026-11-26');
  expect(chosenStripDay(strip, '2026-02-30')).toBe('2026-11-26');
  expect(chosenStripDay(strip, 'mañana')).toBe('2026-11-26');
});

test("the cinema's today is Buenos Aires' date, not the visitor's or UTC's", () => {
  // 02:30 UTC on the 27th is still 23:30 of the 26th in Buenos Aires (UTC-3).
  expect(cinemaClock(new Date('2026-11-27T02:30:00Z'))).toEqual({ date: '2026-11-26', time: '23:30' });
  expect(hasStarted('2026-11-26', '23:30', new Date('2026-11-27T02:30:00Z'))).toBe(true);
  expect(hasStarted('2026-11-26', '23:45', new Date('2026-11-27T02:30:00Z'))).toBe(false);
  expect(hasStarted('2026-11-27', '10:00', new Date('2026-11-27T02:30:00Z'))).toBe(false);
});

test('calendar dates are real days', () => {
  expect(isCalendarDate('2028-02-29')).toBe(true);
  expect(isCalendarDate('2026-02-29')).toBe(false);
  expect(isCalendarDate('2026-1-05')).toBe(false);
  expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
});

test("instantLabel writes an instant as day/month/year and 24-hour time on the cinema's clock", () => {
  expect(instantLabel('2026-11-27T00:04:00.000Z')).toBe('26/11/2026 21:04');
});

test('dates read in Spanish, in the cinema’s locale: a release is “3 de diciembre de 2026”, never “3 Dec 2026”', () => {
  expect(longDate('2026-12-03')).toBe('3 de diciembre de 2026');
  expect(longDate('2027-01-09')).toBe('9 de enero de 2027');
  expect(shortDate('2026-12-03')).toBe('03/12/2026');
  // A day is the day written, whatever the visitor's zone: no slide to the 2nd west of UTC.
  expect(longDate('2026-12-01')).toMatch(/^1 de diciembre/);
  // Text that is not a calendar day is shown as it came rather than as 'Invalid Date'.
  expect(longDate('pronto')).toBe('pronto');
});

test('another configured locale writes its own way (one formatter for the whole site)', () => {
  (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__ = { cinema: { locale: 'pt-BR', currency: 'BRL' } };
  try {
    expect(longDate('2026-12-03')).toBe('3 de dezembro de 2026');
  } finally {
    delete (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__;
  }
});

test('the Spanish locales written without Intl write every month as Intl does', () => {
  try {
    for (const locale of SPANISH_DATE_LOCALES) {
      (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__ = { cinema: { locale } };
      for (let month = 1; month <= 12; month += 1) {
        const date = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
        const day = new Date(`${date}T00:00:00Z`);
        const long = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
        const short = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
        expect([locale, longDate(date), shortDate(date)]).toEqual([locale, long.format(day), short.format(day)]);
      }
    }
  } finally {
    delete (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__;
  }
});

test("a page in the default locale builds no Intl.DateTimeFormat for its days (ICU's first one costs a phone tens of ms)", async () => {
  const built = jest.spyOn(Intl, 'DateTimeFormat');
  try {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./dates');
      expect(fresh.longDate('2026-12-03')).toBe('3 de diciembre de 2026');
      expect(fresh.shortDate('2026-12-03')).toBe('03/12/2026');
    });
    expect(built).not.toHaveBeenCalled();
  } finally {
    built.mockRestore();
  }
});

test('compareText orders days, times and instants as the API writes them', () => {
  expect(['2026-12-03', '2026-11-30', '2027-01-01'].sort(compareText)).toEqual(['2026-11-30', '2026-12-03', '2027-01-01']);
  expect(['2026-12-03T23:00:00.000Z', '2026-12-03T09:30:00.000Z'].sort(compareText)).toEqual([
    '2026-12-03T09:30:00.000Z',
    '2026-12-03T23:00:00.000Z',
  ]);
  expect(['3D', '2D'].sort(compareText)).toEqual(['2D', '3D']);
  expect(compareText('21:00', '21:00')).toBe(0);
});
