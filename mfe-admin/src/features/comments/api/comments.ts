import type { CommentWithMovie } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type AdminComment = CommentWithMovie;

/** Every comment with its author and movie (admin). */
export const fetchComments = (token: string) => api.get<AdminComment[]>('/comments/', { token });

export const deleteComment = (token: string, id: string) =>
  api.delete<unknown>(`/comments/delete/${encodeURIComponent(id)}`, undefined, { token });
