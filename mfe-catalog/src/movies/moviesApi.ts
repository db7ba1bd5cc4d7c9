import { api } from '../lib/api';
import type { Movie, MovieComment, MovieDetail } from './types';

export const fetchBillboard = () => api.get<Movie[]>('/movies/billboard');

export const fetchPremieres = () => api.get<Movie[]>('/movies/Premieres');

/** The spec's search falls back to an empty list when the call fails. */
export function searchMoviesByName(name: string): Promise<Movie[]> {
  return api.get<Movie[]>(`/movies/search?name=${encodeURIComponent(name)}`).catch(() => []);
}

export const fetchMovieDetail = (id: string) => api.get<MovieDetail>(`/movies/search/${encodeURIComponent(id)}`);

export function addComment(movieId: string, userId: string, text: string, token: string) {
  return api.post<MovieComment>(
    `/comments/add/${encodeURIComponent(movieId)}?userId=${encodeURIComponent(userId)}`,
    { Text: text },
    { token },
  );
}
