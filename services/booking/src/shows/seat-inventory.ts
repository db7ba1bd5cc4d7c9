import { isObjectIdText, isSeatOf, parseSeatLabel, type ShowView, suggestSeats } from '@cine/contracts';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import { GroupCommit, type Decision, type VersionedDocuments } from '../group-commit';
import type { KeyedLock } from '../keyed-lock';
import type { MovieProjection } from '../movies/movie-projection';
import {
  BookingError,
  duplicateSeats,
  MOVIE_WITHDRAWN,
  SHOW_CANCELLED,
  notEnoughSeats,
  PAYMENT_IN_PROGRESS,
  SHOW_BUSY,
  SHOW_STARTED,
  seatsGone,
  seatsNotInRoom,
  showNotFound,
  wrongSeatCount,
} from './booking-errors';
import type { HoldLimits } from './hold-limits';
import type { SeatChangeFeed } from './seat-changes';
import type { ShowListing } from './show-listing';
import { isFreeAt, isHeldByAt, layoutOf, seatSummary, sortLabels, sortSeats, withoutLapsedHolds } from './seats';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';
import type { HoldLedger, RecordedWindow, UserHolds } from './user-holds';
import { countHoldChanges } from './hold-metrics';

/** Seats a user holds on one show. */
export interface HeldTickets {
  show: ShowView;
  /** Sorted. */
  seatLabels: string[];
  heldUntil: Date;
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

/**
 * A decision on a show's seats: the show's new list of taken seats to write
 * (`write`; none: nothing changes), hooks around the write, and the answer.
 * A decision that throws is a refusal of that change only.
 */
type SeatChange<T> = Decision<ShowDocument, Seat[], T>;

/** Writes of one batch of seat changes tried while another instance keeps winning the `version` race. */
const MAX_ATTEMPTS = 20;
/** Shows whose last read or write is kept in memory. */
const CACHED_SHOWS = 500;

/**
 * The seats of every show, per seat: each operation below is a decision on
 * one show's seats (a `SeatChange`). A held seat whose heldUntil has passed
 * is free in every read and write: nothing has to release it.
 *
 * The decisions are queued per show and written by a group commit
 * (../group-commit.ts): the changes queued while the show's previous write
 * was in flight are decided one after another on the show as this process
 * last read or wrote it, each on the seats the previous ones chose, and
 * written in one updateOne guarded by the show's `version`. Another
 * instance's write makes the batch be decided again on a fresh read.
 */
export class SeatInventory {
  /** Seat changes of each show, batched into version-guarded writes. */
  private readonly seatWrites: GroupCommit<ShowDocument, Seat[]>;

  constructor(
    private readonly shows: Model<ShowDocument>,
    private readonly movies: MovieProjection,
    private readonly userHolds: UserHolds,
    lock: KeyedLock,
    private readonly limits: HoldLimits,
    listing: ShowListing,
    feed: SeatChangeFeed,
  ) {
    this.seatWrites = new GroupCommit(showSeats(shows, listing, feed), {
      lock,
      remembered: CACHED_SHOWS,
      maxAttempts: MAX_ATTEMPTS,
      notFound: showNotFound,
      busy: () => new BookingError(503, SHOW_BUSY),
    });
  }

  /**
   * Replaces the user's hold on this show with `count` seats until now +
   * HOLD_MINUTES, then releases the user's holds on other shows (one show in
   * the cart). The seats are the ones named by `labels` (the seat map), or
   * else the best adjacent ones (same row, centre first; else fewest rows).
   * 400 labels that are not `count` different seats of the show's room; 404
   * unknown show; 409 started, its movie deleted, a named seat taken (saying
   * which) or not enough seats (saying how many are left), the user's seats
   * of this show are being paid, or a hold limit (hold-limits.ts: seats per
   * client address, renewals) is reached. A refusal holds nothing.
   */
  async hold(showId: string, userId: string, count: number, now: Date, address: string, labels?: readonly string[]): Promise<HeldTickets> {
    if (!isObjectIdText(showId)) throw showNotFound();
    if (labels) checkLabels(labels, count);
    const { since, until: heldUntil, ended } = await this.limits.window(userId, showId, now);
    const previous = await this.limits.claim(userId, address, count, heldUntil, now);
    let held: HeldTickets;
    let holdsShows: string[];
    let replaced: HoldLedger | undefined;
    try {
      ({ held, holdsShows, replaced } = await this.holdSeats(
        showId,
        userId,
        labels ?? count,
        now,
        { address, showId, seats: count, until: heldUntil },
        { since, ended },
      ));
    } catch (error) {
      await this.limits.unclaim(userId, address, previous);
      throw error;
    }
    if (replaced && replaced.address !== address) await this.limits.forget(replaced.address, userId);
    for (const other of holdsShows) {
      if (other !== showId) await this.releaseSeats(other, userId, now).catch((error: unknown) => ignoreMissingShow(error));
    }
    return held;
  }

  /**
   * Holds the seats, recording the hold's ledger entry and renewal window with
   * the user's shows before they are written; answers them, the shows the
   * user may hold seats of and the ledger entry this hold replaced
   * (user_holds, as written before the seats).
   */
  private async holdSeats(
    showId: string,
    userId: string,
    wanted: number | readonly string[],
    now: Date,
    ledger: HoldLedger,
    window: RecordedWindow,
  ): Promise<{ held: HeldTickets; holdsShows: string[]; replaced?: HoldLedger }> {
    const heldUntil = ledger.until;
    let holdsShows: string[] = [];
    let replaced: HoldLedger | undefined;
    let recorded = false;
    const held = await this.change(showId, (show) => {
      const { seats, held } = holdSeatsOf(show, userId, wanted, now, heldUntil);
      return {
        write: seats,
        before: async () => {
          const added = await this.userHolds.add(userId, showId, ledger, window);
          holdsShows = added.shows;
          // A batch decided again (another instance wrote first) adds again: the entry replaced is the first add's.
          if (!recorded) replaced = added.replaced;
          recorded = true;
        },
        result: async (written): Promise<HeldTickets> => ({ show: await this.view(written, now), seatLabels: sortLabels(held), heldUntil }),
      };
    });
    return { held, holdsShows, ...(replaced ? { replaced } : {}) };
  }

  /** Releases the user's held seats of the show (not sold, not being paid); answers how many were still held. */
  async release(showId: string, userId: string, now: Date): Promise<number> {
    const released = await this.releaseSeats(showId, userId, now);
    await this.limits.released(userId, showId, now);
    return released;
  }

  private async releaseSeats(showId: string, userId: string, now: Date): Promise<number> {
    return this.change(showId, (show) => {
      const releasable = (seat: Seat) => seat.state === 'held' && seat.userId === userId && seat.orderId === undefined;
      const released = show.seats.filter((seat) => releasable(seat) && !isFreeAt(seat, now)).length;
      if (!show.seats.some(releasable)) return { result: () => 0 };
      return {
        write: show.seats.filter((seat) => !releasable(seat)),
        after: (written) => this.forgetUsersWithoutHolds([userId], written),
        result: () => released,
      };
    });
  }

  /** The user's holds that have not lapsed (seats being paid included), one entry per show, soonest show first; `offSale` says which cannot be bought. */
  async holdsOf(userId: string, now: Date): Promise<HeldTickets[]> {
    const ids = (await this.userHolds.showsOf(userId)).filter(isObjectIdText);
    if (ids.length === 0) return [];
    const found = await findEachById(ids, (id) => this.shows.findById(id).lean<ShowDocument>());
    const shows = [...found.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const titles = await this.movies.titlesOf(shows.map((show) => show.movieId));
    return shows.flatMap((show) => {
      const held = heldTicketsOf(show, userId, now, titles.get(show.movieId) ?? '');
      return held ? [held] : [];
    });
  }

  /**
   * The user's hold on one show, for a checkout: read from the show as this
   * process last read or wrote it when the user holds seats there (a rush's
   * holds were just written here), else from the database. The checkout's
   * reservation is decided on the show as written (`reserveForOrder`), so a
   * stale copy sells nothing: a hold that lapsed or moved, or terms an admin
   * changed, are found there, and so is a movie deleted since.
   */
  async heldOn(userId: string, showId: string, now: Date): Promise<HeldTickets | undefined> {
    if (!isObjectIdText(showId)) return undefined;
    const remembered = this.seatWrites.lastKnown(showId);
    const show = remembered?.seats.some((seat) => isHeldByAt(seat, userId, now))
      ? remembered
      : await this.shows.findById(showId).lean<ShowDocument>();
    if (!show) return undefined;
    const titles = await this.movies.titlesOf([show.movieId]);
    return heldTicketsOf(show, userId, now, titles.get(show.movieId) ?? '');
  }

  /**
   * Checkout: tags the user's held (not lapsed) seats of the show with the
   * order and keeps them held at least until `until`, so they cannot lapse
   * while the card is charged. Answers the labels tagged with the order
   * (held, or already sold to it; empty when nothing is held any more), or
   * that the show's terms are not the ones the order copied (an admin
   * changed them) or that its movie was deleted, tagging nothing. Idempotent.
   */
  async reserveForOrder(showId: string, userId: string, orderId: string, terms: ShowTerms, now: Date, until: Date): Promise<Reservation> {
    return this.change(showId, (show): SeatChange<Reservation> => {
      if (!hasTerms(show, terms)) return { result: () => ({ outcome: 'terms-changed' }) };
      if (show.movieDeleted) return { result: () => ({ outcome: 'withdrawn' }) };
      if (show.cancelled) return { result: () => ({ outcome: 'cancelled' }) };
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
      return changed ? { write: seats, result: () => reservation } : { result: () => reservation };
    });
  }

  /**
   * The seats tagged with the order become sold; never checks lapse (the
   * order is paid). Idempotent; answers the labels sold to it. Inside the
   * show's queue the buyers' ledger entries end with one write each (the
   * show leaves their hint when they hold no other seat of it); their seats
   * stop counting at their address after the queue moves on.
   */
  async sellForOrder(showId: string, orderId: string): Promise<string[]> {
    let ended: Array<{ userId: string; ledger: HoldLedger }> = [];
    const labels = await this.change(showId, (show) => {
      const toSell = (seat: Seat) => seat.state === 'held' && seat.orderId === orderId;
      const buyers = new Set(show.seats.filter(toSell).map((seat) => seat.userId as string));
      const seats = show.seats.map((seat): Seat =>
        toSell(seat)
          ? { label: seat.label, row: seat.row, number: seat.number, state: 'sold', userId: seat.userId as string, orderId }
          : seat,
      );
      const sold = sortLabels(seats.filter((seat) => seat.state === 'sold' && seat.orderId === orderId));
      if (buyers.size === 0) return { result: () => sold };
      return {
        write: seats,
        after: async (written) => {
          const holding = holdersOf(written);
          ended = await this.userHolds.sold(
            [...buyers].map((userId) => ({ userId, holdsMore: holding.has(userId) })),
            showId,
          );
        },
        result: () => sold,
      };
    });
    for (const { userId, ledger } of ended) await this.limits.forget(ledger.address, userId);
    return labels;
  }

  /** A declined payment: the seats lose the order tag and stay held by the user until `holdUntil` (the hold's own end). */
  async releaseOrderReservation(showId: string, orderId: string, holdUntil: Date): Promise<void> {
    await this.change(showId, (show) => {
      const tagged = (seat: Seat) => seat.state === 'held' && seat.orderId === orderId;
      if (!show.seats.some(tagged)) return { result: () => undefined };
      const seats = show.seats.map((seat): Seat => {
        if (!tagged(seat)) return seat;
        const { orderId: _dropped, ...untagged } = seat;
        return { ...untagged, heldUntil: holdUntil };
      });
      return { write: seats, result: () => undefined };
    });
  }

  /**
   * A refund: the seats sold to the order among `labels` are free again (on
   * sale at once; the seat maps hear it as any other write). Idempotent: a
   * seat sold since to another order is not touched. Answers the labels freed.
   */
  async returnSeats(showId: string, orderId: string, labels: readonly string[]): Promise<string[]> {
    const returned = new Set(labels);
    return this.change(showId, (show) => {
      const back = (seat: Seat) => seat.state === 'sold' && seat.orderId === orderId && returned.has(seat.label);
      const freed = sortLabels(show.seats.filter(back));
      if (freed.length === 0) return { result: () => freed };
      return { write: show.seats.filter((seat) => !back(seat)), result: () => freed };
    });
  }

  /** The show as the API shows it. */
  async view(show: ShowDocument, now: Date): Promise<ShowView> {
    const titles = await this.movies.titlesOf([show.movieId]);
    return toShowView(show, titles.get(show.movieId) ?? '', now);
  }

  private async forgetUsersWithoutHolds(userIds: string[], show: ShowDocument): Promise<void> {
    const holding = holdersOf(show);
    await this.userHolds.remove(
      userIds.filter((userId) => !holding.has(userId)),
      show._id.toHexString(),
    );
  }

  /** Queues the decision for the show's next write of its seats; answers what it decided once written. Unknown show: 404. */
  private change<T>(showId: string, decide: (show: ShowDocument) => SeatChange<T>): Promise<T> {
    if (!isObjectIdText(showId)) return Promise.reject(showNotFound());
    return this.seatWrites.change(showId, decide);
  }
}

/**
 * The shows' seats as the group commit reads and writes them: the counts are recomputed on every write, the version goes up,
 * and the show's summary of the listings follows before the batch is answered.
 */
function showSeats(shows: Model<ShowDocument>, listing: ShowListing, feed: SeatChangeFeed): VersionedDocuments<ShowDocument, Seat[]> {
  return {
    read: async (showId) => shows.findById(showId).lean<ShowDocument>(),
    apply: (show, seats) => ({ ...show, seats }),
    writeIfCurrent: async (show, seats) => {
      const summary = seatSummary(seats, show.capacity);
      const written = await shows.collection.updateOne(
        { _id: show._id, version: show.version },
        { $set: { seats, ...summary }, $inc: { version: 1 } },
      );
      if (written.matchedCount !== 1) return undefined;
      countHoldChanges(show.seats, seats, new Date());
      const stored = { ...show, seats, ...summary, version: show.version + 1 };
      feed.written(show, stored);
      await listing.save(stored);
      return stored;
    },
  };
}

/** Users with a held seat of the show (lapsed or not: the user_holds hint stays while one is left). */
function holdersOf(show: ShowDocument): Set<string | undefined> {
  return new Set(show.seats.filter((seat) => seat.state === 'held').map((seat) => seat.userId));
}

/** The user's held (not lapsed) seats of the show, undefined when none. */
function heldTicketsOf(show: ShowDocument, userId: string, now: Date, title: string): HeldTickets | undefined {
  const mine = show.seats.filter((seat) => isHeldByAt(seat, userId, now));
  if (mine.length === 0) return undefined;
  const heldUntil = new Date(Math.min(...mine.map((seat) => (seat.heldUntil as Date).getTime())));
  const offSale = offSaleReason(show, now);
  return { show: toShowView(show, title, now), seatLabels: sortLabels(mine), heldUntil, ...(offSale ? { offSale } : {}) };
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

function ignoreMissingShow(error: unknown): void {
  if (!(error instanceof BookingError && error.statusCode === 404)) throw error;
}

/** The static checks of seats named by label: `count` different labels (the room is checked on the show). */
function checkLabels(labels: readonly string[], count: number): void {
  if (labels.length !== count) throw new BookingError(400, wrongSeatCount(count, labels.length));
  const repeated = labels.filter((label, index) => labels.indexOf(label) !== index);
  if (repeated.length > 0) throw new BookingError(400, duplicateSeats([...new Set(repeated)]));
}

/**
 * The user's new hold on the show: the seats named by `wanted` (labels), or
 * the best `wanted` seats, not taken by others (the user's own hold is
 * replaced), held until `heldUntil`; answers the show's new seats and the
 * held ones. Refused (409) once the show has started or its movie was
 * deleted, while the user's seats of it are being paid, when a named seat is
 * taken, or when fewer seats are free; (400) a label of no seat of the room.
 */
function holdSeatsOf(
  show: ShowDocument,
  userId: string,
  wanted: number | readonly string[],
  now: Date,
  heldUntil: Date,
): { seats: Seat[]; held: Seat[] } {
  const offSale = offSaleReason(show, now);
  if (offSale) throw new BookingError(409, offSale);
  if (show.seats.some((seat) => isHeldByAt(seat, userId, now) && seat.orderId !== undefined)) {
    throw new BookingError(409, PAYMENT_IN_PROGRESS);
  }
  const taken = withoutLapsedHolds(show.seats, now).filter((seat) => !(seat.state === 'held' && seat.userId === userId));
  const chosen = typeof wanted === 'number' ? chooseFree(show, taken, wanted) : namedSeats(show, taken, wanted);
  if (!chosen) throw new BookingError(409, notEnoughSeats(show.capacity - taken.length));
  const held = chosen.map((seat): Seat => ({ ...seat, state: 'held', userId, heldUntil }));
  return { seats: sortSeats([...taken, ...held]), held };
}

/** The best `count` seats not taken (wheelchair spaces last), or undefined when fewer are free. */
function chooseFree(show: ShowDocument, taken: Seat[], count: number): Array<Pick<Seat, 'label' | 'row' | 'number'>> | undefined {
  const takenLabels = new Set(taken.map((seat) => seat.label));
  return suggestSeats(layoutOf(show), (label) => takenLabels.has(label), count)?.map(seatOfLabel);
}

/** The seats named, when each is a seat of the show's room (400) and none is taken (409, naming the ones gone). */
function namedSeats(show: ShowDocument, taken: Seat[], labels: readonly string[]): Array<Pick<Seat, 'label' | 'row' | 'number'>> {
  const layout = layoutOf(show);
  const unknown = labels.filter((label) => !isSeatOf(layout, label));
  if (unknown.length > 0) throw new BookingError(400, seatsNotInRoom(unknown, show.roomId));
  const takenLabels = new Set(taken.map((seat) => seat.label));
  const gone = labels.filter((label) => takenLabels.has(label));
  if (gone.length > 0) throw new BookingError(409, seatsGone(sortLabels(gone.map(seatOfLabel))));
  return labels.map(seatOfLabel);
}

function seatOfLabel(label: string): Pick<Seat, 'label' | 'row' | 'number'> {
  const position = parseSeatLabel(label);
  if (!position) throw new BookingError(400, seatsNotInRoom([label]));
  return { label, row: label.charAt(0), number: position.number };
}
