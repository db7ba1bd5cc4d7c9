import { GENERAL_TICKET_TYPE, isSeatOf, parseSeatLabel, suggestSeats, type ShowPricing, type TicketRequest } from '@cine/contracts';
import { pricingOf } from '../pricing/show-pricing';
import { refused } from '../refusal';
import {
  duplicateSeats,
  NO_TICKETS_ASKED,
  notEnoughSeats,
  PAYMENT_IN_PROGRESS,
  SEAT_ON_EVERY_TICKET,
  SEATS_NAMED_TWICE,
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
import { offSaleReason } from './seat-decisions';
import { isFreeAt, isHeldByAt, layoutOf, sortLabels, sortSeats, withoutLapsedHolds } from './seats';
import type { Seat, ShowDocument } from './show-model';

/*
 * The buyers' hold decisions (seat-holds.ts queues them per show with the checkout's, seat-decisions.ts):
 * pure functions of a show's seats. A decision that throws a refusal refuses that change only.
 */

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

/** The user's held seats of the show not being paid, released: the seats to write (absent: none held) and how many had not lapsed. */
export function releaseSeatsOf(show: ShowDocument, userId: string, now: Date): { seats?: Seat[]; released: number } {
  const releasable = (seat: Seat) => seat.state === 'held' && seat.userId === userId && seat.orderId === undefined;
  const released = show.seats.filter((seat) => releasable(seat) && !isFreeAt(seat, now)).length;
  if (!show.seats.some(releasable)) return { released };
  return { seats: show.seats.filter((seat) => !releasable(seat)), released };
}
