import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/** POST /tickets/addTickets answer: the seats now held for the user until `heldUntil`. */
export interface SeatHold {
  showId: string;
  seats: number;
  seatLabels: string[];
  heldUntil: string;
  totalPrice: number;
}

/** Holds `seats` seats of the show for the user and puts them in the cart; 409 when not enough are left. */
export const holdSeats = (session: Caller, showId: string, seats: number) =>
  api.post<SeatHold>('/tickets/addTickets', { userId: session.userId, seats, showId }, { token: session.token });

/** Gives the user's held seats of the show back. */
export const releaseSeats = (session: Caller, showId: string) =>
  api.post<unknown>('/tickets/delete', { userId: session.userId, showId }, { token: session.token });
