import type { MovieView, ShowView } from '@cine/contracts';
import { api, catalogReads, checkoutReads } from '@cine/web-kit';

/** The billboard's movies, as the assistant matches them by title. */
export const fetchBillboardMovies = () => api.get<MovieView[]>(catalogReads.billboard);

/** Every show of a cinema day ('yyyy-mm-dd'), of the chosen cinema (every cinema's without one). */
export const fetchShowsOnDate = (date: string, cinemaId?: string | null) => api.get<ShowView[]>(catalogReads.showsOnDate(date, cinemaId));

/** A movie's shows to come, of the chosen cinema (every cinema's without one). */
export const fetchShowsOfMovie = (movieId: string, cinemaId?: string | null) =>
  api.get<ShowView[]>(checkoutReads.showsOfMovie(movieId, cinemaId));

/** Every show to come (the prices on sale), of the chosen cinema (every cinema's without one). */
export const fetchUpcomingShows = (cinemaId?: string | null) =>
  api.get<ShowView[]>(cinemaId ? `/show/all?cinemaId=${encodeURIComponent(cinemaId)}` : '/show/all');
