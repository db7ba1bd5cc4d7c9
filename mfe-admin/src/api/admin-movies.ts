import type { AccessResponse, MovieView, ShowView } from '@cine/contracts';
import { api } from '@cine/web-kit';

/** Billboard joined with premieres: every movie once (the Peliculas grid, the show form's movie list). */
export async function fetchAdminMovies(token: string): Promise<MovieView[]> {
  const [billboard, premieres] = await Promise.all([
    api.get<MovieView[]>('/movies/billboard', { token }),
    api.get<MovieView[]>('/movies/Premieres', { token }),
  ]);
  const byId = new Map<string, MovieView>();
  for (const movie of [...billboard, ...premieres]) byId.set(movie.id, movie);
  return [...byId.values()];
}

/** The authorization flag that gates movie creation (spec §6). */
export async function fetchCreateAccess(token: string): Promise<boolean> {
  const answer = await api.get<AccessResponse>('/auth/acceder', { token });
  return answer?.permitir === true;
}

/** A movie's shows not yet started (what archiving or deleting the movie affects). */
export const fetchShowsOfMovie = (token: string, movieId: string) =>
  api.get<ShowView[]>(`/show/all?movieId=${encodeURIComponent(movieId)}`, { token });
