import { api } from '@cine/web-kit';

/** A feedback item as the catalog answers it. */
export interface Feedback {
  id: string;
  Text: string;
  userId: string;
  user: { username: string };
  createdAt: string;
}

/** Every feedback, newest first (admin). */
export const fetchFeedback = (token: string) => api.get<Feedback[]>('/feedback', { token });
