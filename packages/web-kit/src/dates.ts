/**
 * The cinema's calendar in the browser: dates are 'yyyy-mm-dd' of the cinema's time zone
 * (CINEMA_TIME_ZONE), whatever the visitor's own zone is, as the booking service writes them.
 */
import { localDateTime, weekdays, type Weekday } from '@cine/contracts';

const DAY_MS = 86_400_000;

/** The cinema's wall clock at `now`: { date 'yyyy-mm-dd', time 'HH:MM' }. */
export function cinemaClock(now: Date): { date: string; time: string } {
  return localDateTime(now);
}

/** The day `days` after a 'yyyy-mm-dd' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** True for an existing calendar day written 'yyyy-mm-dd'. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** The spec's Spanish weekday of a 'yyyy-mm-dd' date. */
export function weekdayOf(date: string): Weekday {
  return weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
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

/** '26/11/2026 21:04': an instant (ISO) on the cinema's clock, as its shows' times read (when a copy was saved, a ticket used). */
export function instantLabel(iso: string): string {
  const { date, time } = cinemaClock(new Date(iso));
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}
