import type { MovieView } from '@cine/contracts';
import { api } from '@cine/web-kit';

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

/** Billboard joined with premieres: the admin grid shows every movie once. */
export async function fetchAdminMovies(token: string): Promise<Movie[]> {
  const [billboard, premieres] = await Promise.all([
    api.get<Movie[]>('/movies/billboard', { token }),
    api.get<Movie[]>('/movies/Premieres', { token }),
  ]);
  const byId = new Map<string, Movie>();
  for (const movie of [...billboard, ...premieres]) byId.set(movie.id, movie);
  return [...byId.values()];
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

/** The authorization flag that gates movie creation (spec §6). */
export async function fetchCreateAccess(token: string): Promise<boolean> {
  const answer = await api.get<{ permitir?: unknown }>('/auth/acceder', { token });
  return answer?.permitir === true;
}
