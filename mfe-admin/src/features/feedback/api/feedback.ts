import type { Page } from '@cine/contracts';
import { api } from '@cine/web-kit';

/** A feedback item as the catalog answers it. */
export interface Feedback {
  id: string;
  Text: string;
  userId: string;
  user: { username: string };
  createdAt: string;
}

/** One page of the feedback, newest first unless sorted otherwise (admin; `query` as useListParams writes it). */
export const fetchFeedback = (token: string, query: string) => api.get<Page<Feedback>>(`/feedback?${query}`, { token });
