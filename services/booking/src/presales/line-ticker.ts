import type { PresaleState } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PresaleDocument, PresalePlaceDocument } from './presale-model';
import { lineStateAt, meterAt } from './presale-rules';
import type { Presales } from './presales';

export interface LineTickerOptions {
  /** How often each process moves the lines (default 500 ms; tests shorten it). */
  tickMs?: number;
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
 * 2. opening: now ≥ opensAt (+ the settle time) → the lottery (Presales.openIfDue);
 * 3. seats: the shows' free seats → seatsLeft, 'sold_out' at 0 (the frontier stops), 'open' when seats come back;
 * 4. meter: the frontier moves at admitPerMinute (presale-rules' meterAt) with a CAS on the old frontier and clock,
 *    then the places passed are admitted (their session starts);
 * 5. expiry: admitted places past expiresAt → 'expired' (conditional on their state), their holds released.
 */
export class LineTicker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly tickMs: number;
  private releaseExpired: ReleaseExpired = async () => undefined;

  constructor(
    private readonly presales: Presales,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
    { tickMs = 500 }: LineTickerOptions = {},
  ) {
    this.tickMs = tickMs;
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
    for (const presale of await this.presales.running()) {
      try {
        await this.move(presale);
      } catch (error) {
        this.log?.warn({ presaleId: presale._id.toHexString(), err: (error as Error).message }, 'presale line not moved');
      }
    }
  }

  /** One line, one tick. */
  async move(read: PresaleDocument): Promise<void> {
    const now = this.clock();
    let presale = read;
    const { free, everyStarted } = await this.presales.shows.seats(presale.showIds, now);
    if (everyStarted) {
      await this.setState(presale, 'closed', free);
      return;
    }
    presale = await this.presales.openIfDue(presale, now);
    const state = lineStateAt(presale, free, false);
    if (state !== presale.state || free !== presale.seatsLeft) presale = (await this.setState(presale, state, free)) ?? presale;
    if (presale.state === 'closed' || !presale.openedAt) return;
    presale = await this.meter(presale, now);
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
  private async meter(presale: PresaleDocument, now: Date): Promise<PresaleDocument> {
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
    if (!moved && move.meteredAt === presale.meteredAt.getTime()) return presale;
    const written = await this.presales.presales
      .findOneAndUpdate(
        { _id: presale._id, admittedThrough: before, meteredAt: presale.meteredAt, state: presale.state },
        {
          $set: {
            admittedThrough: move.admittedThrough,
            meteredAt: new Date(move.meteredAt),
            ...(moved ? { movedAt: now, movedFrom: before } : {}),
          },
          ...(moved ? { $inc: { version: 1 } } : {}),
        },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    // Another instance moved it first: its tick admits those places.
    if (!written) return presale;
    if (moved) await this.admitThrough(written, before, move.admittedThrough, now);
    return written;
  }

  /**
   * Places at positions in (after, through]: admitted, their session from now, each found by its position (a
   * read by _id: see presales.ts). A place between the two writes when this process stopped is admitted by the
   * expiry walk, or when its buyer asks GET /me.
   */
  private async admitThrough(presale: PresaleDocument, after: number, through: number, now: Date): Promise<void> {
    const presaleId = presale._id.toHexString();
    for (let position = after + 1; position <= through; position++) {
      const place = await this.presales.placeAt(presaleId, position);
      if (place?.state === 'waiting') await this.presales.admitPlace(presale, place._id, position, now);
    }
  }

  /**
   * The expiry walk, in position order from where it last stopped (`expiredThrough`): an admitted place past its
   * session is expired (conditional on its state) and its holds released; one still 'waiting' behind the frontier
   * (a crash between the meter's two writes) is admitted; it stops at the first session still running. Sessions
   * end in position order (admissions are), so each tick reads a place or two by _id, never the whole line.
   */
  private async expire(presale: PresaleDocument, now: Date): Promise<void> {
    const presaleId = presale._id.toHexString();
    const from = presale.expiredThrough ?? 0;
    let walked = from;
    while (walked < presale.admittedThrough) {
      const place = await this.presales.placeAt(presaleId, walked + 1);
      if (place?.state === 'waiting') {
        await this.presales.admitPlace(presale, place._id, walked + 1, now);
        break;
      }
      if (place?.state === 'admitted') {
        if ((place.expiresAt?.getTime() ?? 0) > now.getTime()) break;
        const expired = await this.presales.places
          .findOneAndUpdate({ _id: place._id, state: 'admitted' }, { $set: { state: 'expired' } }, { returnDocument: 'after' })
          .lean<PresalePlaceDocument>();
        if (expired) await this.release(expired, presale);
      }
      // Expired already, or a position left empty.
      walked += 1;
    }
    if (walked > from) await this.presales.presales.updateOne({ _id: presale._id }, { $max: { expiredThrough: walked } });
  }

  private async release(place: PresalePlaceDocument, presale: PresaleDocument): Promise<void> {
    try {
      await this.releaseExpired(place, presale);
    } catch (error) {
      this.log?.warn(
        { presaleId: presale._id.toHexString(), placeId: place._id.toHexString(), err: (error as Error).message },
        'expired place: holds not released',
      );
    }
  }
}
