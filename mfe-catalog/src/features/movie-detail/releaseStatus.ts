import type { Movie } from '../movies/types';

/** 'yyyy-mm-dd' of the viewer's calendar day. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A movie released after today is a premiere: it has no shows on sale yet. */
export function isUpcoming(movie: Pick<Movie, 'ReleaseDate'>, today: Date = new Date()): boolean {
  return movie.ReleaseDate > localDay(today);
}
