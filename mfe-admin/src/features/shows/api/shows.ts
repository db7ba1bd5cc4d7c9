import type { BulkShowsRequest, BulkShowsResult, Page, ShowCancellationView, ShowOccupancy, ShowView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import { withCinema } from '../../../api/cinemaScope';

export type Show = ShowView;

/** The 'Crear Funciones' form as booking takes it: the show's `date` ('yyyy-mm-dd') and its price in cents. */
export interface NewShow {
  schedule: string;
  movieId: string;
  roomId: number;
  /** The room's cinema (issue 38); booking takes the first cinema when absent. */
  cinemaId?: string;
  date: string;
  type: string;
  /** One price for every seat ("Precio único"); left out, the show sells at its price card. */
  price?: number;
  /** The price card to sell at; without it booking picks the one the rules give (issue 37). */
  priceCardId?: string;
}

/**
 * One page of the shows not yet started (`query`: page, pageSize, sort, movieId, roomId, type, from, to, as useListParams
 * writes them), of one cinema when `cinemaId` names it (issue 38).
 */
export const fetchShows = (token: string, query: string, cinemaId = '') =>
  api.get<Page<Show>>(withCinema(`/show/all?${query}`, cinemaId), { token });

export const createShow = (token: string, data: NewShow) => api.post<Show>('/show', { data }, { token });

/** A bulk scheduling as booking takes it with price cards (issue 37): a price makes every show "Precio único", a card may be named. */
export type BulkShowsBody = Omit<BulkShowsRequest, 'price'> & { price?: number; priceCardId?: string };

/** Plans (dryRun) or creates the shows of a bulk scheduling. */
export const scheduleShows = (token: string, request: BulkShowsBody) => api.post<BulkShowsResult>('/show/bulk', request, { token });

/** Sends the show back as its GET answers it, with the new time, date, room and type. */
export const updateShow = (token: string, show: Show & { priceCardId?: string }) =>
  api.put<Show>(`/show/one/${encodeURIComponent(show.id)}`, show, { token });

export const deleteShow = (token: string, id: string) => api.delete<unknown>(`/show/one/${encodeURIComponent(id)}`, undefined, { token });

/** Cancels the show: off sale at once; a background job refunds every paid order and mails its buyer (answered 202 with the job). */
export const cancelShow = (token: string, id: string, reason: string) =>
  api.post<ShowCancellationView>(`/show/one/${encodeURIComponent(id)}/cancel`, { reason }, { token });

/** The cancellation's job: how many orders are refunded of how many, its state and outcome. */
export const fetchCancellation = (token: string, id: string) =>
  api.get<ShowCancellationView>(`/show/one/${encodeURIComponent(id)}/cancel`, { token });

/** Each upcoming show's seats sold, held and free. */
export const fetchOccupancy = (token: string) => api.get<ShowOccupancy[]>('/show/occupancy', { token });
