import { CINEMA_TIME_ZONE } from '@cine/contracts';
import type { MovieView } from '@cine/contracts';

// The catalog service decides billboard vs premieres by the cinema's calendar; the detail page agrees with it.

/** 'yyyy-mm-dd' of the cinema's calendar day at `now`. */
function cinemaDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CINEMA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A movie released after today is a premiere: it has no shows on sale yet. */
export function isUpcoming(movie: Pick<MovieView, 'ReleaseDate'>, now: Date = new Date()): boolean {
  return movie.ReleaseDate > cinemaDay(now);
}
