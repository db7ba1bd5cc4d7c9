import { api, catalogReads } from '@cine/web-kit';
import type { CommentView, MovieDetail, MovieView } from '@cine/contracts';

export const fetchBillboard = () => api.get<MovieView[]>(catalogReads.billboard);

export const fetchPremieres = () => api.get<MovieView[]>(catalogReads.premieres);

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
