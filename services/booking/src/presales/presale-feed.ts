import type { PresaleFeedLine, PresaleFeedPositions } from '@cine/contracts';
import { EventStreamHub, eventFrame, type EventStreamChannel } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import { feedLineOf, type Presales } from './presales';

export interface PresaleFeedSettings {
  /** How often a watched presale's document is read again (default 300 ms): changes other instances made show within it. */
  pollMs?: number;
  /** Open feeds per client address (the gateways: one per presale each). */
  perAddress?: number;
  keepAliveMs?: number;
  /** A position missing from the feed (its `$inc` taken, its write not seen) is waited for this long, then skipped (a gap). */
  gapWaitMs?: number;
}

interface FeedWatch {
  presaleId: string;
  viewers: EventStreamChannel;
  /** The line as last sent. */
  line?: PresaleFeedLine;
  /** Positions sent: every position ≤ `through` was sent or given up; those above it in `sent`. */
  through: number;
  sent: Set<number>;
  /** When the lowest position not sent was first missed (ms). */
  missingSince?: number;
  timer?: NodeJS.Timeout;
  polling?: Promise<void>;
}

export type FeedOpening = 'open' | 'not-found' | 'too-many';

/**
 * Booking's feed of a line (GET /presales/{id}/feed) to the gateways, which relay each buyer's standing:
 * event 'line' (PresaleFeedLine) first and whenever the presale's version changes, event 'positions'
 * (PresaleFeedPositions) with every positioned place first, then the ones given positions since. The line's
 * state lives in the database and any instance moves it, so each watched presale's document is read every
 * `pollMs` while it has viewers (and not at all without them).
 */
export class PresaleFeeds {
  private readonly hub: EventStreamHub;
  private readonly watches = new Map<string, FeedWatch>();
  private readonly pollMs: number;
  private readonly gapWaitMs: number;

  constructor(
    private readonly presales: Presales,
    settings: PresaleFeedSettings = {},
    private readonly log?: FastifyBaseLogger,
  ) {
    this.pollMs = settings.pollMs ?? 300;
    this.gapWaitMs = settings.gapWaitMs ?? 3_000;
    this.hub = new EventStreamHub({ perAddress: settings.perAddress ?? 50, keepAliveMs: settings.keepAliveMs ?? 15_000 });
  }

  /** Feeds open now. */
  get viewers(): number {
    return this.hub.viewers;
  }

  /** Opens a viewer's feed: `start()` sends the head; the viewer gets the line and every position at once. */
  async open(presaleId: string, address: string | undefined, start: () => ServerResponse): Promise<FeedOpening> {
    const id = presaleId.toLowerCase();
    if (address !== undefined && !this.hub.admit(address)) return 'too-many';
    try {
      const presale = await this.presales.find(id);
      if (!presale) {
        if (address !== undefined) this.hub.release(address);
        return 'not-found';
      }
      const positions = await this.presales.positions(id);
      const watch = this.watchOf(id);
      const line = feedLineOf(presale);
      const first =
        eventFrame('line', line.version, line) + eventFrame('positions', undefined, { positions } satisfies PresaleFeedPositions);
      const res = start();
      watch.viewers.join(res, address, first);
      if (!watch.line || watch.line.version < line.version) watch.line = line;
      for (const [, position] of positions) if (position > watch.through) watch.sent.add(position);
      this.advance(watch);
      return 'open';
    } catch (error) {
      if (address !== undefined) this.hub.release(address);
      throw error;
    }
  }

  /** Ends every feed (the service is stopping). */
  close(): void {
    for (const watch of [...this.watches.values()]) this.drop(watch);
    this.hub.close();
  }

  private watchOf(presaleId: string): FeedWatch {
    let watch = this.watches.get(presaleId);
    if (!watch) {
      const created: FeedWatch = { presaleId, viewers: this.hub.channel(() => this.drop(created)), through: 0, sent: new Set() };
      created.timer = setInterval(() => {
        created.polling ??= this.poll(created)
          .catch((error: unknown) => this.log?.warn({ presaleId, err: (error as Error).message }, 'presale feed not read'))
          .finally(() => (created.polling = undefined));
      }, this.pollMs).unref();
      watch = created;
      this.watches.set(presaleId, watch);
    }
    return watch;
  }

  private drop(watch: FeedWatch): void {
    clearInterval(watch.timer);
    if (this.watches.get(watch.presaleId) === watch) this.watches.delete(watch.presaleId);
    watch.viewers.end();
  }

  /** The presale read again: a new version is sent, and the positions given since. */
  private async poll(watch: FeedWatch): Promise<void> {
    const presale = await this.presales.find(watch.presaleId);
    if (!presale) return;
    const line = feedLineOf(presale);
    if (line.lastPosition > watch.through) {
      const positions = (await this.presales.positions(watch.presaleId, watch.through, line.lastPosition)).filter(
        ([, position]) => !watch.sent.has(position),
      );
      if (positions.length > 0) {
        for (const [, position] of positions) watch.sent.add(position);
        watch.viewers.broadcast(eventFrame('positions', undefined, { positions } satisfies PresaleFeedPositions));
      }
      this.advance(watch, line.lastPosition);
    }
    if (watch.line && line.version <= watch.line.version) return;
    watch.line = line;
    watch.viewers.broadcast(eventFrame('line', line.version, line));
  }

  /**
   * Moves `through` past the positions sent; a position missing below the line's last (its `$inc` taken, its
   * write not read yet) holds it for gapWaitMs, then is given up (the position stays empty: the meter passes it).
   */
  private advance(watch: FeedWatch, lastPosition?: number): void {
    while (watch.sent.has(watch.through + 1)) {
      watch.sent.delete(watch.through + 1);
      watch.through += 1;
      watch.missingSince = undefined;
    }
    if (lastPosition === undefined || watch.through >= lastPosition) return;
    const now = Date.now();
    watch.missingSince ??= now;
    if (now - watch.missingSince < this.gapWaitMs) return;
    watch.through += 1;
    watch.missingSince = undefined;
    this.advance(watch, lastPosition);
  }
}
