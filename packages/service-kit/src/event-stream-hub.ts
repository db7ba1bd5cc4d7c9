import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The machinery of server-sent event streams (text/event-stream) that every live view shares: booking's
 * seat maps, the gateway's relay of them, a presale's queue positions. The hub counts each client's
 * streams against a limit, writes each stream's `retry` and first event, sends a keep-alive comment to
 * every open stream, and drops a viewer whose socket holds too much unsent (its browser reconnects and
 * catches up, naming the last event it had in `Last-Event-ID`). What a stream carries, and what a
 * reconnection is owed, stays with its owner: a channel is only the viewers of one thing watched.
 */

/** The head of an event stream: never cached, never buffered by a proxy. */
export const EVENT_STREAM_HEADERS: Readonly<OutgoingHttpHeaders> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

export interface EventStreamHubSettings {
  /** Open streams per client address. */
  perAddress: number;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  keepAliveMs: number;
  /** How long browsers wait before reconnecting a dropped stream (the `retry` each stream opens with). */
  retryMs?: number;
  /** A viewer whose socket holds more than this unsent is dropped rather than buffered without end. */
  maxUnsentBytes?: number;
}

const DEFAULT_RETRY_MS = 1000;
const DEFAULT_MAX_UNSENT_BYTES = 1 << 20;

/** What counts the streams open (a Prometheus gauge). */
export interface OpenStreamsGauge {
  inc(): void;
  dec(): void;
}

/** One event in the wire format: `id` (when given), `event`, and `data` as JSON. */
export function eventFrame(event: string, id: number | string | undefined, data: unknown): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The keep-alive comment. */
const KEEP_ALIVE = ': keep-alive\n\n';

/** The version a reconnecting client names in `Last-Event-ID`, when it is one (at most 15 digits); else undefined. */
export function lastEventVersion(lastEventId: string | undefined): number | undefined {
  return lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
}

interface StreamViewer {
  res: ServerResponse;
  /** The client it is counted against; none for a stream counted elsewhere (a gateway's relay). */
  address: string | undefined;
}

/** The viewers of one thing watched (a show's seat map, a presale's line). Made by the hub: `hub.channel()`. */
export class EventStreamChannel {
  private readonly viewers = new Set<StreamViewer>();
  private ended = false;

  /** @internal Use `EventStreamHub.channel()`. */
  constructor(
    private readonly hub: EventStreamHub,
    private readonly onEmpty: () => void,
  ) {}

  /** Viewers open now. */
  get size(): number {
    return this.viewers.size;
  }

  /**
   * Adds a viewer whose stream's head was sent (`address`: the client it was admitted for, whose count
   * it gives back when it leaves) and writes it `retry` and its first event. False when its socket had
   * already closed (it left while the stream was being prepared): it is let go at once.
   */
  join(res: ServerResponse, address: string | undefined, first: string): boolean {
    const viewer: StreamViewer = { res, address };
    this.viewers.add(viewer);
    this.hub.opened();
    res.once('close', () => this.leave(viewer));
    if (res.destroyed || res.socket?.destroyed === true) {
      this.leave(viewer);
      return false;
    }
    this.hub.send(res, `retry: ${this.hub.retryMs}\n\n${first}`);
    return true;
  }

  /** The same text to every viewer (encoded once). */
  broadcast(text: string): void {
    if (this.ended) return;
    for (const viewer of this.viewers) this.hub.send(viewer.res, text);
  }

  /** Ends every viewer's stream (browsers reconnect) and the channel: it gets no keep-alive nor broadcast any more. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.hub.forget(this);
    for (const viewer of [...this.viewers]) viewer.res.end();
  }

  /** @internal The keep-alive comment. */
  keepAlive(): void {
    this.broadcast(KEEP_ALIVE);
  }

  private leave(viewer: StreamViewer): void {
    if (!this.viewers.delete(viewer)) return;
    this.hub.closed();
    if (viewer.address !== undefined) this.hub.release(viewer.address);
    if (this.viewers.size === 0) this.onEmpty();
  }
}

/** The streams of one kind of live view in this process (see the file's comment). */
export class EventStreamHub {
  private readonly perAddress = new Map<string, number>();
  private readonly channels = new Set<EventStreamChannel>();
  private readonly keepAliveTimer: NodeJS.Timeout;
  private open = 0;
  readonly retryMs: number;
  private readonly maxUnsentBytes: number;

  constructor(
    private readonly settings: EventStreamHubSettings,
    private readonly gauge?: OpenStreamsGauge,
  ) {
    this.retryMs = settings.retryMs ?? DEFAULT_RETRY_MS;
    this.maxUnsentBytes = settings.maxUnsentBytes ?? DEFAULT_MAX_UNSENT_BYTES;
    this.keepAliveTimer = setInterval(() => {
      for (const channel of this.channels) channel.keepAlive();
    }, settings.keepAliveMs).unref();
  }

  /** Streams open now, over every channel. */
  get viewers(): number {
    return this.open;
  }

  /** A new channel; `onEmpty` runs each time its last viewer leaves (to let it linger, or drop it). */
  channel(onEmpty: () => void = () => undefined): EventStreamChannel {
    const channel = new EventStreamChannel(this, onEmpty);
    this.channels.add(channel);
    return channel;
  }

  /** Takes one of the client's streams: false when it has as many open as it may. */
  admit(address: string): boolean {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.settings.perAddress) return false;
    this.perAddress.set(address, open + 1);
    return true;
  }

  /** Charges the client one stream whatever its limit: one kept open on its behalf with no viewer (a relay lingering). */
  charge(address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  /** Gives one of the client's streams back. */
  release(address: string): void {
    const open = (this.perAddress.get(address) ?? 1) - 1;
    if (open > 0) this.perAddress.set(address, open);
    else this.perAddress.delete(address);
  }

  /** Streams the client has open (or is charged for). */
  openBy(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }

  /** Ends every channel's streams and the keep-alive (the service is stopping). */
  close(): void {
    clearInterval(this.keepAliveTimer);
    for (const channel of [...this.channels]) channel.end();
  }

  /** @internal Writes to one viewer: one that does not read is dropped rather than buffered without end. */
  send(res: ServerResponse, text: string): void {
    if (res.destroyed || res.writableEnded || text === '') return;
    if (res.writableLength > this.maxUnsentBytes) res.destroy();
    else res.write(text);
  }

  /** @internal */
  forget(channel: EventStreamChannel): void {
    this.channels.delete(channel);
  }

  /** @internal */
  opened(): void {
    this.open += 1;
    this.gauge?.inc();
  }

  /** @internal */
  closed(): void {
    this.open -= 1;
    this.gauge?.dec();
  }
}
