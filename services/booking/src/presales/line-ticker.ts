import type { PresaleState } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PresaleDocument, PresalePlaceDocument } from './presale-model';
import { lineStateAt, meterAt } from './presale-rules';
import type { Presales } from './presales';

export interface LineTickerOptions {
  /** How often each process moves the lines (default 500 ms; tests shorten it). */
  tickMs?: number;
  /** Every this many ticks, places the meter passed but whose admission a crash left unwritten are admitted (default 10). */
  sweepEvery?: number;
}

/**
 * What happens when an admitted buyer's session ran out: the gate's (presales/admission.ts) frees their holds
 * on the presale's shows. Called once per place, by the instance whose conditional update expired it.
 */
export type ReleaseExpired = (place: PresalePlaceDocument, presale: PresaleDocument) => Promise<void>;

/**
 * The line ticker: every `tickMs`, in every booking process, each running presale is moved on from what the
 * database holds, never from this process's memory. Each step is a conditional update, so two processes
 * ticking the same line at once do it once:
 *
 * 1. closing: every show started → 'closed';
 * 2. opening: now ≥ opensAt (+ the settle time) → the lottery (Presales.openIfDue), then stragglers to the back;
 * 3. seats: the shows' free seats → seatsLeft, 'sold_out' at 0 (the frontier stops), 'open' when seats come back;
 * 4. meter: the frontier moves at admitPerMinute (presale-rules' meterAt) with a CAS on the old frontier and clock,
 *    then the places passed are admitted (their session starts);
 * 5. expiry: admitted places past expiresAt → 'expired' (conditional on their state), their holds released.
 */
export class LineTicker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private ticks = 0;
  /** Per presale: no admitted place of it expires before this (ms): the expiry's query is skipped until then. */
  private readonly expiryNotBefore = new Map<string, number>();
  private readonly tickMs: number;
  private readonly sweepEvery: number;
  private releaseExpired: ReleaseExpired = async () => undefined;

  constructor(
    private readonly presales: Presales,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
    { tickMs = 500, sweepEvery = 10 }: LineTickerOptions = {},
  ) {
    this.tickMs = tickMs;
    this.sweepEvery = sweepEvery;
  }

  /** The gate's release of an expired place's holds. */
  onExpired(release: ReleaseExpired): void {
    this.releaseExpired = release;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass over the running lines (one at a time in this process). */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    this.ticks += 1;
    const sweep = this.ticks % this.sweepEvery === 0;
    for (const presale of await this.presales.running()) {
      try {
        await this.move(presale, sweep);
      } catch (error) {
        this.log?.warn({ presaleId: presale._id.toHexString(), err: (error as Error).message }, 'presale line not moved');
      }
    }
  }

  /** One line, one tick. */
  async move(read: PresaleDocument, sweep = false): Promise<void> {
    const now = this.clock();
    let presale = read;
    const { free, everyStarted } = await this.presales.shows.seats(presale.showIds, now);
    if (everyStarted) {
      await this.setState(presale, 'closed', free);
      this.expiryNotBefore.delete(presale._id.toHexString());
      return;
    }
    presale = await this.presales.openIfDue(presale, now);
    if (presale.openedAt) await this.presales.placeStragglers(presale, now);
    const state = lineStateAt(presale, free, false);
    if (state !== presale.state || free !== presale.seatsLeft) presale = (await this.setState(presale, state, free)) ?? presale;
    if (presale.state === 'closed' || !presale.openedAt) return;
    await this.meter(presale, now, sweep);
    await this.expire(presale, now);
  }

  /** seatsLeft and the state, conditional on both as read (one instance writes a change once). */
  private async setState(presale: PresaleDocument, state: PresaleState, seatsLeft: number): Promise<PresaleDocument | null> {
    if (presale.state === 'closed') return presale;
    return this.presales.presales
      .findOneAndUpdate(
        { _id: presale._id, state: presale.state, seatsLeft: presale.seatsLeft },
        { $set: { state, seatsLeft, ...(state === 'closed' ? { closedAt: this.clock() } : {}) }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
  }

  /** The meter's CAS, then the places it passed are admitted. */
  private async meter(presale: PresaleDocument, now: Date, sweep: boolean): Promise<void> {
    const before = presale.admittedThrough;
    const move = meterAt(
      {
        admittedThrough: before,
        lastPosition: presale.lastPosition,
        meteredAt: presale.meteredAt.getTime(),
        admitPerMinute: presale.admitPerMinute,
      },
      now.getTime(),
      presale.state !== 'open',
    );
    const moved = move.admittedThrough !== before;
    if (moved || move.meteredAt !== presale.meteredAt.getTime()) {
      const written = await this.presales.presales.updateOne(
        { _id: presale._id, admittedThrough: before, meteredAt: presale.meteredAt, state: presale.state },
        {
          $set: { admittedThrough: move.admittedThrough, meteredAt: new Date(move.meteredAt) },
          ...(moved ? { $inc: { version: 1 } } : {}),
        },
      );
      if (written.modifiedCount !== 1 || !moved) {
        if (sweep) await this.admitThrough(presale, presale.admittedThrough, now);
        return;
      }
      await this.admitThrough(presale, move.admittedThrough, now, before);
      return;
    }
    if (sweep) await this.admitThrough(presale, before, now);
  }

  /** Places with a position in (after, through] still waiting: admitted, their session from now. */
  private async admitThrough(presale: PresaleDocument, through: number, now: Date, after = 0): Promise<void> {
    if (through <= after) return;
    await this.presales.places.updateMany(
      { presaleId: presale._id.toHexString(), state: 'waiting', position: { $gt: after, $lte: through } },
      { $set: { state: 'admitted', admittedAt: now, expiresAt: new Date(now.getTime() + presale.sessionMinutes * 60_000) } },
    );
  }

  /**
   * Admitted places past their session: 'expired' (conditional on still being admitted), then their holds released.
   * Skipped until the earliest session known can have ended: any place admitted after a look ends its session at
   * least sessionMinutes after it.
   */
  private async expire(presale: PresaleDocument, now: Date): Promise<void> {
    const presaleId = presale._id.toHexString();
    if ((this.expiryNotBefore.get(presaleId) ?? 0) > now.getTime()) return;
    const admitted = await this.presales.places
      .find({ presaleId, state: 'admitted' }, { _id: 1, expiresAt: 1 })
      .lean<Array<Pick<PresalePlaceDocument, '_id' | 'expiresAt'>>>();
    // A margin for the clocks of the instances that wrote the admissions.
    let next = now.getTime() + presale.sessionMinutes * 60_000 - 5_000;
    for (const place of admitted) {
      const expiresAt = place.expiresAt?.getTime() ?? 0;
      if (expiresAt > now.getTime()) {
        next = Math.min(next, expiresAt);
        continue;
      }
      const expired = await this.presales.places
        .findOneAndUpdate({ _id: place._id, state: 'admitted' }, { $set: { state: 'expired' } }, { returnDocument: 'after' })
        .lean<PresalePlaceDocument>();
      if (!expired) continue;
      try {
        await this.releaseExpired(expired, presale);
      } catch (error) {
        this.log?.warn({ presaleId, placeId: place._id.toHexString(), err: (error as Error).message }, 'expired place: holds not released');
      }
    }
    this.expiryNotBefore.set(presaleId, next);
  }
}
