import { isObjectIdText, type ShowView } from '@cine/contracts';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import type { Cinemas } from '../cinemas/cinemas';
import { GroupCommit, type Decision } from '../group-commit';
import type { KeyedLock } from '../keyed-lock';
import type { MovieProjection } from '../movies/movie-projection';
import { refused } from '../refusal';
import { SHOW_BUSY, showNotFound } from './booking-errors';
import type { HoldLimits } from './hold-limits';
import type { SeatChangeFeed } from './seat-changes';
import {
  heldTicketsOf,
  holdersOf,
  reserveSeatsOf,
  returnSeatsOf,
  sellSeatsOf,
  untagSeatsOf,
  type HeldTickets,
  type Reservation,
  type ShowTerms,
} from './seat-decisions';
import type { ShowSeatChanges } from './seat-holds';
import { isHeldByAt } from './seats';
import { showSeats } from './seat-writes';
import type { Seat, ShowDocument } from './show-model';
import type { ShowListing } from './show-listing';
import { toShowView } from './show-views';
import type { HoldLedger, UserHolds } from './user-holds';

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
 * The buyers' holds are decided in seat-holds.ts on the same queues; the
 * checkout's reservations, sales and refunds are decided here.
 */
export class SeatInventory implements ShowSeatChanges {
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
    /** The chain's cinemas: a show view names its room's. */
    private readonly cinemas: Cinemas,
  ) {
    this.seatWrites = new GroupCommit(showSeats(shows, listing, feed), {
      lock,
      remembered: CACHED_SHOWS,
      maxAttempts: MAX_ATTEMPTS,
      notFound: showNotFound,
      busy: () => refused('busy', SHOW_BUSY),
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
      const held = heldTicketsOf(show, userId, now, titles.get(show.movieId) ?? '', this.cinemaOf(show));
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
    const remembered = this.lastKnown(showId);
    const show = remembered?.seats.some((seat) => isHeldByAt(seat, userId, now))
      ? remembered
      : await this.shows.findById(showId).lean<ShowDocument>();
    if (!show) return undefined;
    const titles = await this.movies.titlesOf([show.movieId]);
    return heldTicketsOf(show, userId, now, titles.get(show.movieId) ?? '', this.cinemaOf(show));
  }

  /** The show's cinema as views and orders name it. */
  private cinemaOf(show: Pick<ShowDocument, 'roomId'>) {
    return { ref: this.cinemas.refOfRoom(show.roomId), event: this.cinemas.eventCinemaOfRoom(show.roomId) };
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
      const { seats, reservation } = reserveSeatsOf(show, userId, orderId, terms, now, until);
      return seats ? { write: seats, result: () => reservation } : { result: () => reservation };
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
      const { seats, buyers, sold } = sellSeatsOf(show, orderId);
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
      const seats = untagSeatsOf(show, orderId, holdUntil);
      return seats ? { write: seats, result: () => undefined } : { result: () => undefined };
    });
  }

  /**
   * A refund: the seats sold to the order among `labels` are free again (on
   * sale at once; the seat maps hear it as any other write). Idempotent: a
   * seat sold since to another order is not touched. Answers the labels freed.
   */
  async returnSeats(showId: string, orderId: string, labels: readonly string[]): Promise<string[]> {
    return this.change(showId, (show) => {
      const { seats, freed } = returnSeatsOf(show, orderId, labels);
      return seats ? { write: seats, result: () => freed } : { result: () => freed };
    });
  }

  /** The show as the API shows it. */
  async view(show: ShowDocument, now: Date): Promise<ShowView> {
    const titles = await this.movies.titlesOf([show.movieId]);
    return toShowView(show, titles.get(show.movieId) ?? '', now, this.cinemas.refOfRoom(show.roomId));
  }

  /** The show as this process last read or wrote it (a rush's holds were just written here), if remembered. */
  lastKnown(showId: string): ShowDocument | undefined {
    return this.seatWrites.lastKnown(showId);
  }

  /** Queues the decision for the show's next write of its seats; answers what it decided once written. Unknown show: a not-found refusal thrown. */
  change<T>(showId: string, decide: (show: ShowDocument) => SeatChange<T>): Promise<T> {
    if (!isObjectIdText(showId)) return Promise.reject(showNotFound());
    return this.seatWrites.change(showId, decide);
  }
}
