import {
  type CinemaRef,
  type EventCinema,
  GENERAL_TICKET_TYPE,
  isSeatOf,
  parseSeatLabel,
  suggestSeats,
  type SeatLayout,
  type ShowPricing,
  type ShowView,
  type TicketRequest,
} from '@cine/contracts';
import { pricingOf } from '../pricing/show-pricing';
import { refused } from '../refusal';
import {
  duplicateSeats,
  MOVIE_WITHDRAWN,
  NO_TICKETS_ASKED,
  notEnoughSeats,
  PAYMENT_IN_PROGRESS,
  SEAT_ON_EVERY_TICKET,
  SEATS_NAMED_TWICE,
  SHOW_CANCELLED,
  SHOW_STARTED,
  seatsGone,
  seatsNotInRoom,
  ticketTypeNotSold,
  wrongSeatCount,
} from './booking-errors';
import {
  companionRuleInForce,
  companionSeatMessage,
  companionsWithoutSpace,
  DEFAULT_COMPANION_RELEASE_MINUTES,
  isCompanionSeat,
} from './companion-rule';
import { isFreeAt, isHeldByAt, layoutOf, sortLabels, sortSeats, withoutLapsedHolds } from './seats';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';

/*
 * The seat inventory's decisions (seat-inventory.ts queues them per show and writes them): pure functions
 * of a show's seats. A decision that throws a refusal refuses that change only.
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
function offSaleReason(show: ShowDocument, now: Date): string | undefined {
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

/** The static checks of seats named by label: `count` different labels (the room is checked on the show). */
export function checkLabels(labels: readonly string[], count: number): void {
  if (labels.length !== count) throw refused('invalid', wrongSeatCount(count, labels.length));
  const repeated = labels.filter((label, index) => labels.indexOf(label) !== index);
  if (repeated.length > 0) throw refused('invalid', duplicateSeats([...new Set(repeated)]));
}

/** What addTickets asks for: how many seats, the ones named (if any) and each seat's type (absent: every seat General). */
export interface HoldWish {
  count: number;
  labels?: string[];
  /** One per seat: of `labels`' seat at the same index, else in request order over the seats chosen (room order). */
  types?: string[];
}

/**
 * addTickets' body as a hold: `tickets` (each with its seat, or none with one; `seats`, if given, their
 * number), else `seats` and `seatLabels` alone, every seat General. Refused (400) otherwise.
 */
export function holdWishOf(body: {
  seats?: number | undefined;
  seatLabels?: string[] | undefined;
  tickets?: TicketRequest[] | undefined;
}): HoldWish {
  const { seats, seatLabels, tickets } = body;
  if (!tickets) {
    if (seats === undefined) throw refused('invalid', NO_TICKETS_ASKED);
    return seatLabels ? { count: seats, labels: seatLabels } : { count: seats };
  }
  if (tickets.length === 0) throw refused('invalid', NO_TICKETS_ASKED);
  if (seats !== undefined && seats !== tickets.length) throw refused('invalid', wrongSeatCount(seats, tickets.length));
  const named = tickets.flatMap((ticket) => (ticket.seatLabel === undefined ? [] : [ticket.seatLabel]));
  if (named.length !== 0 && named.length !== tickets.length) throw refused('invalid', SEAT_ON_EVERY_TICKET);
  const types = tickets.map((ticket) => ticket.type);
  if (named.length === 0) return seatLabels ? { count: tickets.length, labels: seatLabels, types } : { count: tickets.length, types };
  if (seatLabels) throw refused('invalid', SEATS_NAMED_TWICE);
  return { count: tickets.length, labels: named, types };
}

/** The types among `types` the show does not sell (by its pricing's types: unknown and inactive ones are not in it). Refused (400). */
function checkTicketTypes(pricing: ShowPricing, types: readonly string[]): void {
  const sold = new Set(pricing.types.map((type) => type.type));
  const notSold = types.find((type) => !sold.has(type));
  if (notSold !== undefined) throw refused('invalid', ticketTypeNotSold(notSold));
}

/** How a hold is decided beyond its seats: each seat's type (absent: General) and when companion seats are released. */
export interface HoldOptions {
  types?: readonly string[] | undefined;
  companionReleaseMinutes?: number;
}

/**
 * The user's new hold on the show: the seats named by `wanted` (labels), or
 * the best `wanted` seats, not taken by others (the user's own hold is
 * replaced), held until `heldUntil`; answers the show's new seats and the
 * held ones. Refused (409) once the show has started or its movie was
 * deleted, while the user's seats of it are being paid, when a named seat is
 * taken, or when fewer seats are free, or a companion seat named without its
 * wheelchair space while the companion rule binds (companion-rule.ts); (400) a
 * label of no seat of the room, a ticket type the show does not sell
 * (`options.types`, one per seat: each held seat records its type).
 */
export function holdSeatsOf(
  show: ShowDocument,
  userId: string,
  wanted: number | readonly string[],
  now: Date,
  heldUntil: Date,
  options: HoldOptions = {},
): { seats: Seat[]; held: Seat[] } {
  const { types, companionReleaseMinutes = DEFAULT_COMPANION_RELEASE_MINUTES } = options;
  const offSale = offSaleReason(show, now);
  if (offSale) throw refused('conflict', offSale);
  checkTicketTypes(pricingOf(show), types ?? [GENERAL_TICKET_TYPE]);
  if (show.seats.some((seat) => isHeldByAt(seat, userId, now) && seat.orderId !== undefined)) {
    throw refused('conflict', PAYMENT_IN_PROGRESS);
  }
  const taken = withoutLapsedHolds(show.seats, now).filter((seat) => !(seat.state === 'held' && seat.userId === userId));
  const companionsBound = companionRuleInForce(show.startsAt, now, companionReleaseMinutes);
  const chosen = typeof wanted === 'number' ? chooseFree(show, taken, wanted, companionsBound) : namedSeats(show, taken, wanted);
  if (!chosen) throw refused('conflict', notEnoughSeats(show.capacity - taken.length));
  const alone = companionsWithoutSpace(
    layoutOf(show),
    chosen.map((seat) => seat.label),
    show.startsAt,
    now,
    companionReleaseMinutes,
  );
  if (alone.length > 0) throw refused('conflict', companionSeatMessage(companionReleaseMinutes));
  // Named seats take the type at their index; chosen ones take the types in request order, in room order.
  const ordered = typeof wanted === 'number' ? sortSeats(chosen) : chosen;
  const held = ordered.map((seat, index): Seat => {
    const ticketType = types?.[index];
    return { ...seat, state: 'held', userId, heldUntil, ...(ticketType === undefined ? {} : { ticketType }) };
  });
  return { seats: sortSeats([...taken, ...held]), held };
}

/**
 * The best `count` seats not taken (wheelchair spaces last), or undefined when fewer are free; companion seats are
 * left out while their rule binds (they are sold with their wheelchair space, named on the seat map).
 */
function chooseFree(
  show: ShowDocument,
  taken: Seat[],
  count: number,
  companionsBound: boolean,
): Array<Pick<Seat, 'label' | 'row' | 'number'>> | undefined {
  const layout = layoutOf(show);
  const takenLabels = new Set(taken.map((seat) => seat.label));
  const unavailable = (label: string) => takenLabels.has(label) || (companionsBound && isCompanionSeat(layout, label));
  return suggestSeats(layout, unavailable, count)?.map(seatOfLabel);
}

/** The seats named, when each is a seat of the show's room (400) and none is taken (409, naming the ones gone). */
function namedSeats(show: ShowDocument, taken: Seat[], labels: readonly string[]): Array<Pick<Seat, 'label' | 'row' | 'number'>> {
  const layout = layoutOf(show);
  const unknown = labels.filter((label) => !isSeatOf(layout, label));
  if (unknown.length > 0) throw refused('invalid', seatsNotInRoom(unknown, show.roomId));
  const takenLabels = new Set(taken.map((seat) => seat.label));
  const gone = labels.filter((label) => takenLabels.has(label));
  if (gone.length > 0) throw refused('conflict', seatsGone(sortLabels(gone.map(seatOfLabel))));
  return labels.map(seatOfLabel);
}

function seatOfLabel(label: string): Pick<Seat, 'label' | 'row' | 'number'> {
  const position = parseSeatLabel(label);
  if (!position) throw refused('invalid', seatsNotInRoom([label]));
  return { label, row: label.charAt(0), number: position.number };
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

/** The user's held seats of the show not being paid, released: the seats to write (absent: none held) and how many had not lapsed. */
export function releaseSeatsOf(show: ShowDocument, userId: string, now: Date): { seats?: Seat[]; released: number } {
  const releasable = (seat: Seat) => seat.state === 'held' && seat.userId === userId && seat.orderId === undefined;
  const released = show.seats.filter((seat) => releasable(seat) && !isFreeAt(seat, now)).length;
  if (!show.seats.some(releasable)) return { released };
  return { seats: show.seats.filter((seat) => !releasable(seat)), released };
}

/** A refund: the seats sold to the order among `labels` free again (a seat sold since to another order untouched); the labels freed. */
export function returnSeatsOf(show: ShowDocument, orderId: string, labels: readonly string[]): { seats?: Seat[]; freed: string[] } {
  const returned = new Set(labels);
  const back = (seat: Seat) => seat.state === 'sold' && seat.orderId === orderId && returned.has(seat.label);
  const freed = sortLabels(show.seats.filter(back));
  return freed.length === 0 ? { freed } : { seats: show.seats.filter((seat) => !back(seat)), freed };
}
