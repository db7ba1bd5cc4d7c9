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

/**
 * Holds `seats` seats of the show for the user and puts them in the cart: the ones chosen on the seat
 * map (`seatLabels`), else the best adjacent ones; 409 when a chosen seat was taken meanwhile (the
 * message names it) or not enough are left.
 */
export const holdSeats = (session: Caller, showId: string, seats: number, seatLabels?: readonly string[]) =>
  api.post<SeatHold>(
    '/tickets/addTickets',
    { userId: session.userId, seats, showId, ...(seatLabels ? { seatLabels } : {}) },
    { token: session.token },
  );

/** Gives the user's held seats of the show back. */
export const releaseSeats = (session: Caller, showId: string) =>
  api.post<unknown>('/tickets/delete', { userId: session.userId, showId }, { token: session.token });
