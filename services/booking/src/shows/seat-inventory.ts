import type { ShowView } from '@cine/contracts';
import { Types, type Model } from 'mongoose';
import type { MovieProjection } from '../movies/movie-projection';
import { chooseBestSeats } from './best-seats';
import { BookingError, notEnoughSeats, PAYMENT_IN_PROGRESS, SHOW_BUSY, SHOW_STARTED, showNotFound } from './booking-errors';
import type { KeyedLock } from './keyed-lock';
import { freeSeat, isFreeAt, isHeldByAt, seatSummary, sortLabels, withoutLapsedHolds } from './seats';
import type { Seat, ShowDocument } from './show-model';
import { toShowView } from './show-views';

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
  result: (written: ShowDocument) => T | Promise<T>;
}

/** Attempts of one seat change when another instance keeps winning the `version` race. */
const MAX_ATTEMPTS = 20;

/**
 * The seats of every show, per seat. Every change is one updateOne on the
 * show guarded by the `version` read (exact on MongoDB and on FerretDB's
 * single connection); changes of one show are queued in this process so
 * concurrent buyers rarely retry. A held seat whose heldUntil has passed is
 * free in every read and write: nothing has to release it.
 */
export class SeatInventory {
  constructor(
    private readonly shows: Model<ShowDocument>,
    private readonly movies: MovieProjection,
    private readonly lock: KeyedLock,
    private readonly options: SeatInventoryOptions,
  ) {}

  get holdMinutes(): number {
    return this.options.holdMinutes;
  }

  /**
   * Replaces the user's hold on this show with `count` best adjacent seats
   * (same row, centre first; else fewest rows) until now + HOLD_MINUTES,
   * then releases the user's holds on other shows (one show in the cart).
   * 404 unknown show; 409 started, not enough seats (saying how many are
   * left), or the user's seats of this show are being paid.
   */
  async hold(showId: string, userId: string, count: number, now: Date): Promise<HeldTickets> {
    const heldUntil = new Date(now.getTime() + this.options.holdMinutes * 60_000);
    const held = await this.change(showId, (show) => {
      if (show.startsAt <= now) throw new BookingError(409, SHOW_STARTED);
      if (show.seats.some((seat) => isHeldByAt(seat, userId, now) && seat.orderId !== undefined)) {
        throw new BookingError(409, PAYMENT_IN_PROGRESS);
      }
      const seats = withoutLapsedHolds(show.seats, now).map((seat) => (seat.state === 'held' && seat.userId === userId ? freeSeat(seat) : seat));
      const chosen = chooseFrom(seats, count);
      if (!chosen) throw new BookingError(409, notEnoughSeats(seats.filter((seat) => seat.state === 'free').length));
      for (const index of chosen) seats[index] = { ...freeSeat(seats[index] as Seat), state: 'held', userId, heldUntil };
      return {
        seats,
        result: async (written) => ({
          show: await this.view(written, now),
          seatLabels: sortLabels(chosen.map((index) => seats[index] as Seat)),
          heldUntil,
        }),
      };
    });
    await this.releaseElsewhere(showId, userId, now);
    return held;
  }

  /** Releases the user's held seats of the show (not sold, not being paid); answers how many were still held. */
  async release(showId: string, userId: string, now: Date): Promise<number> {
    return this.change(showId, (show) => {
      const releasable = (seat: Seat) => seat.state === 'held' && seat.userId === userId && seat.orderId === undefined;
      const released = show.seats.filter((seat) => releasable(seat) && !isFreeAt(seat, now)).length;
      if (!show.seats.some(releasable)) return { result: () => 0 };
      return { seats: show.seats.map((seat) => (releasable(seat) ? freeSeat(seat) : seat)), result: () => released };
    });
  }

  /** The user's holds that have not lapsed (seats being paid included), one entry per show, soonest show first. */
  async holdsOf(userId: string, now: Date): Promise<HeldTickets[]> {
    const shows = await this.shows
      .find({ holders: userId })
      .sort({ startsAt: 1 })
      .lean<ShowDocument[]>();
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
      const seats = show.seats.map((seat): Seat => (toSell(seat) ? { label: seat.label, row: seat.row, number: seat.number, state: 'sold', userId: seat.userId as string, orderId } : seat));
      const labels = sortLabels(seats.filter((seat) => seat.state === 'sold' && seat.orderId === orderId));
      return show.seats.some(toSell) ? { seats, result: () => labels } : { result: () => labels };
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

  private async releaseElsewhere(showId: string, userId: string, now: Date): Promise<void> {
    const others = await this.shows
      .find({ _id: { $ne: showId }, holders: userId }, { _id: 1 })
      .lean<Array<Pick<ShowDocument, '_id'>>>();
    for (const other of others) await this.release(other._id.toHexString(), userId, now);
  }

  /**
   * Reads the show, lets `decide` choose, and writes the new seats guarded by
   * the version read; on a lost race it reads again. Unknown show: 404.
   */
  private async change<T>(showId: string, decide: (show: ShowDocument) => SeatChange<T>): Promise<T> {
    if (!Types.ObjectId.isValid(showId) || !/^[0-9a-fA-F]{24}$/.test(showId)) throw showNotFound();
    return this.lock.run(showId, async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const show = await this.shows.findById(showId).lean<ShowDocument>();
        if (!show) throw showNotFound();
        const decision = decide(show);
        if (!decision.seats) return decision.result(show);
        const summary = seatSummary(decision.seats);
        const written = await this.shows.updateOne(
          { _id: show._id, version: show.version },
          { $set: { seats: decision.seats, ...summary }, $inc: { version: 1 } },
        );
        if (written.matchedCount === 1) {
          return decision.result({ ...show, seats: decision.seats, ...summary, version: show.version + 1 });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
      throw new BookingError(503, SHOW_BUSY);
    });
  }
}

/** Indexes of the best `count` free seats, or undefined when fewer are free. */
function chooseFrom(seats: Seat[], count: number): number[] | undefined {
  const index = new Map<string, number>();
  let rows = 0;
  let seatsPerRow = 0;
  seats.forEach((seat, i) => {
    const row = seat.row.charCodeAt(0) - 65;
    rows = Math.max(rows, row + 1);
    seatsPerRow = Math.max(seatsPerRow, seat.number);
    index.set(`${row}:${seat.number}`, i);
  });
  const chosen = chooseBestSeats(
    {
      rows,
      seatsPerRow,
      isFree: (row, number) => {
        const i = index.get(`${row}:${number}`);
        return i !== undefined && (seats[i] as Seat).state === 'free';
      },
    },
    count,
  );
  return chosen?.map(({ row, number }) => index.get(`${row}:${number}`) as number);
}
