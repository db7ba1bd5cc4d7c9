import { GENERAL_TICKET_TYPE } from '@cine/contracts';
import { admissionOf, api } from '@cine/web-kit';
import { ticketRequests } from '../ticketTypes';
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
 * Holds a seat for each ticket (`types`: one type code per ticket) and puts them in the cart: the
 * seats chosen on the seat map (`seatLabels`, given the types in room order), else the best adjacent
 * ones; 409 when a chosen seat was taken meanwhile or a companion seat goes without its wheelchair
 * space (the message says which), or not enough are left. General tickets alone go as `seats` (the
 * body every booking version takes); any other type as `tickets: [{seatLabel?, type}]`. A show behind a
 * presale's line (issue 40) is held with the buyer's admission while it is their turn.
 */
export const holdSeats = (session: Caller, showId: string, types: readonly string[], seatLabels?: readonly string[]) =>
  api.post<SeatHold>(
    '/tickets/addTickets',
    types.every((type) => type === GENERAL_TICKET_TYPE)
      ? { userId: session.userId, seats: types.length, showId, ...(seatLabels ? { seatLabels } : {}), ...admissionOf(showId) }
      : { userId: session.userId, showId, tickets: ticketRequests(types, seatLabels), ...admissionOf(showId) },
    { token: session.token },
  );

/** Gives the user's held seats of the show back. */
export const releaseSeats = (session: Caller, showId: string) =>
  api.post<unknown>('/tickets/delete', { userId: session.userId, showId }, { token: session.token });
