import type { CommentWithMovie, Page } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type AdminComment = CommentWithMovie;

/** One page of the comments with their authors and movies, newest first unless sorted otherwise (admin; `query`: page, pageSize, sort, movieId). */
export const fetchComments = (token: string, query: string) => api.get<Page<AdminComment>>(`/comments/?${query}`, { token });

export const deleteComment = (token: string, id: string) =>
  api.delete<unknown>(`/comments/delete/${encodeURIComponent(id)}`, undefined, { token });
