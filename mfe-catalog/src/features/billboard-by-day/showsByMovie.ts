import type { ShowView } from '@cine/contracts';
import { compareText } from '@cine/web-kit';

/** One movie of the day: its shows grouped by format, each format's shows by time. */
export interface MovieOfTheDay {
  movieId: string;
  title: string;
  formats: Array<{ type: string; shows: ShowView[] }>;
}

/** The day's shows by movie (the movie with the earliest show first), then by format (2D before 3D), then by time. */
export function showsByMovie(shows: readonly ShowView[]): MovieOfTheDay[] {
  const sorted = [...shows].sort((a, b) => compareText(a.startsAt, b.startsAt) || a.roomId - b.roomId);
  const movies = new Map<string, MovieOfTheDay>();
  for (const show of sorted) {
    let movie = movies.get(show.movieId);
    if (!movie) {
      movie = { movieId: show.movieId, title: show.movie.Title, formats: [] };
      movies.set(show.movieId, movie);
    }
    let format = movie.formats.find((candidate) => candidate.type === show.type);
    if (!format) {
      format = { type: show.type, shows: [] };
      movie.formats.push(format);
      movie.formats.sort((a, b) => compareText(a.type, b.type));
    }
    format.shows.push(show);
  }
  return [...movies.values()];
}

/** What a show's time button says besides the time: 'Comenzó', 'Agotada', or nothing when it can be bought. */
export function showState(show: ShowView, now: Date): 'started' | 'sold-out' | 'on-sale' {
  if (Date.parse(show.startsAt) <= now.getTime()) return 'started';
  return show.seats <= 0 ? 'sold-out' : 'on-sale';
}
