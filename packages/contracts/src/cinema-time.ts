/**
 * The cinema's calendar and clock, shared by the services and the browser: dates are
 * 'yyyy-mm-dd' days of the cinema (CINEMA_TIME_ZONE), read as written (no time-zone math).
 */
import { CINEMA_TIME_ZONE, weekdays } from './api';
import type { Weekday } from './views';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a 'yyyy-mm-dd' day: its calendar arithmetic, free of any time zone. */
function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** True for an existing calendar day written 'yyyy-mm-dd' (years 0000–9999; '2026-02-29' is none). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const parsed = utcMidnight(text);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** The day `days` after (or before, when negative) a 'yyyy-mm-dd' date. */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The spec's Spanish weekday of a 'yyyy-mm-dd' date ('Sabado' without accent, as the spec writes it). */
export function weekdayOf(date: string): Weekday {
  return weekdays[utcMidnight(date).getUTCDay()] as Weekday;
}

// Building a DateTimeFormat is costly and every listing and write asks for local time.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalDateTime {
  /** 'yyyy-mm-dd' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

/** The local date and time of an instant in the time zone (the cinema's by default, CINEMA_TIME_ZONE). */
export function localDateTime(instant: Date, timeZone: string = CINEMA_TIME_ZONE): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
