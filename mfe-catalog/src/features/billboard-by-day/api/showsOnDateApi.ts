import type { ShowView } from '@cine/contracts';
import { api, catalogReads } from '@cine/web-kit';

/** Every show of a cinema day ('yyyy-mm-dd'), of every movie, the started and sold-out ones included. */
export const fetchShowsOnDate = (date: string, cinemaId?: string | null) => api.get<ShowView[]>(catalogReads.showsOnDate(date, cinemaId));
