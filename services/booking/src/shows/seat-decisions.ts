import { type CinemaRef, type EventCinema, GENERAL_TICKET_TYPE, type SeatLayout, type ShowPricing, type ShowView } from '@cine/contracts';
import { pricingOf } from '../pricing/show-pricing';
import { MOVIE_WITHDRAWN, SHOW_CANCELLED, SHOW_STARTED } from './booking-errors';
import { isFreeAt, isHeldByAt, layoutOf, sortLabels, sortSeats } from './seats';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';

/*
 * The seat inventory's decisions (seat-inventory.ts queues them per show and writes them): pure functions
 * of a show's seats — what a user holds, and the checkout's reservation, sale, untagging and a refund's
 * return. The buyers' holds are decided in hold-decisions.ts.
 */

/** Seats a user holds on one show. */
export interface HeldTickets {
  show: ShowView;
  /** The show's prices and seats, as its lines are priced from (cart/pricing.ts). */
  pricing: ShowPricing;
  layout: SeatLayout;
  /** Sorted. */
  seatLabels: string[];
  /** The ticket type of each seat of `seatLabels` (same order): a seat held without one is General. */
  ticketTypes: string[];
  heldUntil: Date;
  /** The show's cinema (its room's), as the cart, the order and its events name it. */
  cinema: EventCinema;
  /** Why these seats can no longer be bought (the show started, or its movie was deleted): the cart leaves them out, a checkout refuses them. */
  offSale?: string;
}

/** What an order copies from its show; an admin's change of any of them refuses the order's reservation. */
export type ShowTerms = Pick<ShowView, 'movieId' | 'date' | 'schedule' | 'roomId' | 'type' | 'price'>;

/**
 * The seats tagged with the order (empty: nothing held any more), the show's terms changed since the order copied
 * them, or its movie was deleted from the catalog.
 */
export type Reservation =
  { outcome: 'reserved'; seatLabels: string[] } | { outcome: 'terms-changed' } | { outcome: 'withdrawn' } | { outcome: 'cancelled' };

/** Users with a held seat of the show (lapsed or not: the user_holds hint stays while one is left). */
export function holdersOf(show: ShowDocument): Set<string | undefined> {
  return new Set(show.seats.filter((seat) => seat.state === 'held').map((seat) => seat.userId));
}

/** The user's held (not lapsed) seats of the show, undefined when none. */
export function heldTicketsOf(
  show: ShowDocument,
  userId: string,
  now: Date,
  title: string,
  cinema: { ref: CinemaRef; event: EventCinema },
): HeldTickets | undefined {
  const mine = show.seats.filter((seat) => isHeldByAt(seat, userId, now));
  if (mine.length === 0) return undefined;
  const heldUntil = new Date(Math.min(...mine.map((seat) => (seat.heldUntil as Date).getTime())));
  const offSale = offSaleReason(show, now);
  return {
    show: toShowView(show, title, now, cinema.ref),
    cinema: cinema.event,
    pricing: pricingOf(show),
    layout: layoutOf(show),
    ...labelsAndTypes(mine),
    heldUntil,
    ...(offSale ? { offSale } : {}),
  };
}

/** The seats' labels in room order and, in the same order, their ticket types (General when none was asked). */
export function labelsAndTypes(seats: readonly Seat[]): { seatLabels: string[]; ticketTypes: string[] } {
  const sorted = sortSeats([...seats]);
  return { seatLabels: sorted.map((seat) => seat.label), ticketTypes: sorted.map((seat) => seat.ticketType ?? GENERAL_TICKET_TYPE) };
}

/** Why no seat of the show can be held or bought any more, or undefined while it is on sale. */
export function offSaleReason(show: ShowDocument, now: Date): string | undefined {
  if (show.startsAt <= now) return SHOW_STARTED;
  if (show.cancelled) return SHOW_CANCELLED;
  return show.movieDeleted ? MOVIE_WITHDRAWN : undefined;
}

function hasTerms(show: ShowDocument, terms: ShowTerms): boolean {
  return (
    show.movieId === terms.movieId &&
    show.date === terms.date &&
    show.schedule === terms.schedule &&
    show.roomId === terms.roomId &&
    show.type === terms.type &&
    show.price === terms.price
  );
}

/**
 * Checkout: the user's held (not lapsed) seats of the show tagged with the order and held at least until
 * `until`; `seats` to write (absent: nothing changes). Answers the labels tagged with the order (held, or
 * already sold to it; empty when nothing is held any more), or that the show's terms are not the ones the
 * order copied, that its movie was deleted or the show cancelled, tagging nothing.
 */
export function reserveSeatsOf(
  show: ShowDocument,
  userId: string,
  orderId: string,
  terms: ShowTerms,
  now: Date,
  until: Date,
): { seats?: Seat[]; reservation: Reservation } {
  if (!hasTerms(show, terms)) return { reservation: { outcome: 'terms-changed' } };
  if (show.movieDeleted) return { reservation: { outcome: 'withdrawn' } };
  if (show.cancelled) return { reservation: { outcome: 'cancelled' } };
  let changed = false;
  const seats = show.seats.map((seat) => {
    const mine = isHeldByAt(seat, userId, now) && (seat.orderId === undefined || seat.orderId === orderId);
    if (!mine) return seat;
    const heldUntil = (seat.heldUntil as Date) > until ? (seat.heldUntil as Date) : until;
    if (seat.orderId === orderId && (seat.heldUntil as Date).getTime() === heldUntil.getTime()) return seat;
    changed = true;
    return { ...seat, orderId, heldUntil };
  });
  const reservation: Reservation = {
    outcome: 'reserved',
    seatLabels: sortLabels(seats.filter((seat) => seat.orderId === orderId && (seat.state === 'sold' || !isFreeAt(seat, now)))),
  };
  return changed ? { seats, reservation } : { reservation };
}

/** The seats tagged with the order sold (never checks lapse: the order is paid); their buyers and the labels sold to it. */
export function sellSeatsOf(show: ShowDocument, orderId: string): { seats: Seat[]; buyers: Set<string>; sold: string[] } {
  const toSell = (seat: Seat) => seat.state === 'held' && seat.orderId === orderId;
  const buyers = new Set(show.seats.filter(toSell).map((seat) => seat.userId as string));
  const seats = show.seats.map((seat): Seat =>
    toSell(seat)
      ? {
          label: seat.label,
          row: seat.row,
          number: seat.number,
          state: 'sold',
          userId: seat.userId as string,
          orderId,
          ...(seat.ticketType === undefined ? {} : { ticketType: seat.ticketType }),
        }
      : seat,
  );
  return { seats, buyers, sold: sortLabels(seats.filter((seat) => seat.state === 'sold' && seat.orderId === orderId)) };
}

/** The order's seats lose its tag and stay held by the user until `holdUntil`; undefined when none is tagged. */
export function untagSeatsOf(show: ShowDocument, orderId: string, holdUntil: Date): Seat[] | undefined {
  const tagged = (seat: Seat) => seat.state === 'held' && seat.orderId === orderId;
  if (!show.seats.some(tagged)) return undefined;
  return show.seats.map((seat): Seat => {
    if (!tagged(seat)) return seat;
    const { orderId: _dropped, ...untagged } = seat;
    return { ...untagged, heldUntil: holdUntil };
  });
}

/** A refund: the seats sold to the order among `labels` free again (a seat sold since to another order untouched); the labels freed. */
export function returnSeatsOf(show: ShowDocument, orderId: string, labels: readonly string[]): { seats?: Seat[]; freed: string[] } {
  const returned = new Set(labels);
  const back = (seat: Seat) => seat.state === 'sold' && seat.orderId === orderId && returned.has(seat.label);
  const freed = sortLabels(show.seats.filter(back));
  return freed.length === 0 ? { freed } : { seats: show.seats.filter((seat) => !back(seat)), freed };
}
