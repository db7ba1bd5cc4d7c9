import { salesMonthNames, localDateTime } from '@cine/contracts';
import { searchKey } from '@cine/service-kit';

/** 'YYYY-MM' */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The cinema's day ('YYYY-MM-DD') and month ('YYYY-MM') of an instant, in the cinema's zone (issue 38: the
 * sale's cinema, from its event); without one, the first cinema's (CINEMA_TIME_ZONE).
 */
export function cinemaDayOf(instant: Date, timeZone?: string): { day: string; month: Month } {
  const { date } = localDateTime(instant, timeZone);
  return { day: date, month: date.slice(0, 7) };
}

/** 'Nov' for '2026-11'. */
export function monthNameOf(month: Month): string {
  return salesMonthNames[Number(month.slice(5, 7)) - 1] as string;
}

/** The month `offset` months after (or before, when negative) `month`. */
export function addMonths(month: Month, offset: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + offset;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last `count` months, oldest first, ending with the cinema's current month. */
export function lastMonths(count: number, now: Date): Month[] {
  const current = cinemaDayOf(now).month;
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

/** The months from `from` to `to`, both included, oldest first (none when `from` is after `to`). */
export function monthsBetween(from: Month, to: Month): Month[] {
  const months: Month[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

const monthByName = new Map(salesMonthNames.map((name, index) => [searchKey(name), index + 1]));

/**
 * A month as the reports take it: 'YYYY-MM', or a Spanish abbreviation
 * ('Ene' … 'Dic', any case) meaning the most recent such month up to the
 * cinema's current one. Undefined when it is neither.
 */
export function parseMonth(text: string, now: Date): Month | undefined {
  const trimmed = text.trim();
  if (MONTH.test(trimmed)) return trimmed;
  const wanted = monthByName.get(searchKey(trimmed));
  if (wanted === undefined) return undefined;
  const current = cinemaDayOf(now).month;
  const back = (Number(current.slice(5, 7)) - wanted + 12) % 12;
  return addMonths(current, -back);
}
