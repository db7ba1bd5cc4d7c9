import type { ShowOccupancy, ShowView } from '@cine/contracts';
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

/** Shows not yet started, soonest first. */
export const fetchShows = (token: string) => api.get<Show[]>('/show/all', { token });

export const createShow = (token: string, data: NewShow) => api.post<Show>('/show', { data }, { token });

/** Sends the show back as its GET answers it, with the new time, date, room and type. */
export const updateShow = (token: string, show: Show) => api.put<Show>(`/show/one/${encodeURIComponent(show.id)}`, show, { token });

export const deleteShow = (token: string, id: string) => api.delete<unknown>(`/show/one/${encodeURIComponent(id)}`, undefined, { token });

/** Each upcoming show's seats sold, held and free. */
export const fetchOccupancy = (token: string) => api.get<ShowOccupancy[]>('/show/occupancy', { token });
