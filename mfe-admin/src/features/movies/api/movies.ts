import type { MovieView, ShowView } from '@cine/contracts';
import { api, catalogReads } from '@cine/web-kit';

/** What the statuses are read from: the billboard's movies (released) and the movies with an upcoming show. */
export interface MovieFacts {
  nowShowing: ReadonlySet<string>;
  withShows: ReadonlySet<string>;
}

/**
 * What the grid's status filter reads: the billboard's movies and the movies with an upcoming show
 * (booking's whole upcoming list: the same shared text the buyers' pages read).
 */
export async function fetchMovieFacts(token: string): Promise<MovieFacts> {
  const [billboard, shows] = await Promise.all([
    api.get<MovieView[]>(catalogReads.billboard, { token }),
    api.get<ShowView[]>('/show/all', { token }),
  ]);
  return { nowShowing: new Set(billboard.map((movie) => movie.id)), withShows: new Set(shows.map((show) => show.movieId)) };
}

/** A movie as the catalog answers it. */
export type Movie = MovieView;

/** The body the admin form sends on create and update. */
export interface MovieInput {
  Title: string;
  Plot: string;
  Language: string;
  Director: string;
  Genre: string;
  Actors: string;
  Release: string;
  Rated: string;
  Type: string;
  Runtime: number;
  Poster: string;
  Trailer: string;
}

export const createMovie = (token: string, movie: MovieInput) => api.post<Movie>('/movies/createMovie', movie, { token });

export const updateMovie = (token: string, id: string, movie: MovieInput) =>
  api.put<Movie>(`/movies/update/${encodeURIComponent(id)}`, { id, ...movie }, { token });

export const deleteMovie = (token: string, id: string) =>
  api.delete<unknown>(`/movies/delete/${encodeURIComponent(id)}`, undefined, { token });

/** Uploads a poster image; the answer's `secure_url` is the URL to store as the movie's Poster. */
export async function uploadPoster(token: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<{ secure_url: string }>('/uploads', form, { token });
  return answer.secure_url;
}

/** Archived movies (hidden from the site), for the grid. */
export const fetchArchivedMovies = (token: string) => api.get<Movie[]>('/movies/archived', { token });

/** Archives the movie (hidden from the site, kept for the reports) or brings it back. */
export const setMovieArchived = (token: string, id: string, archived: boolean) =>
  api.put<Movie>(`/movies/archive/${encodeURIComponent(id)}`, { archived }, { token });
