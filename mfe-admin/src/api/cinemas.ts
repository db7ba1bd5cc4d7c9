import type { CinemaChanges, CinemaForm, CinemaSalesRow, CinemaView, RoomChanges, RoomForm, RoomView } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { CinemaChanges, CinemaForm, CinemaSalesRow, CinemaView, RoomChanges, RoomForm, RoomView };

const cinemaPath = (id: string) => `/cinemas/${encodeURIComponent(id)}`;

/** Every cinema of the chain with its rooms (public): the selector's choices and the Cines list. */
export const fetchCinemas = () => api.get<CinemaView[]>('/cinemas', { token: null });

/** Admin: a new cinema (409 when its slug is used, 400 when its zone is not IANA). */
export const createCinema = (token: string, cinema: CinemaForm) => api.post<CinemaView>('/cinemas', cinema, { token });

/** Admin: the fields sent change. */
export const updateCinema = (token: string, id: string, changes: CinemaChanges) => api.put<CinemaView>(cinemaPath(id), changes, { token });

/** Admin, or a manager of the cinema: a room with its layout (409 when its name is used in the cinema). */
export const addRoom = (token: string, cinemaId: string, room: RoomForm) =>
  api.post<RoomView>(`${cinemaPath(cinemaId)}/rooms`, room, { token });

/** Admin, or a manager of the cinema: a room with its layout, as stored (404 when it is not that cinema's). */
export const fetchRoom = (token: string, cinemaId: string, roomId: number) =>
  api.get<RoomView>(`${cinemaPath(cinemaId)}/rooms/${roomId}`, { token });

/** Admin, or a manager of the cinema: a room's name or layout (409 when a sold seat would be lost). */
export const updateRoom = (token: string, cinemaId: string, roomId: number, changes: RoomChanges) =>
  api.put<RoomView>(`${cinemaPath(cinemaId)}/rooms/${roomId}`, changes, { token });

/** Each cinema's sales of the period (admin: every cinema; manager: theirs). */
export const fetchCinemaSales = (token: string, from: string, to: string) => {
  const params = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return api.get<CinemaSalesRow[]>(`/sales/cinemas${params ? `?${params}` : ''}`, { token });
};
