import { cartOfOtherCinemaMessage, isObjectIdText, type ShowView } from '@cine/contracts';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import type { Cinemas } from '../cinemas/cinemas';
import type { Decision } from '../group-commit';
import { pricingOf } from '../pricing/show-pricing';
import { catchRefusal, refused, RefusedError, type Result } from '../refusal';
import { showNotFound, wrongSeatCount } from './booking-errors';
import { DEFAULT_COMPANION_RELEASE_MINUTES } from './companion-rule';
import type { HoldLimits } from './hold-limits';
import { checkLabels, holdSeatsOf, releaseSeatsOf } from './hold-decisions';
import { holdersOf, labelsAndTypes, type HeldTickets } from './seat-decisions';
import { isHeldByAt, layoutOf } from './seats';
import type { Seat, ShowDocument } from './show-model';
import type { HoldLedger, RecordedWindow, UserHolds } from './user-holds';

/** What holding needs of the shows' SeatInventory: its one queue of seat changes per show, and the show as the API shows it. */
export interface ShowSeatChanges {
  /** Queues the decision for the show's next write of its seats; answers what it decided once written. */
  change<T>(showId: string, decide: (show: ShowDocument) => Decision<ShowDocument, Seat[], T>): Promise<T>;
  /** The show as this process last read or wrote it, if it is remembered. */
  lastKnown(showId: string): ShowDocument | undefined;
  view(show: ShowDocument, now: Date): Promise<ShowView>;
}

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
 * The buyers' holds (`POST /tickets/addTickets`, `DELETE …`): each a decision on one show's seats, queued with
 * the show's other changes (the checkout's reservations and sales, refunds) in SeatInventory's group commit, with
 * the per-address limits and renewal windows of hold-limits.ts and the user's shows of user-holds.ts around it.
 */
export class SeatHolds {
  constructor(
    private readonly seats: ShowSeatChanges,
    private readonly shows: Model<ShowDocument>,
    private readonly userHolds: UserHolds,
    private readonly limits: HoldLimits,
    /** The chain's cinemas: a cart holds one cinema's seats. */
    private readonly cinemas: Cinemas,
    /** COMPANION_RELEASE_MINUTES: companion seats are sold alone from this long before the show (companion-rule.ts). */
    private readonly companionReleaseMinutes: number = DEFAULT_COMPANION_RELEASE_MINUTES,
  ) {}

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
    const show = this.seats.lastKnown(showId) ?? (await this.shows.findById(showId, { roomId: 1 }).lean<Pick<ShowDocument, 'roomId'>>());
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
    const held = await this.seats.change(showId, (show) => {
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
          show: await this.seats.view(written, now),
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
    return this.seats.change(showId, (show) => {
      const { seats, released } = releaseSeatsOf(show, userId, now);
      if (!seats) return { result: () => 0 };
      return {
        write: seats,
        after: (written) => this.forgetUsersWithoutHolds([userId], written),
        result: () => released,
      };
    });
  }

  private async forgetUsersWithoutHolds(userIds: string[], show: ShowDocument): Promise<void> {
    const holding = holdersOf(show);
    await this.userHolds.remove(
      userIds.filter((userId) => !holding.has(userId)),
      show._id.toHexString(),
    );
  }
}

function ignoreMissingShow(error: unknown): void {
  if (!(error instanceof RefusedError && error.refusal.kind === 'not-found')) throw error;
}
