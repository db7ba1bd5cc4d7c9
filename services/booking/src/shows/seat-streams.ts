import type { EventOfType, SeatLayout, SeatMapDelta, SeatMapView, SeatState, TakenSeatState } from '@cine/contracts';
import { EventStreamHub, eventFrame, lastEventVersion, type EventStreamChannel } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import { seatMapStreamsOpen } from '../metrics';

type SeatsChanged = EventOfType<'show.seats-changed'>['data'] & { writtenAt?: number };

/** A taken seat as the show document lists it (a held seat past `heldUntil` is free). */
interface TakenSeat {
  state: TakenSeatState;
  /** ms since the epoch. */
  heldUntil?: number;
}

/** A show's seats at one version. */
export interface ShowSeatsState {
  roomId: number;
  layout: SeatLayout;
  /** Cents added to a seat of each category on the show (its pricing). */
  categorySurcharges?: Record<string, number>;
  version: number;
  taken: Map<string, TakenSeat>;
}

/** Where the streams read shows: the show itself, and (cheaply) the versions stored. */
export interface ShowSeatsSource {
  /** The show's seats as stored now, or null when there is no such show. */
  read(showId: string): Promise<ShowSeatsState | null>;
  /** The version stored for the show (the listings' summary: no read of its seats), or undefined when unknown. */
  storedVersion(showId: string): Promise<number | undefined>;
}

export interface SeatStreamSettings {
  /** Open streams per client (`clientKey`). */
  perAddress: number;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  keepAliveMs: number;
  /** How long an announcement that came out of order waits for the missing one before the show is read again. */
  gapWaitMs: number;
  /** How often the versions stored are compared with the streams' (an announcement lost altogether). */
  checkEveryMs: number;
  /** How long a show nobody watches any more is kept (a reconnection within it catches up from its history). */
  lingerMs: number;
  /** Changes kept per show for reconnections (`Last-Event-ID`). */
  history: number;
  /**
   * A show's changes go out at most once per this many ms: the first after a quiet spell at once, the
   * ones that follow within it together in one delta. A rush's writes then cost each viewer a few
   * deliveries a second, whatever the write rate.
   */
  coalesceMs: number;
}

export const DEFAULT_SEAT_STREAM_SETTINGS: SeatStreamSettings = {
  perAddress: 20,
  keepAliveMs: 15_000,
  gapWaitMs: 500,
  checkEveryMs: 5_000,
  lingerMs: 30_000,
  history: 500,
  coalesceMs: 200,
};

interface ShowWatch {
  showId: string;
  state?: ShowSeatsState;
  /** A read of the show under way (the first, or a resync). */
  reading?: Promise<ShowSeatsState | null>;
  /** Each change applied: its version and the state before it of the seats it touched, oldest first. */
  history: Array<{ version: number; before: Map<string, TakenSeat | undefined> }>;
  /** Announcements ahead of the next version, by version. */
  pending: Map<number, SeatsChanged>;
  /** Held seats whose lapse the viewers were told. */
  lapsesSent: Set<string>;
  /** Its viewers' streams (the hub's channel). */
  viewers: EventStreamChannel;
  gapTimer?: NodeJS.Timeout;
  lapseTimer?: NodeJS.Timeout;
  lingerTimer?: NodeJS.Timeout;
  /** When a check first found a newer version stored than this watch's. */
  behindSince?: number;
  /** Changes waiting for the next send (coalesceMs), merged into one delta. */
  outgoing?: SeatMapDelta;
  flushTimer?: NodeJS.Timeout;
  /** When a delta was last sent (performance.now()). */
  sentAt: number;
}

export type StreamOpening = 'open' | 'not-found' | 'too-many';

function publicState(seat: TakenSeat | undefined, now: number): SeatState {
  if (!seat) return 'free';
  return seat.state === 'held' && seat.heldUntil !== undefined && seat.heldUntil <= now ? 'free' : seat.state;
}

function frame(event: 'snapshot' | 'seats' | 'gone', id: number | undefined, data: unknown): string {
  return eventFrame(event, id, data);
}

/**
 * The live seat maps (GET /show/:id/seats/stream, server-sent events). One watch per show
 * somebody looks at holds its seats as this instance last heard them; every booking instance
 * hears each show's seat changes (`show.seats-changed`, a fan-out on the bus) and each watch
 * applies them in version order, so a viewer connected here sees the holds made through any
 * instance. A viewer gets a `snapshot` (the map at a version), then `seats` deltas (from → version;
 * from = version when holds lapsed: time frees seats without a write). An announcement that
 * comes out of order waits `gapWaitMs` for the missing one; one that never comes (a broker
 * outage) is found by comparing versions every `checkEveryMs`: then the show is read again and
 * every viewer gets a new snapshot. A reconnection naming the version it had (`Last-Event-ID`)
 * gets one delta of everything since from the watch's history, else a snapshot.
 * Each delta is encoded once and written to every viewer; a show's changes go out at most every
 * `coalesceMs` (200 ms), those of a rush merged into one delta (from the first's version to the last's).
 */
export class SeatStreams {
  private readonly watches = new Map<string, ShowWatch>();
  /** The streams: per-client counts, retry, keep-alive, the unsent-bytes cap (the service kit's hub). */
  private readonly hub: EventStreamHub;
  private readonly versionCheck: NodeJS.Timeout;

  constructor(
    private readonly source: ShowSeatsSource,
    private readonly settings: SeatStreamSettings = DEFAULT_SEAT_STREAM_SETTINGS,
    private readonly now: () => number = Date.now,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub({ perAddress: settings.perAddress, keepAliveMs: settings.keepAliveMs }, seatMapStreamsOpen);
    this.versionCheck = setInterval(() => void this.checkVersions(), settings.checkEveryMs).unref();
  }

  /** Streams open now (all shows). */
  get viewers(): number {
    return this.hub.viewers;
  }

  /**
   * Opens a viewer's stream: 'too-many' past the client's limit, 'not-found' for an unknown show;
   * else `start()` sends the answer's head and the viewer gets its first event at once. The show's
   * id is taken in any case and watched in lower case, as the announcements name it (an id in upper
   * case once made a watch of its own that no announcement reached: a stale map).
   */
  async open(
    id: string,
    address: string | undefined,
    lastEventId: string | undefined,
    start: () => ServerResponse,
  ): Promise<StreamOpening> {
    const showId = id.toLowerCase();
    if (address !== undefined && !this.hub.admit(address)) return 'too-many';
    let state: ShowSeatsState | null;
    let watch: ShowWatch;
    try {
      watch = this.watchOf(showId);
      state = watch.state ?? (await this.read(watch));
    } catch (error) {
      this.leave(address);
      throw error;
    }
    if (!state) {
      this.leave(address);
      return 'not-found';
    }
    if (this.watches.get(showId) !== watch) {
      // Dropped while it was read (its last viewer had left): start again on the show's current watch.
      this.leave(address);
      return this.open(showId, address, lastEventId, start);
    }
    const res = start();
    if (watch.lingerTimer) clearTimeout(watch.lingerTimer);
    watch.lingerTimer = undefined;
    watch.viewers.join(res, address, this.firstEvent(watch, state, lastEventId));
    return 'open';
  }

  /** The map now: from the watch when the show is watched here, else read. */
  async snapshot(id: string): Promise<SeatMapView | null> {
    const showId = id.toLowerCase();
    const watched = this.watches.get(showId)?.state;
    const state = watched ?? (await this.source.read(showId));
    return state ? this.viewOf(showId, state) : null;
  }

  /** An announcement heard on the bus (from any instance, this one included); `writtenAt`: when the write was announced (ms). */
  async handle(change: SeatsChanged, writtenAt?: number): Promise<void> {
    const watch = this.watches.get(change.showId);
    if (!watch) return;
    if (!watch.state) {
      // Read under way: applied after it, when newer than what it read.
      watch.pending.set(change.version, writtenAt === undefined ? change : { ...change, writtenAt });
      return;
    }
    this.apply(watch, writtenAt === undefined ? change : { ...change, writtenAt });
  }

  /** Ends every stream (the service is stopping). */
  close(): void {
    this.hub.close();
    clearInterval(this.versionCheck);
    for (const each of [...this.watches.values()]) this.drop(each);
  }

  /** Its last viewer left: the watch lingers a while for reconnections. */
  private linger(watch: ShowWatch): void {
    if (this.watches.get(watch.showId) === watch) {
      watch.lingerTimer = setTimeout(() => this.drop(watch), this.settings.lingerMs).unref();
    }
  }

  private watchOf(showId: string): ShowWatch {
    let watch = this.watches.get(showId);
    if (!watch) {
      const created: ShowWatch = {
        showId,
        history: [],
        pending: new Map(),
        lapsesSent: new Set(),
        viewers: this.hub.channel(() => this.linger(created)),
        sentAt: 0,
      };
      watch = created;
      this.watches.set(showId, watch);
    }
    return watch;
  }

  /** The watch is over: its timers stop, and its viewers' streams end (none are left but when it is gone or closing). */
  private drop(watch: ShowWatch): void {
    for (const timer of [watch.gapTimer, watch.lapseTimer, watch.lingerTimer, watch.flushTimer]) if (timer) clearTimeout(timer);
    watch.viewers.end();
    if (this.watches.get(watch.showId) === watch) this.watches.delete(watch.showId);
  }

  private leave(address: string | undefined): void {
    if (address !== undefined) this.hub.release(address);
  }

  /** Reads the show (one read at a time per watch), installs it and applies the announcements that are newer. */
  private read(watch: ShowWatch): Promise<ShowSeatsState | null> {
    watch.reading ??= this.source
      .read(watch.showId)
      .then((state) => this.installRead(watch, state))
      .finally(() => (watch.reading = undefined));
    return watch.reading;
  }

  private installRead(watch: ShowWatch, state: ShowSeatsState | null): ShowSeatsState | null {
    if (!state) {
      if (watch.state) this.gone(watch);
      else if (watch.viewers.size === 0) this.drop(watch);
      return null;
    }
    if (watch.state && watch.state.version > state.version) return watch.state;
    const resync = watch.state !== undefined;
    this.install(watch, state);
    if (resync) {
      this.dropOutgoing(watch);
      this.broadcast(watch, frame('snapshot', state.version, this.viewOf(watch.showId, state)));
    }
    this.drain(watch);
    return watch.state ?? state;
  }

  private install(watch: ShowWatch, state: ShowSeatsState): void {
    watch.state = state;
    watch.history = [];
    watch.behindSince = undefined;
    if (watch.gapTimer) clearTimeout(watch.gapTimer);
    watch.gapTimer = undefined;
    const now = this.now();
    watch.lapsesSent = new Set([...state.taken].filter(([, seat]) => publicState(seat, now) === 'free').map(([label]) => label));
    for (const version of [...watch.pending.keys()]) if (version <= state.version) watch.pending.delete(version);
    this.scheduleLapses(watch);
  }

  private apply(watch: ShowWatch, change: SeatsChanged): void {
    const state = watch.state as ShowSeatsState;
    if (change.deleted) return this.gone(watch);
    if (change.reread) {
      void this.read(watch).catch((error: unknown) => this.readFailed(watch, error));
      return;
    }
    if (change.version <= state.version) return;
    if (change.version > state.version + 1) {
      watch.pending.set(change.version, change);
      watch.gapTimer ??= setTimeout(() => {
        watch.gapTimer = undefined;
        void this.read(watch).catch((error: unknown) => this.readFailed(watch, error));
      }, this.settings.gapWaitMs).unref();
      return;
    }
    this.applyNext(watch, change);
    this.drain(watch);
  }

  /** The announcements waiting that now follow on. */
  private drain(watch: ShowWatch): void {
    for (;;) {
      const state = watch.state as ShowSeatsState;
      const next = watch.pending.get(state.version + 1);
      if (!next) break;
      watch.pending.delete(next.version);
      if (next.deleted || next.reread) return this.apply(watch, next);
      this.applyNext(watch, next);
    }
    if (watch.pending.size === 0 && watch.gapTimer) {
      clearTimeout(watch.gapTimer);
      watch.gapTimer = undefined;
    }
  }

  /** One change, version v → v + 1: the new state of its seats to every viewer. */
  private applyNext(watch: ShowWatch, change: SeatsChanged): void {
    const state = watch.state as ShowSeatsState;
    const before = new Map<string, TakenSeat | undefined>();
    const now = this.now();
    const seats: Record<string, SeatState> = {};
    for (const seat of change.seats) {
      before.set(seat.label, state.taken.get(seat.label));
      if (seat.state === 'free') state.taken.delete(seat.label);
      else
        state.taken.set(seat.label, {
          state: seat.state,
          ...(seat.heldUntil ? { heldUntil: Date.parse(seat.heldUntil) } : {}),
        });
      watch.lapsesSent.delete(seat.label);
      seats[seat.label] = publicState(state.taken.get(seat.label), now);
    }
    const from = state.version;
    state.version = change.version;
    watch.history.push({ version: change.version, before });
    if (watch.history.length > this.settings.history) watch.history.shift();
    this.queue(watch, { from, version: state.version, seats, ...(change.writtenAt === undefined ? {} : { at: change.writtenAt }) });
    this.scheduleLapses(watch);
  }

  /** A delta for the viewers: sent now after a quiet spell, else merged with the others of the next send. */
  private queue(watch: ShowWatch, delta: SeatMapDelta): void {
    const outgoing = watch.outgoing;
    watch.outgoing = outgoing
      ? {
          from: outgoing.from,
          version: delta.version,
          seats: { ...outgoing.seats, ...delta.seats },
          // The earliest write of those merged: a delivery is as late as its oldest change.
          ...(outgoing.at !== undefined || delta.at !== undefined ? { at: Math.min(outgoing.at ?? Infinity, delta.at ?? Infinity) } : {}),
        }
      : delta;
    if (watch.flushTimer) return;
    const wait = watch.sentAt + this.settings.coalesceMs - performance.now();
    if (wait <= 0) this.flush(watch);
    else watch.flushTimer = setTimeout(() => this.flush(watch), wait).unref();
  }

  private flush(watch: ShowWatch): void {
    watch.flushTimer = undefined;
    const delta = watch.outgoing;
    if (!delta) return;
    watch.outgoing = undefined;
    watch.sentAt = performance.now();
    this.broadcast(watch, frame('seats', delta.version, delta));
  }

  /** Deltas not sent yet are dropped when a snapshot replaces them. */
  private dropOutgoing(watch: ShowWatch): void {
    if (watch.flushTimer) clearTimeout(watch.flushTimer);
    watch.flushTimer = undefined;
    watch.outgoing = undefined;
  }

  /** A viewer's first event: a delta since the version it names when the history covers it, else a snapshot. */
  private firstEvent(watch: ShowWatch, state: ShowSeatsState, lastEventId: string | undefined): string {
    const since = lastEventVersion(lastEventId);
    const delta = since === undefined ? undefined : this.deltaSince(watch, state, since);
    return delta ? frame('seats', state.version, delta) : frame('snapshot', state.version, this.viewOf(watch.showId, state));
  }

  /**
   * Everything that changed since `since`, when the history holds every change after it: the current
   * state of each seat a change touched or that was held then (it may have lapsed since).
   */
  private deltaSince(watch: ShowWatch, state: ShowSeatsState, since: number): SeatMapDelta | undefined {
    if (since > state.version) return undefined;
    const after = watch.history.filter((entry) => entry.version > since);
    if (after.length !== state.version - since) return undefined;
    const then = new Map(state.taken);
    for (const entry of [...after].reverse()) {
      for (const [label, seat] of entry.before) {
        if (seat) then.set(label, seat);
        else then.delete(label);
      }
    }
    const labels = new Set(after.flatMap((entry) => [...entry.before.keys()]));
    for (const [label, seat] of then) if (seat.state === 'held') labels.add(label);
    const now = this.now();
    const seats: Record<string, SeatState> = {};
    for (const label of labels) seats[label] = publicState(state.taken.get(label), now);
    return { from: since, version: state.version, seats };
  }

  /** Tells the viewers when held seats lapse (no write frees them), at the earliest lapse to come. */
  private scheduleLapses(watch: ShowWatch): void {
    if (watch.lapseTimer) clearTimeout(watch.lapseTimer);
    watch.lapseTimer = undefined;
    let next = Number.POSITIVE_INFINITY;
    for (const [label, seat] of (watch.state as ShowSeatsState).taken) {
      if (seat.state === 'held' && seat.heldUntil !== undefined && !watch.lapsesSent.has(label)) next = Math.min(next, seat.heldUntil);
    }
    if (next === Number.POSITIVE_INFINITY) return;
    const wait = Math.min(Math.max(0, next - this.now()), 3_600_000);
    watch.lapseTimer = setTimeout(() => this.sendLapses(watch), wait).unref();
  }

  private sendLapses(watch: ShowWatch): void {
    const state = watch.state as ShowSeatsState;
    const now = this.now();
    const seats: Record<string, SeatState> = {};
    for (const [label, seat] of state.taken) {
      if (watch.lapsesSent.has(label) || publicState(seat, now) !== 'free') continue;
      watch.lapsesSent.add(label);
      seats[label] = 'free';
    }
    if (Object.keys(seats).length > 0) this.queue(watch, { from: state.version, version: state.version, seats });
    this.scheduleLapses(watch);
  }

  private gone(watch: ShowWatch): void {
    this.dropOutgoing(watch);
    watch.viewers.broadcast(frame('gone', undefined, { showId: watch.showId }));
    this.drop(watch);
  }

  private readFailed(watch: ShowWatch, error: unknown): void {
    this.log?.warn({ showId: watch.showId, err: error instanceof Error ? error.message : String(error) }, 'seat map not read again');
    // The next check of the versions tries again.
    watch.behindSince = 0;
  }

  /** Announcements lost altogether (a broker outage): a watch behind the stored version for gapWaitMs is read again. */
  private async checkVersions(): Promise<void> {
    for (const watch of this.watches.values()) {
      if (!watch.state || watch.reading || watch.gapTimer) continue;
      try {
        const stored = await this.source.storedVersion(watch.showId);
        const now = this.now();
        if (stored === undefined || stored <= watch.state.version) watch.behindSince = undefined;
        else if (watch.behindSince === undefined) watch.behindSince = now;
        else if (now - watch.behindSince >= this.settings.gapWaitMs) await this.read(watch);
      } catch (error) {
        this.readFailed(watch, error);
      }
    }
  }

  private viewOf(showId: string, state: ShowSeatsState): SeatMapView {
    const now = this.now();
    const taken: SeatMapView['taken'] = {};
    for (const [label, seat] of state.taken) {
      const shown = publicState(seat, now);
      if (shown !== 'free') taken[label] = shown;
    }
    return {
      showId,
      roomId: state.roomId,
      version: state.version,
      layout: state.layout,
      taken,
      ...(state.categorySurcharges ? { categorySurcharges: state.categorySurcharges } : {}),
    };
  }

  private broadcast(watch: ShowWatch, text: string): void {
    watch.viewers.broadcast(text);
  }
}
