import type { MovieView } from '@cine/contracts';
import { cinemaClock } from '@cine/web-kit';

// The catalog service decides billboard vs premieres by the cinema's calendar; the detail page agrees with it.

/**
 * A movie released after today (the cinema's calendar day at `now`) is a premiere: it has no shows on
 * sale yet. The day is read from the cinema's clock, whose one Intl formatter is cached: building an
 * Intl.DateTimeFormat on each render cost the movie page's main thread.
 */
export function isUpcoming(movie: Pick<MovieView, 'ReleaseDate'>, now: Date = new Date()): boolean {
  return movie.ReleaseDate > cinemaClock(now).date;
}
