import { cartOfOtherCinemaMessage, isObjectIdText, type ShowView } from '@cine/contracts';
import type { Cinemas } from '../cinemas/cinemas';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import { GroupCommit, type Decision } from '../group-commit';
import type { KeyedLock } from '../keyed-lock';
import type { MovieProjection } from '../movies/movie-projection';
import { catchRefusal, refused, RefusedError, type Result } from '../refusal';
import { SHOW_BUSY, showNotFound, wrongSeatCount } from './booking-errors';
import {
  checkLabels,
  heldTicketsOf,
  labelsAndTypes,
  holdersOf,
  holdSeatsOf,
  releaseSeatsOf,
  reserveSeatsOf,
  returnSeatsOf,
  sellSeatsOf,
  untagSeatsOf,
  type HeldTickets,
  type Reservation,
  type ShowTerms,
} from './seat-decisions';
import { DEFAULT_COMPANION_RELEASE_MINUTES } from './companion-rule';
import type { HoldLimits } from './hold-limits';
import type { SeatChangeFeed } from './seat-changes';
import type { ShowListing } from './show-listing';
import { pricingOf } from '../pricing/show-pricing';
import { isHeldByAt, layoutOf } from './seats';
import { showSeats } from './seat-writes';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';
import type { HoldLedger, RecordedWindow, UserHolds } from './user-holds';

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
 * A hold: `count` seats (those `labels` name, else the best free) of the show for the user, counted at the client's `address`;
 * `types`, one per seat, their ticket types (absent: every seat General; see holdSeatsOf).
 */
type HoldRequest = [
  showId: string,
  userId: string,
  count: number,
  now: Date,
  address: string,
  labels?: readonly string[],
  types?: readonly string[],
];

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
    /** The chain's cinemas: a show view names its room's. */
    private readonly cinemas: Cinemas,
    /** COMPANION_RELEASE_MINUTES: companion seats are sold alone from this long before the show (companion-rule.ts). */
    private readonly companionReleaseMinutes: number = DEFAULT_COMPANION_RELEASE_MINUTES,
  ) {
    this.seatWrites = new GroupCommit(showSeats(shows, listing, feed), {
      lock,
      remembered: CACHED_SHOWS,
      maxAttempts: MAX_ATTEMPTS,
      notFound: showNotFound,
      busy: () => refused('busy', SHOW_BUSY),
    });
  }

  /**
   * Replaces the user's hold on this show with `count` seats until now +
   * HOLD_MINUTES, then releases the user's holds on other shows (one show in
   * the cart). The seats are the ones named by `labels` (the seat map), or
   * else the best adjacent ones (same row, centre first; else fewest rows).
   * Refused: invalid, labels that are not `count` different seats of the
   * show's room, or a type (`types`) the show does not sell; not-found, an unknown show; conflict, started, its movie
   * deleted, a named seat taken (saying which) or not enough seats (saying
   * how many are left), a companion seat without its wheelchair space, the user's seats of this show are being paid, or a
   * hold limit (hold-limits.ts: seats per client address, renewals) is
   * reached. A refusal holds nothing.
   */
  hold(...request: HoldRequest): Promise<Result<HeldTickets>> {
    return catchRefusal(() => this.holdOrThrow(...request));
  }

  private async holdOrThrow(...[showId, userId, count, now, address, labels, types]: HoldRequest): Promise<HeldTickets> {
    if (!isObjectIdText(showId)) throw showNotFound();
    if (labels) checkLabels(labels, count);
    if (types && types.length !== count) throw refused('invalid', wrongSeatCount(count, types.length));
    const { since, until: heldUntil, ended, shows } = await this.limits.window(userId, showId, now);
    await this.assertOneCinema(showId, userId, now, shows);
    const previous = await this.limits.claim(userId, address, count, heldUntil, now);
    let held: HeldTickets;
    let holdsShows: string[];
    let replaced: HoldLedger | undefined;
    try {
      ({ held, holdsShows, replaced } = await this.holdSeats(
        showId,
        userId,
        labels ?? count,
        types,
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
   * A cart holds the seats of one cinema at a time (issue 38): seats of a show of another cinema than the
   * user's live holds are refused (409, naming the cinema in the cart) until the cart is emptied. `shows`:
   * the user's shows (read with the hold's window); only a user with holds on other shows costs a read of them.
   */
  private async assertOneCinema(showId: string, userId: string, now: Date, shows: readonly string[]): Promise<void> {
    const others = shows.filter((id) => id !== showId && isObjectIdText(id));
    if (others.length === 0) return;
    const show =
      this.seatWrites.lastKnown(showId) ?? (await this.shows.findById(showId, { roomId: 1 }).lean<Pick<ShowDocument, 'roomId'>>());
    if (!show) return;
    const cinema = this.cinemas.cinemaOfRoom(show.roomId);
    const found = await findEachById(others, (id) => this.shows.findById(id, { roomId: 1, seats: 1 }).lean<ShowDocument>());
    for (const other of found.values()) {
      const otherCinema = this.cinemas.cinemaOfRoom(other.roomId);
      if (otherCinema.id !== cinema.id && other.seats.some((seat) => isHeldByAt(seat, userId, now)))
        throw refused('conflict', cartOfOtherCinemaMessage(otherCinema.name));
    }
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
    types: readonly string[] | undefined,
    now: Date,
    ledger: HoldLedger,
    window: RecordedWindow,
  ): Promise<{ held: HeldTickets; holdsShows: string[]; replaced?: HoldLedger }> {
    const heldUntil = ledger.until;
    let holdsShows: string[] = [];
    let replaced: HoldLedger | undefined;
    let recorded = false;
    const held = await this.change(showId, (show) => {
      const { seats, held } = holdSeatsOf(show, userId, wanted, now, heldUntil, {
        types,
        companionReleaseMinutes: this.companionReleaseMinutes,
      });
      return {
        write: seats,
        before: async () => {
          const added = await this.userHolds.add(userId, showId, ledger, window);
          holdsShows = added.shows;
          // A batch decided again (another instance wrote first) adds again: the entry replaced is the first add's.
          if (!recorded) replaced = added.replaced;
          recorded = true;
        },
        result: async (written): Promise<HeldTickets> => ({
          show: await this.view(written, now),
          pricing: pricingOf(written),
          layout: layoutOf(written),
          ...labelsAndTypes(held),
          heldUntil,
          cinema: this.cinemas.eventCinemaOfRoom(written.roomId),
        }),
      };
    });
    return { held, holdsShows, ...(replaced ? { replaced } : {}) };
  }

  /** Releases the user's held seats of the show (not sold, not being paid); answers how many were still held. Unknown show: refused. */
  release(showId: string, userId: string, now: Date): Promise<Result<number>> {
    return catchRefusal(async () => {
      const released = await this.releaseSeats(showId, userId, now);
      await this.limits.released(userId, showId, now);
      return released;
    });
  }

  private async releaseSeats(showId: string, userId: string, now: Date): Promise<number> {
    return this.change(showId, (show) => {
      const { seats, released } = releaseSeatsOf(show, userId, now);
      if (!seats) return { result: () => 0 };
      return {
        write: seats,
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
    const remembered = this.seatWrites.lastKnown(showId);
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

  private async forgetUsersWithoutHolds(userIds: string[], show: ShowDocument): Promise<void> {
    const holding = holdersOf(show);
    await this.userHolds.remove(
      userIds.filter((userId) => !holding.has(userId)),
      show._id.toHexString(),
    );
  }

  /** Queues the decision for the show's next write of its seats; answers what it decided once written. Unknown show: a not-found refusal thrown. */
  private change<T>(showId: string, decide: (show: ShowDocument) => SeatChange<T>): Promise<T> {
    if (!isObjectIdText(showId)) return Promise.reject(showNotFound());
    return this.seatWrites.change(showId, decide);
  }
}

function ignoreMissingShow(error: unknown): void {
  if (!(error instanceof RefusedError && error.refusal.kind === 'not-found')) throw error;
}
