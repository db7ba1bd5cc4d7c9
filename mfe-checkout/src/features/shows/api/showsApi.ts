import type { ShowView } from '@cine/contracts';
import { api, checkoutReads } from '@cine/web-kit';

/**
 * The movie's upcoming shows at every cinema: the day selector offers the chosen cinema's dates, and a
 * movie not playing there says where it plays (issue 38). One read serves both.
 */
export const fetchUpcomingShows = (movieId: string) => api.get<ShowView[]>(checkoutReads.showsOfMovie(movieId));

/** The movie's shows on one date ('yyyy-mm-dd') at one cinema (every cinema's without one), for the time selector. */
export const fetchShowsOfDay = (date: string, movieId: string, cinemaId?: string | null) =>
  api.get<ShowView[]>(
    `/show/day?day=${encodeURIComponent(date)}&id=${encodeURIComponent(movieId)}${cinemaId ? `&cinemaId=${encodeURIComponent(cinemaId)}` : ''}`,
  );

/** GET /show/one/{id} (anyone): one show, e.g. each show of a presale's line (issue 40). */
export const fetchShow = (showId: string) => api.get<ShowView>(`/show/one/${encodeURIComponent(showId)}`, { token: null });
