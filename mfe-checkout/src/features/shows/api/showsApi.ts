import type { ShowView } from '@cine/contracts';
import { api, checkoutReads } from '@cine/web-kit';

/** The movie's upcoming shows; the day selector offers the dates among them. */
export const fetchUpcomingShows = (movieId: string) => api.get<ShowView[]>(checkoutReads.showsOfMovie(movieId));

/** The movie's shows on one date ('yyyy-mm-dd'), for the time selector. */
export const fetchShowsOfDay = (date: string, movieId: string) =>
  api.get<ShowView[]>(`/show/day?day=${encodeURIComponent(date)}&id=${encodeURIComponent(movieId)}`);
