/** Release dates are calendar days: stored as a Date at 00:00 UTC of that day. */

import { CINEMA_TIME_ZONE } from '@cine/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayAt(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day ? date : undefined;
}

/**
 * 'yyyy-mm-dd' (the editing form), 'day Mon year' (the text the API shows) or the ISO date-time of
 * 00:00 UTC the API answers as Release (a GET → PUT round trip), else undefined.
 */
export function parseReleaseDate(text: string): Date | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.000)?)?Z)?$/.exec(trimmed);
  if (iso) return dayAt(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const spoken = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(trimmed);
  if (spoken) {
    const month = MONTHS.findIndex((name) => name.toLowerCase() === spoken[2]!.toLowerCase());
    return month < 0 ? undefined : dayAt(Number(spoken[3]), month, Number(spoken[1]));
  }
  return undefined;
}

/** '2026-03-12' */
export function releaseDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** '12 Mar 2026' */
export function releaseTextOf(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// Building a DateTimeFormat is costly and "today" is asked on every billboard request.
const calendars = new Map<string, Intl.DateTimeFormat>();

/** Today in the cinema's time zone, as a release date. */
export function today(now: Date = new Date(), timeZone: string = CINEMA_TIME_ZONE): Date {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendars.set(timeZone, calendar);
  }
  return parseReleaseDate(calendar.format(now)) as Date;
}

/** A release date `days` after `from`. */
export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}
