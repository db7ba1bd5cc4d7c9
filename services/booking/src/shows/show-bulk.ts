/** The rules of a bulk scheduling (POST /show/bulk), apart from storage: its shows, and what refuses the whole plan. */
import { MAX_BULK_SHOWS, type BulkShowSlot, type BulkShowsRequest } from '@cine/contracts';
import type { ProjectedMovie } from '../movies/movie-projection';
import { addDays, instantOf, isCalendarDate, localToday, weekdayOf } from './cinema-time';
import * as rules from './show-rules';

/** Every date from `from` to `to` (days of the cinema's zone `timeZone`) on one of the weekdays, at each time (date by date, then by time), or the message refusing the range. */
export function bulkSlots(request: BulkShowsRequest, now: Date, timeZone: string): BulkShowSlot[] | string {
  const today = localToday(now, timeZone);
  if (!isCalendarDate(request.from) || !isCalendarDate(request.to)) return rules.INVALID_DATE;
  if (request.to < request.from) return rules.BULK_RANGE_REVERSED;
  if (request.from < today) return rules.BULK_FROM_PAST;
  const lastDay = addDays(today, rules.MAX_DAYS_AHEAD);
  if (request.to > lastDay) return rules.tooFarAhead(lastDay);
  const wanted = new Set<string>(request.weekdays);
  const times = [...request.times].sort();
  const slots: BulkShowSlot[] = [];
  let days = 0;
  for (let date = request.from; date <= request.to; date = addDays(date, 1)) {
    const day = weekdayOf(date);
    if (!wanted.has(day)) continue;
    days += 1;
    // Past the maximum only the days are counted (for the message).
    if (slots.length <= MAX_BULK_SHOWS) for (const schedule of times) slots.push({ date, day, schedule });
  }
  if (slots.length === 0) return rules.BULK_EMPTY;
  if (slots.length > MAX_BULK_SHOWS) return rules.tooManyBulkShows(days * times.length, MAX_BULK_SHOWS);
  return slots;
}

/** Two starts of one movie in one room overlap (run time plus cleaning between them). */
function overlapsAt(first: Date, second: Date, runtime: number): boolean {
  const span = (start: Date) => ({ startsAt: start, endsAt: new Date(start.getTime() + runtime * 60_000) });
  return rules.overlaps(span(first), span(second));
}

/**
 * What refuses the whole plan for this movie: a show before its release, two times of a day (or the last
 * of one day and the first of the next) closer than its run time plus cleaning, a show already started.
 */
export function bulkRefusal(
  request: BulkShowsRequest,
  slots: readonly BulkShowSlot[],
  movie: ProjectedMovie,
  now: Date,
  timeZone: string,
): string | undefined {
  if (request.from < movie.release) return rules.beforeRelease(movie.release);
  const today = localToday(now, timeZone);
  const times = [...request.times].sort();
  for (let index = 0; times.length > 1 && index < times.length; index++) {
    const before = times[index] as string;
    // The last time pairs with the next day's first (a show past midnight).
    const wraps = index === times.length - 1;
    const after = times[wraps ? 0 : index + 1] as string;
    if (overlapsAt(instantOf(today, before, timeZone), instantOf(wraps ? addDays(today, 1) : today, after, timeZone), movie.runtime))
      return rules.bulkTimesOverlap(before, after, movie.runtime);
  }
  if (slots.some((slot) => instantOf(slot.date, slot.schedule, timeZone) <= now)) return rules.SHOW_IN_PAST;
  return undefined;
}
