import type { CommentWithMovie, UserView } from '@cine/contracts';
import { ApiError } from '@cine/web-kit';
import { api } from '../../../lib/api';

/** What the profile shows of each of the user's comments. */
export type OwnComment = Pick<CommentWithMovie, 'id' | 'Text' | 'movie'>;

export const fetchProfile = () => api.get<UserView>('/auth/me');

/** The comments endpoint belongs to the catalog service; while it is absent or down the profile shows none. */
export async function fetchOwnComments(userId: string): Promise<OwnComment[]> {
  try {
    return await api.get<OwnComment[]>(`/comments/user/${encodeURIComponent(userId)}`);
  } catch (failure) {
    if (failure instanceof ApiError && (failure.status === 404 || failure.status === 503)) return [];
    throw failure;
  }
}
