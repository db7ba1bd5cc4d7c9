import type { PresaleInput, PresaleView, ShowView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import { withCinema } from '../../../api/cinemaScope';

export type { PresaleInput, PresaleView };

/** Issue 40: the presales the caller may see (an admin all, a manager their cinemas'), newest first. */
export const fetchPresales = (token: string) => api.get<PresaleView[]>('/presales', { token });

/** A presale of the shows: 400 (no shows, two cinemas, opening in the past), 404 (a show missing), 409 (a show started, sold or in another presale). */
export const createPresale = (token: string, presale: PresaleInput) => api.post<PresaleView>('/presales', presale, { token });

/** Ends the presale now: its shows sell as any show. */
export const closePresale = (token: string, id: string) =>
  api.post<PresaleView>(`/presales/${encodeURIComponent(id)}/close`, undefined, { token });

/** The shows not yet started: of one movie at one cinema (the form's choice), or every one (to name a presale's shows). */
export const fetchUpcomingShows = (token: string, movieId?: string, cinemaId = '') =>
  api.get<ShowView[]>(withCinema(movieId ? `/show/all?movieId=${encodeURIComponent(movieId)}` : '/show/all', cinemaId), { token });
