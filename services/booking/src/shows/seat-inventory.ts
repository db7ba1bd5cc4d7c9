import type { ShowView } from '@cine/contracts';
import type { Model } from 'mongoose';
import type { MovieProjection } from '../movies/movie-projection';
import { chooseBestSeats } from './best-seats';
import { BookingError, notEnoughSeats, PAYMENT_IN_PROGRESS, SHOW_BUSY, SHOW_STARTED, showNotFound } from './booking-errors';
import type { KeyedLock } from '../keyed-lock';
import type { HoldLimits } from './hold-limits';
import { isFreeAt, isHeldByAt, seatSummary, sortLabels, sortSeats, withoutLapsedHolds } from './seats';
import { rowLetter } from './rooms';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';
import type { UserHolds } from './user-holds';

export interface HeldTickets {
  /** The show, movie.Title from the movie projection. */
  show: ShowView;
  /** In room order (F9 before F10). */
  seatLabels: string[];
  heldUntil: Date;
}

export interface SeatInventoryOptions {
  /** How long a hold keeps its seats (HOLD_MINUTES). */
  holdMinutes: number;
}

/** A decision on a show's seats: the new seats to write (none: nothing changes) and the answer. */
interface SeatChange<T> {
  seats?: Seat[];
  /** Runs before the write (inside the show's queue). */
  before?: () => Promise<void>;
  /** Runs after a successful write (inside the show's queue). */
  after?: (written: ShowDocument) => Promise<void>;
  result: (show: ShowDocument) => T | Promise<T>;
}

/** Attempts of one seat change when another instance keeps winning the `version` race. */
const MAX_ATTEMPTS = 20;
/** Shows whose last read or write is kept in memory. */
const CACHED_SHOWS = 500;
const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/**
 * The seats of every show, per seat. Every change is one updateOne on the
 * show guarded by the `version` read (exact on MongoDB and on FerretDB's
 * single connection); changes of one show are queued in this process so
 * concurrent buyers rarely retry. A held seat whose heldUntil has passed is
 * free in every read and write: nothing has to release it.
 *
 * The show as this process last read or wrote it is kept in memory: a write
 * decided on it is still guarded by its version (a change made elsewhere
 * makes it match nothing, and the show is read again), and a refusal or a
 * no-op decided on it is decided again on a fresh read.
 */
export class SeatInventory {
  private readonly cache = new Map<string, ShowDocument>();

  constructor(
    private readonly shows: Model<ShowDocument>,
    private readonly movies: MovieProjection,
    private readonly userHolds: UserHolds,
    private readonly lock: KeyedLock,
    private readonly options: SeatInventoryOptions,
    private readonly limits: HoldLimits,
  ) {}

  get holdMinutes(): number {
    return this.options.holdMinutes;
  }

  /**
   * Replaces the user's hold on this show with `count` best adjacent seats
   * (same row, centre first; else fewest rows) until now + HOLD_MINUTES,
   * then releases the user's holds on other shows (one show in the cart).
   * 404 unknown show; 409 started, not enough seats (saying how many are
   * left), the user's seats of this show are being paid, or a hold limit
   * (hold-limits.ts: seats per client address, renewals) is reached.
   */
  async hold(showId: string, userId: string, count: number, now: Date, address: string): Promise<HeldTickets> {
    if (!OBJECT_ID.test(showId)) throw showNotFound();
    const { since, until: heldUntil } = await this.limits.window(userId, showId, now);
    // Counted against the address one hold at a time (in this process), so parallel requests cannot pass its limit together.
    const previous = await this.lock.run(`address:${address}`, () => this.limits.claim(userId, address, count, heldUntil, now));
    let held: HeldTickets;
    try {
      held = await this.holdSeats(showId, userId, count, now, heldUntil);
    } catch (error) {
      await this.limits.unclaim(userId, address, previous);
      throw error;
    }
    await this.limits.record(userId, address, showId, held.seatLabels.length, since, heldUntil);
    for (const other of await this.userHolds.showsOf(userId)) {
      if (other !== showId) await this.releaseSeats(other, userId, now).catch((error: unknown) => ignoreMissingShow(error));
    }
    return held;
  }

  private async holdSeats(showId: string, userId: string, count: number, now: Date, heldUntil: Date): Promise<HeldTickets> {
    return this.change(showId, (show) => {
      if (show.startsAt <= now) throw new BookingError(409, SHOW_STARTED);
      if (show.seats.some((seat) => isHeldByAt(seat, userId, now) && seat.orderId !== undefined)) {
        throw new BookingError(409, PAYMENT_IN_PROGRESS);
      }
      const taken = withoutLapsedHolds(show.seats, now).filter((seat) => !(seat.state === 'held' && seat.userId === userId));
      const chosen = chooseFree(show, taken, count);
      if (!chosen) throw new BookingError(409, notEnoughSeats(show.capacity - taken.length));
      const held = chosen.map((seat): Seat => ({ ...seat, state: 'held', userId, heldUntil }));
      return {
        seats: sortSeats([...taken, ...held]),
        before: () => this.userHolds.add(userId, showId),
        result: async (written) => ({ show: await this.view(written, now), seatLabels: sortLabels(held), heldUntil }),
      };
    });
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
        seats: show.seats.filter((seat) => !releasable(seat)),
        after: (written) => this.forgetUsersWithoutHolds([userId], written),
        result: () => released,
      };
    });
  }

  /** The user's holds that have not lapsed (seats being paid included), one entry per show, soonest show first. */
  async holdsOf(userId: string, now: Date): Promise<HeldTickets[]> {
    const ids = (await this.userHolds.showsOf(userId)).filter((id) => OBJECT_ID.test(id));
    if (ids.length === 0) return [];
    // One read by id each (few): on FerretDB an $in filter reads every show.
    const found = await Promise.all(ids.map((id) => this.shows.findById(id).lean<ShowDocument>()));
    const shows = found.filter((show): show is ShowDocument => show !== null).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const titles = await this.movies.titlesOf(shows.map((show) => show.movieId));
    return shows.flatMap((show) => {
      const mine = show.seats.filter((seat) => isHeldByAt(seat, userId, now));
      if (mine.length === 0) return [];
      const heldUntil = new Date(Math.min(...mine.map((seat) => (seat.heldUntil as Date).getTime())));
      return [{ show: toShowView(show, titles.get(show.movieId) ?? '', now), seatLabels: sortLabels(mine), heldUntil }];
    });
  }

  /**
   * Checkout: tags the user's held (not lapsed) seats of the show with the
   * order and keeps them held at least until `until`, so they cannot lapse
   * while the card is charged. Answers the labels tagged with the order
   * (held, or already sold to it); empty when nothing is held any more.
   * Idempotent.
   */
  async reserveForOrder(showId: string, userId: string, orderId: string, now: Date, until: Date): Promise<string[]> {
    return this.change(showId, (show) => {
      let changed = false;
      const seats = show.seats.map((seat) => {
        const mine = isHeldByAt(seat, userId, now) && (seat.orderId === undefined || seat.orderId === orderId);
        if (!mine) return seat;
        const heldUntil = (seat.heldUntil as Date) > until ? (seat.heldUntil as Date) : until;
        if (seat.orderId === orderId && (seat.heldUntil as Date).getTime() === heldUntil.getTime()) return seat;
        changed = true;
        return { ...seat, orderId, heldUntil };
      });
      const labels = sortLabels(seats.filter((seat) => seat.orderId === orderId && (seat.state === 'sold' || !isFreeAt(seat, now))));
      return changed ? { seats, result: () => labels } : { result: () => labels };
    });
  }

  /** The seats tagged with the order become sold; never checks lapse (the order is paid). Idempotent; answers the labels sold to it. */
  async sellForOrder(showId: string, orderId: string): Promise<string[]> {
    return this.change(showId, (show) => {
      const toSell = (seat: Seat) => seat.state === 'held' && seat.orderId === orderId;
      const buyers = show.seats.filter(toSell).map((seat) => seat.userId as string);
      const seats = show.seats.map((seat): Seat =>
        toSell(seat) ? { label: seat.label, row: seat.row, number: seat.number, state: 'sold', userId: seat.userId as string, orderId } : seat,
      );
      const labels = sortLabels(seats.filter((seat) => seat.state === 'sold' && seat.orderId === orderId));
      if (buyers.length === 0) return { result: () => labels };
      return {
        seats,
        after: async (written) => {
          await this.forgetUsersWithoutHolds(buyers, written);
          await this.limits.sold(buyers);
        },
        result: () => labels,
      };
    });
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
      return { seats, result: () => undefined };
    });
  }

  /** The show as the API shows it. */
  async view(show: ShowDocument, now: Date): Promise<ShowView> {
    const titles = await this.movies.titlesOf([show.movieId]);
    return toShowView(show, titles.get(show.movieId) ?? '', now);
  }

  private async forgetUsersWithoutHolds(userIds: string[], show: ShowDocument): Promise<void> {
    const holding = new Set(show.seats.filter((seat) => seat.state === 'held').map((seat) => seat.userId));
    await this.userHolds.remove(
      userIds.filter((userId) => !holding.has(userId)),
      show._id.toHexString(),
    );
  }

  private async read(showId: string): Promise<ShowDocument | null> {
    const show = await this.shows.findById(showId).lean<ShowDocument>();
    this.cache.delete(showId);
    if (show) this.remember(showId, show);
    return show;
  }

  private remember(showId: string, show: ShowDocument): void {
    this.cache.delete(showId);
    this.cache.set(showId, show);
    if (this.cache.size > CACHED_SHOWS) this.cache.delete(this.cache.keys().next().value as string);
  }

  /**
   * Lets `decide` choose on the show and writes the new seats guarded by the
   * version it was decided on; on a lost race it reads again. Unknown show: 404.
   */
  private async change<T>(showId: string, decide: (show: ShowDocument) => SeatChange<T>): Promise<T> {
    if (!OBJECT_ID.test(showId)) throw showNotFound();
    return this.lock.run(showId, async () => {
      let show = this.cache.get(showId);
      let fresh = false;
      if (!show) {
        show = (await this.read(showId)) ?? undefined;
        fresh = true;
      }
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        if (!show) throw showNotFound();
        let decision: SeatChange<T>;
        try {
          decision = decide(show);
        } catch (refusal) {
          if (fresh) throw refusal;
          decision = { result: () => undefined as T };
        }
        if (!decision.seats && !fresh) {
          show = (await this.read(showId)) ?? undefined;
          fresh = true;
          continue;
        }
        if (!decision.seats) return decision.result(show);
        await decision.before?.();
        const summary = seatSummary(decision.seats, show.capacity);
        const written = await this.shows.collection.updateOne(
          { _id: show._id, version: show.version },
          { $set: { seats: decision.seats, ...summary }, $inc: { version: 1 } },
        );
        if (written.matchedCount === 1) {
          const current: ShowDocument = { ...show, seats: decision.seats, ...summary, version: show.version + 1 };
          this.remember(showId, current);
          await decision.after?.(current);
          return decision.result(current);
        }
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        show = (await this.read(showId)) ?? undefined;
        fresh = true;
      }
      throw new BookingError(503, SHOW_BUSY);
    });
  }
}

function ignoreMissingShow(error: unknown): void {
  if (!(error instanceof BookingError && error.statusCode === 404)) throw error;
}

/** The best `count` seats not taken, or undefined when fewer are free. */
function chooseFree(show: Pick<ShowDocument, 'rows' | 'seatsPerRow'>, taken: Seat[], count: number): Array<Pick<Seat, 'label' | 'row' | 'number'>> | undefined {
  const takenLabels = new Set(taken.map((seat) => seat.label));
  const chosen = chooseBestSeats(
    { rows: show.rows, seatsPerRow: show.seatsPerRow, isFree: (row, number) => !takenLabels.has(`${rowLetter(row)}${number}`) },
    count,
  );
  return chosen?.map(({ row, number }) => ({ label: `${rowLetter(row)}${number}`, row: rowLetter(row), number }));
}
