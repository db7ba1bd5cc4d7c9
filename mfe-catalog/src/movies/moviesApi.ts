import { api, catalogReads } from '@cine/web-kit';
import type { CommentView, MovieDetail, MovieView } from '@cine/contracts';

/** The billboard: of one cinema (issue 38: the movies with shows there), every cinema's without one. */
export const fetchBillboard = (cinemaId?: string | null) => api.get<MovieView[]>(catalogReads.billboardOf(cinemaId));

/** The premieres: of one cinema (its announced movies and those coming to the whole chain), every cinema's without one. */
export const fetchPremieres = (cinemaId?: string | null) => api.get<MovieView[]>(catalogReads.premieresOf(cinemaId));

/** The ids of the movies one cinema shows or announces: search results say which play there. */
export async function fetchMovieIdsAt(cinemaId: string): Promise<Set<string>> {
  const [billboard, premieres] = await Promise.all([fetchBillboard(cinemaId), fetchPremieres(cinemaId)]);
  return new Set([...billboard, ...premieres].map((movie) => movie.id));
}

/** The spec's search falls back to an empty list when the call fails. */
export function searchMoviesByName(name: string): Promise<MovieView[]> {
  return api.get<MovieView[]>(`/movies/search?name=${encodeURIComponent(name)}`).catch(() => []);
}

export const fetchMovieDetail = (id: string) => api.get<MovieDetail>(catalogReads.movieDetail(id));

export function addComment(movieId: string, userId: string, text: string, token: string) {
  return api.post<CommentView>(
    `/comments/add/${encodeURIComponent(movieId)}?userId=${encodeURIComponent(userId)}`,
    { Text: text },
    { token },
  );
}
