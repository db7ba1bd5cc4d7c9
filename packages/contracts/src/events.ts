import type { ClubEntryKind, PassStatus } from './club-rules';
import type { PaymentPart } from './gift-cards';
import type { OrderPromo, PricedLine } from './priced-lines';
import type { RefundOrigin } from './primitives';
import type { SeatState, ShowType } from './views';

/**
 * Integration events: small, versioned records of facts other services need.
 * The `type` doubles as the routing key on the topic exchange.
 */
export interface IntegrationEvent<TType extends string, TData> {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  data: TData;
  /** W3C trace context (`traceparent`, `tracestate`) of the request that recorded it, when tracing is on: its consumers continue that trace. */
  traceContext?: Record<string, string>;
}

export type UserRegistered = IntegrationEvent<'user.registered', { userId: string; email: string; username: string }>;

/** Tokens carrying a credentials version below `credentialsVersion` are no longer valid. */
export type UserCredentialsChanged = IntegrationEvent<'user.credentials-changed', { userId: string; credentialsVersion: number }>;

export type UserDeleted = IntegrationEvent<'user.deleted', { userId: string; email: string }>;

/** An admin changed the user's username or e-mail (PUT /admin/updateUser): the user's current ones. Projections apply it only when it is newer (occurredAt) than what they hold. */
export type UserUpdated = IntegrationEvent<'user.updated', { userId: string; email: string; username: string }>;

/** The user signed out (POST /auth/logout): the token of session `sessionId` is refused from now on; it would have expired at `expiresAt` anyway. */
export type UserSignedOut = IntegrationEvent<'user.signed-out', { userId: string; sessionId: string; expiresAt: string }>;

/** A user's password was changed (by them, by an admin, or with a recovery code): the account's owner is told by mail. */
export type PasswordChanged = IntegrationEvent<
  'password.changed',
  { userId: string; email: string; username: string; changedAt: string; by: 'user' | 'admin' | 'recovery' }
>;

export type PasswordRecoveryRequested = IntegrationEvent<
  'password.recovery-requested',
  { email: string; username: string; code: string; expiresAt: string }
>;

/** What other services keep of a movie (booking's titles, sales' reports). `release` is yyyy-mm-dd. */
export interface MovieFacts {
  movieId: string;
  title: string;
  runtime: number;
  type: ShowType;
  release: string;
  /** Archived by an admin (movie.updated): hidden from the site; booking sells none of its shows. */
  archived?: true;
}

export type MovieCreated = IntegrationEvent<'movie.created', MovieFacts>;

export type MovieUpdated = IntegrationEvent<'movie.updated', MovieFacts>;

/** The movie and its comments are gone; `data` holds its last facts. */
export type MovieDeleted = IntegrationEvent<'movie.deleted', MovieFacts>;

/** What the cart keeps of a candy item; `price` in cents, `quantity` the stock. */
export interface CandyFacts {
  candyId: string;
  name: string;
  price: number;
  picture: string;
  quantity: number;
}

export type CandyCreated = IntegrationEvent<'candy.created', CandyFacts>;

export type CandyUpdated = IntegrationEvent<'candy.updated', CandyFacts>;

export type CandyDeleted = IntegrationEvent<'candy.deleted', CandyFacts>;

/** A candy line of a paid order. Amounts in cents. */
export interface PaidCandyLine {
  candyId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  /** Issue 41: what the buyer's Cine Club tier took off the line (absent: nothing); paid: totalPrice − discount. */
  discount?: number;
}

/**
 * The cinema an order's show is at, as order events carry it (issue 38): its name and address for the
 * mails and e-tickets, its IANA zone for their times and the .ics. Absent on events recorded before the
 * chain: the first cinema (FIRST_CINEMA_ID).
 */
export interface EventCinema {
  id: string;
  name: string;
  address: string;
  timeZone: string;
}

/**
 * A card payment went through: the seats are sold and the order is final.
 * Feeds the receipt mail, candy stock and the sales reports. Amounts in cents,
 * `date` 'yyyy-mm-dd' and `schedule` 'HH:MM' in the cinema's local time.
 */
export type OrderPaid = IntegrationEvent<
  'order.paid',
  {
    orderId: string;
    /** The order's short code (what the buyer reads aloud); absent on orders paid before orders had one. */
    orderCode?: string;
    userId: string;
    movieId: string;
    title: string;
    showId: string;
    date: string;
    schedule: string;
    roomId: number;
    /** Issue 38: the show's cinema (absent before the chain: the first cinema). */
    cinema?: EventCinema;
    type: ShowType;
    /** The show's seats when the order was made (the sales reports' occupancy); absent on orders made before it was carried. */
    capacity?: number;
    seats: number;
    seatLabels: string[];
    ticketTotal: number;
    /**
     * Version 2: each ticket priced (type, seat category, base, surcharges, total), summing to
     * `ticketTotal`. Absent in version 1: every seat was a General ticket at ticketTotal / seats.
     */
    lines?: PricedLine[];
    candy: PaidCandyLine[];
    /** What was paid: tickets (each line's total less its discount) and candy. */
    total: number;
    /** Issue 39: what the promo code took off (absent: nothing), and the code. */
    discount?: number;
    promo?: OrderPromo;
    /** Issue 39: how `total` was paid (absent before gift cards: all by bank card). */
    payments?: PaymentPart[];
    paidAt: string;
    /**
     * Set on the events of a replay (booking's POST /orders/replay): the order
     * was announced before. Read models (sales) count it once per order id;
     * effects that belong to the moment of the sale (stock, the receipt mail) skip it.
     */
    republished?: true;
  }
>;

/**
 * Money of a paid order went back to the buyer through its payment provider
 * (one refund: the whole order or some of its seats and candy lines). The
 * seats are on sale again and the candy back in stock at booking. Feeds the
 * refund mail, candy stock and the sales reports, each once per `refundId`
 * (an order may have several partial refunds). `amount` in cents: the
 * refunded tickets (`ticketAmount`: the sum of their `lines`' totals; version 1,
 * `seatLabels.length × unitPrice`) plus the candy lines' totals; with a promo code (issue 39) less the lines'
 * `discount`s: `amount` is what was paid for them, `ticketAmount` stays the lines' totals. Tickets (at the door) are invalid once it is announced.
 */
export type OrderRefunded = IntegrationEvent<
  'order.refunded',
  {
    refundId: string;
    orderId: string;
    /** As in order.paid. */
    orderCode?: string;
    userId: string;
    movieId: string;
    title: string;
    showId: string;
    date: string;
    schedule: string;
    roomId: number;
    /** Issue 38: the show's cinema (absent before the chain: the first cinema). */
    cinema?: EventCinema;
    type: ShowType;
    /** As in order.paid. */
    capacity?: number;
    /** When the order was paid (the sale it nets out: sales files the refund under that sale's day). */
    paidAt: string;
    seatLabels: string[];
    ticketAmount: number;
    /** Version 2: the refunded seats' lines as the order priced them (their totals sum to ticketAmount). Absent in version 1. */
    lines?: PricedLine[];
    candy: PaidCandyLine[];
    amount: number;
    /** Issue 39: where `amount` went back to (absent before gift cards: all to the bank card). */
    payments?: PaymentPart[];
    reason: string;
    /** 'buyer': the buyer's cancellation; 'admin': an admin's refund; 'show-cancelled': the show was cancelled. */
    by: RefundOrigin;
    refundedAt: string;
    /** As in order.paid: a replay; stock and mail skip it. */
    republished?: true;
  }
>;

/**
 * Issue 39: a gift card was sold (its order paid) or issued by an admin. Notification mails the
 * recipient its code (`code`, the only event that carries it: never logged); sales adds `amount` to
 * the cards sold and to what the chain owes.
 */
export type GiftCardIssued = IntegrationEvent<
  'gift-card.issued',
  {
    cardId: string;
    code: string;
    last4: string;
    amount: number;
    currency: string;
    expiresAt: string;
    origin: 'sold' | 'issued';
    /** A sold card: the order that paid it and its buyer's name as they gave it (the mail says who sends it). */
    orderId?: string;
    buyerId?: string;
    senderName?: string;
    recipientEmail: string;
    recipientName?: string;
    message?: string;
    /** The instant it was paid or issued. */
    issuedAt: string;
  }
>;

/** Issue 39: an admin voided a card; `amount` is the balance it still had (what the chain no longer owes). */
export type GiftCardVoided = IntegrationEvent<'gift-card.voided', { cardId: string; last4: string; amount: number; voidedAt: string }>;

/**
 * Issue 41: a member's points moved (one ledger entry, from booking's outbox, exactly once per `entryId`).
 * Sales sums earned, spent and the liability (`points` × `pointValueCents` of every entry up to a day).
 */
export type ClubPointsMoved = IntegrationEvent<
  'club.points-moved',
  {
    entryId: string;
    userId: string;
    kind: ClubEntryKind;
    /** Positive credits, negative debits. */
    points: number;
    /** What a point paid when it was written, in cents. */
    pointValueCents: number;
    orderId?: string;
    at: string;
  }
>;

/**
 * Issue 41: a Cine Pase month was charged (`first`: the subscription; `renewal`: the job). Once per
 * (passId, period): sales adds `amount` to the pass revenue and counts the renewals charged.
 */
export type ClubPassCharged = IntegrationEvent<
  'club.pass-charged',
  {
    passId: string;
    userId: string;
    planId: string;
    planName: string;
    period: string;
    amount: number;
    kind: 'first' | 'renewal';
    at: string;
  }
>;

/**
 * Issue 41: a renewal was declined; the pass is in grace until `graceUntil` (notification mails the member
 * to change the card; sales counts the renewals declined). Once per (passId, period).
 */
export type ClubPassDeclined = IntegrationEvent<
  'club.pass-declined',
  { passId: string; userId: string; planName: string; period: string; amount: number; reason: string; graceUntil: string; at: string }
>;

/** Issue 41: a pass's status changed (subscribed, cancelled, lapsed, ended, back to active): sales counts passes active at a day. */
export type ClubPassChanged = IntegrationEvent<
  'club.pass-changed',
  { passId: string; userId: string; planName: string; status: PassStatus; renewsAt: string; at: string }
>;

/**
 * A show's seats changed (booking, after each write of them), heard by every booking instance
 * (a fan-out, not a work queue) to update the open seat maps. Not kept in an outbox: a listener
 * that misses one sees the next `version` skip and reads the show again. `reread`: the show changed
 * otherwise (an admin's edit, its movie withdrawn, or a write this event cannot describe); `deleted`:
 * the show is gone.
 */
export type ShowSeatsChanged = IntegrationEvent<
  'show.seats-changed',
  {
    showId: string;
    /** The show's version after the change. */
    version: number;
    /** The seats whose state changed: their new state, and until when a held seat is held (ISO instant). */
    seats: Array<{ label: string; state: SeatState; heldUntil?: string }>;
    reread?: true;
    deleted?: true;
  }
>;

/** A ticket of one seat, as tickets.issued carries it: `token` is the QR's content. */
export interface IssuedTicket {
  ticketId: string;
  code: string;
  seatLabel: string;
  token: string;
}

/**
 * Booking issued the tickets of a paid order (once per order, after its order.paid): the order's facts,
 * the show's start and end (ISO instants), and one ticket per seat. Feeds the receipt mail (QR codes, .ics).
 */
export type TicketsIssued = IntegrationEvent<
  'tickets.issued',
  Omit<OrderPaid['data'], 'republished'> & { startsAt: string; endsAt: string; tickets: IssuedTicket[] }
>;

/** A ticket was admitted at the door (`offline`: recorded by a door without network, uploaded later). */
export type TicketCheckedIn = IntegrationEvent<
  'ticket.checked_in',
  {
    ticketId: string;
    code: string;
    orderId: string;
    showId: string;
    seatLabel: string;
    checkedInAt: string;
    entrance?: string;
    offline?: true;
  }
>;

/**
 * An admin moved a show whose seats were sold (PUT /show/one/{id}): one event per paid order, in the
 * order's outbox with the write that moved it to the new date. Feeds the buyer's mail with the new time;
 * the buyer may cancel that order with a full refund until the show starts, whatever the cancellation window.
 */
export type OrderShowMoved = IntegrationEvent<
  'order.show-moved',
  {
    orderId: string;
    userId: string;
    showId: string;
    movieId: string;
    title: string;
    roomId: number;
    /** Issue 38: the show's cinema (absent before the chain: the first cinema). */
    cinema?: EventCinema;
    type: ShowType;
    seatLabels: string[];
    /** The show's local date and time before the move, and after. */
    from: { date: string; schedule: string };
    to: { date: string; schedule: string };
    /** ISO instants of the new start and end. */
    startsAt: string;
    endsAt: string;
    movedAt: string;
  }
>;

/**
 * A cinema was created or changed, or its rooms (booking, in its outbox with the write; also once for
 * every cinema when booking first starts): the cinema as it is now. Identity checks staff's cinemas
 * against them, sales names them in reports, catalog lists them.
 */
export type CinemaSaved = IntegrationEvent<
  'cinema.saved',
  {
    cinemaId: string;
    slug: string;
    name: string;
    city: string;
    address: string;
    hours: string;
    timeZone: string;
    rooms: Array<{ id: number; name: string; capacity: number }>;
  }
>;

/**
 * The movies with a show not yet ended at a cinema changed (booking, after a show is created, moved,
 * cancelled or deleted, and when its last show of a movie ends): catalog filters the billboard and the
 * premieres of `?cinemaId=` with it. `movieIds` is the whole set, so the latest event is enough.
 */
export type CinemaMoviesChanged = IntegrationEvent<'cinema.movies-changed', { cinemaId: string; movieIds: string[] }>;

export type CineEvent =
  | UserRegistered
  | UserCredentialsChanged
  | UserDeleted
  | UserUpdated
  | PasswordRecoveryRequested
  | UserSignedOut
  | PasswordChanged
  | MovieCreated
  | MovieUpdated
  | MovieDeleted
  | CandyCreated
  | CandyUpdated
  | CandyDeleted
  | OrderPaid
  | OrderRefunded
  | ShowSeatsChanged
  | TicketsIssued
  | TicketCheckedIn
  | OrderShowMoved
  | CinemaSaved
  | CinemaMoviesChanged
  | GiftCardIssued
  | GiftCardVoided
  | ClubPointsMoved
  | ClubPassCharged
  | ClubPassDeclined
  | ClubPassChanged;

export type CineEventType = CineEvent['type'];

export type EventOfType<T extends CineEventType> = Extract<CineEvent, { type: T }>;

/** Current schema version of each event type; bump when the data shape changes. */
export const eventVersions: { readonly [T in CineEventType]: number } = {
  'user.registered': 1,
  'user.credentials-changed': 1,
  'user.deleted': 1,
  'user.updated': 1,
  'password.recovery-requested': 1,
  'user.signed-out': 1,
  'password.changed': 1,
  'movie.created': 1,
  'movie.updated': 1,
  'movie.deleted': 1,
  'candy.created': 1,
  'candy.updated': 1,
  'candy.deleted': 1,
  // 2: `lines` (issue 37); consumers read version 1 too (no lines: every seat General at ticketTotal / seats).
  // Issue 39 adds optional `discount`, `promo`, `payments` (absent: no discount, all by bank card) in version 2.
  'order.paid': 2,
  'order.refunded': 2,
  'show.seats-changed': 1,
  'tickets.issued': 2,
  'ticket.checked_in': 1,
  'order.show-moved': 1,
  'cinema.saved': 1,
  'cinema.movies-changed': 1,
  'gift-card.issued': 1,
  'gift-card.voided': 1,
  'club.points-moved': 1,
  'club.pass-charged': 1,
  'club.pass-declined': 1,
  'club.pass-changed': 1,
};
