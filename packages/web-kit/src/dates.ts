/**
 * The cinema's calendar in the browser: dates are 'yyyy-mm-dd' of the cinema's time zone
 * (CINEMA_TIME_ZONE), whatever the visitor's own zone is, as the booking service writes them.
 */
import { addDays, isCalendarDate, localDateTime, weekdayOf, type Weekday } from '@cine/contracts';
import { cinemaInfo } from './cinema';

// The calendar arithmetic is the contracts' (one implementation with booking's); the web apps take it from here.
export { addDays, isCalendarDate, weekdayOf } from '@cine/contracts';

/** The cinema's wall clock at `now`: { date 'yyyy-mm-dd', time 'HH:MM' }. */
export function cinemaClock(now: Date): { date: string; time: string } {
  return localDateTime(now);
}

/**
 * Code-point order of two texts, which is the order of the 'yyyy-mm-dd' days, 'HH:MM' times and ISO
 * instants the API writes (and of codes such as '2D' and '3D'). Not localeCompare: a page's first
 * localeCompare builds ICU's collator, tens of milliseconds of a phone's main thread.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 'Viernes 27/11': the spec's weekday and the day and month, read from the date (no time-zone math). */
export function dayLabel(date: string, day: Weekday = weekdayOf(date)): string {
  const [, month, dayOfMonth] = date.split('-');
  return `${day} ${dayOfMonth}/${month}`;
}

/** One day of the date strip. */
export interface StripDay {
  date: string;
  /** 'Hoy', 'Mañana', then 'Viernes 27/11'. */
  label: string;
  /** Always the full 'Viernes 27/11', for the accessible name and the title. */
  fullLabel: string;
}

/** The next `count` days of the cinema from `today` ('yyyy-mm-dd'), today first. */
export function dateStrip(today: string, count = 7): StripDay[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index);
    const fullLabel = dayLabel(date);
    const label = index === 0 ? 'Hoy' : index === 1 ? 'Mañana' : fullLabel;
    return { date, label, fullLabel };
  });
}

/**
 * The day a visitor asked for (`?fecha=`), if it is one of the strip's, else today: a past day, a
 * day beyond the strip or a malformed text shows today rather than an empty page.
 */
export function chosenStripDay(strip: readonly StripDay[], asked: string | null): string {
  const first = strip[0]?.date ?? '';
  return asked && isCalendarDate(asked) && strip.some((day) => day.date === asked) ? asked : first;
}

/** True when a show at `date` 'HH:MM' `schedule` has started by the cinema's clock at `now`. */
export function hasStarted(date: string, schedule: string, now: Date): boolean {
  const clock = cinemaClock(now);
  return `${date} ${schedule}` <= `${clock.date} ${clock.time}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The cinema's locale (the money's, es-AR by default) writing a calendar day; the date is read as written, no time-zone math. */
function dateFormat(locale: string, style: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const fields: Intl.DateTimeFormatOptions =
      style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric' } : { day: '2-digit', month: '2-digit', year: 'numeric' };
    format = new Intl.DateTimeFormat(locale, { ...fields, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/**
 * Locales whose days are written here rather than by Intl, exactly as Intl writes them ('3 de
 * septiembre de 2026', '03/09/2026'; dates.test.ts compares every month with Intl): the first
 * Intl.DateTimeFormat of a page loads ICU's locale data and pattern generator, tens of milliseconds
 * of a phone's main thread while the home page renders its premieres. Other Spanish locales differ
 * ('setiembre' in es-PE and es-UY, '03-09-2026' in es-CL, month first in es-PA) and go through Intl.
 */
export const SPANISH_DATE_LOCALES: readonly string[] = ['es', 'es-AR', 'es-ES', 'es-MX', 'es-419', 'es-US', 'es-CO'];
const spanishDateLocales = new Set(SPANISH_DATE_LOCALES.map((locale) => locale.toLowerCase()));

/** A 'yyyy-mm-dd' calendar day in the cinema's locale, long ('3 de diciembre de 2026') or short ('03/12/2026'). */
function writeDate(date: string, style: 'long' | 'short'): string {
  if (!isCalendarDate(date)) return date;
  const { locale } = cinemaInfo();
  if (!spanishDateLocales.has(locale.toLowerCase())) return dateFormat(locale, style).format(new Date(`${date}T00:00:00Z`));
  const [year, month, day] = date.split('-') as [string, string, string];
  return style === 'long' ? `${Number(day)} de ${SPANISH_MONTHS[Number(month) - 1]} de ${year}` : `${day}/${month}/${year}`;
}

/**
 * The site's dates, in the cinema's locale: '3 de diciembre de 2026' for a 'yyyy-mm-dd' day in a
 * sentence (a release, a show in a mail), never the API's 'day Mon year' text.
 */
export function longDate(date: string): string {
  return writeDate(date, 'long');
}

/** '03/12/2026': a 'yyyy-mm-dd' day in a table or a line of figures. */
export function shortDate(date: string): string {
  return writeDate(date, 'short');
}

/** '26/11/2026 21:04': an instant (ISO) on the cinema's clock, as its shows' times read (when a copy was saved, a ticket used). */
export function instantLabel(iso: string): string {
  const { date, time } = cinemaClock(new Date(iso));
  return `${shortDate(date)} ${time}`;
}
