import type { CandySalesRow, CandyView, Page } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type CandyItem = CandyView;

/** The 'Agregar nuevo' form as the candy service takes it: price in cents; text it could not read goes as typed, for the service's message. */
export interface CandyInput {
  name: string;
  quantity: number | string;
  price: number | string;
  picture: string;
}

/** One page of the items (`query`: page, pageSize, sort, q as useListParams writes them). */
export const fetchCandy = (token: string, query: string) => api.get<Page<CandyItem>>(`/candy?${query}`, { token });

export const createCandy = (token: string, item: CandyInput) => api.post<CandyItem>('/candy', item, { token });

/** Sends the item back as GET answers it, with the changed fields. */
export const updateCandy = (token: string, item: CandyItem) => api.put<CandyItem>(`/candy/${encodeURIComponent(item.id)}`, item, { token });

export const deleteCandy = (token: string, id: string) => api.delete<unknown>(`/candy/${encodeURIComponent(id)}`, undefined, { token });

/** Uploads a picture; the answer's `secure_url` is what the item stores. */
export async function uploadPicture(token: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ secure_url: string }>('/uploads', form, { token })).secure_url;
}

/** The item's sales per day, newest first; of one day ('yyyy-mm-dd') when given. */
export function fetchCandySales(token: string, itemId: string, day?: string): Promise<CandySalesRow[]> {
  const query = new URLSearchParams({ itemId, ...(day ? { day } : {}) });
  return api.get<CandySalesRow[]>(`/sales/candy?${query.toString()}`, { token });
}
