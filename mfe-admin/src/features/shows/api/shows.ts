import type { Page, ShowOccupancy, ShowView } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type Show = ShowView;

/** The 'Crear Funciones' form as booking takes it: `day` a weekday name (the next such date) or 'yyyy-mm-dd'. */
export interface NewShow {
  schedule: string;
  movieId: string;
  roomId: number;
  day: string;
  type: string;
}

/** One page of the shows not yet started (`query`: page, pageSize, sort, movieId, roomId, type, from, to, as useListParams writes them). */
export const fetchShows = (token: string, query: string) => api.get<Page<Show>>(`/show/all?${query}`, { token });

export const createShow = (token: string, data: NewShow) => api.post<Show>('/show', { data }, { token });

/** Sends the show back as its GET answers it, with the new time, date, room and type. */
export const updateShow = (token: string, show: Show) => api.put<Show>(`/show/one/${encodeURIComponent(show.id)}`, show, { token });

export const deleteShow = (token: string, id: string) => api.delete<unknown>(`/show/one/${encodeURIComponent(id)}`, undefined, { token });

/** Each upcoming show's seats sold, held and free. */
export const fetchOccupancy = (token: string) => api.get<ShowOccupancy[]>('/show/occupancy', { token });
