import type { MovieView, ShowView } from '@cine/contracts';
import { api, catalogReads, checkoutReads } from '@cine/web-kit';

/** The billboard's movies, as the assistant matches them by title. */
export const fetchBillboardMovies = () => api.get<MovieView[]>(catalogReads.billboard);

/** Every show of a cinema day ('yyyy-mm-dd'). */
export const fetchShowsOnDate = (date: string) => api.get<ShowView[]>(catalogReads.showsOnDate(date));

/** A movie's shows to come. */
export const fetchShowsOfMovie = (movieId: string) => api.get<ShowView[]>(checkoutReads.showsOfMovie(movieId));

/** Every show to come (the prices on sale). */
export const fetchUpcomingShows = () => api.get<ShowView[]>('/show/all');
