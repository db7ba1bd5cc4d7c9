import { EVENT_STREAM_HEADERS, EventStreamHub, type OpenStreamsGauge } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';

/**
 * The machinery the gateway's relays of server-sent events share: ONE stream from the owning service per
 * thing watched (a show's seat map, a presale's line), however many viewers watch it here. A relay opens
 * that stream for its first viewer, reads it event by event (the variant keeps its own state from them
 * and decides what each viewer is sent), and ends every viewer's stream when the service's ends
 * (browsers reconnect, which opens a new one).
 *
 * Upstream streams are capped per thing watched and in total, counted from the moment one is asked for
 * until its socket has closed, and one that lingers with no viewer stays counted against the client
 * address that opened it: opening and closing viewers of many things cannot leave more streams behind
 * than the client may keep open. The viewers' own streams (per-address counts, retry, keep-alive, the
 * unsent-bytes cap) are the service kit's EventStreamHub's. Two small variants extend it:
 * seat-stream-relay.ts (every viewer of a show gets the same events) and presale-stream-relay.ts (each
 * buyer gets their own standing, worked out from the line's shared feed).
 */
export interface StreamRelayLimits {
  /** Open streams per client address (the service sees one stream per thing watched, so the gateway counts them). */
  perAddress: number;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  keepAliveMs: number;
  /** How long the service's stream of a thing nobody watches any more stays open (reconnections reuse it). */
  lingerMs: number;
  /** How long the service's stream may stay silent (it sends a keep-alive comment every 15 s). */
  idleMs: number;
  /** Streams from the service open at once for one thing watched (the live one, and one still closing). */
  upstreamsPerKey: number;
  /** Streams from the service open at once in all: past it a thing nobody watches here yet gets a 503. */
  upstreams: number;
}

/** What a viewer about to join brings, whatever the variant. */
export interface RelayViewer {
  /** The owning service's base URL. */
  origin: string;
  address: string;
  /** Headers for the service when this viewer's request opens the stream. */
  upstreamHeaders: IncomingHttpHeaders;
  /** Sends the stream's head (with the gateway's own headers) and hands over the socket's response. */
  start(headers: OutgoingHttpHeaders): ServerResponse;
}

/**
 * Why a viewer was not joined: its address has too many streams open, the relay has as many streams
 * from the service open as it may (for the thing or in all), or the service answered otherwise than
 * with a stream (or, for a buyer's standing, than with the buyer's place).
 */
export type RelayRefusal =
  | { outcome: 'too-many' }
  | { outcome: 'busy' }
  | { outcome: 'upstream-answer'; statusCode: number; headers: IncomingHttpHeaders; body: Buffer }
  | { outcome: 'upstream-failed'; error: Error };

export type RelayOpening = { outcome: 'open' } | RelayRefusal;

/** The part of a relay of one thing watched the base keeps; variants add their state. */
export interface UpstreamRelay {
  /** The thing's id in lower case: the relay's key. */
  key: string;
  /** The service's URL of the thing's stream. */
  url: URL;
  /** The client address whose viewer opened it: charged one stream while it lingers with no viewer. */
  openedBy: string;
  /** Set while `openedBy` is charged for it (no viewer left, its stream from the service not closed yet). */
  charged: boolean;
  /** Counted in `upstreams` until its stream from the service is closed (or failed to open). */
  counted: boolean;
  /** The service's answer under way: resolves once the variant has what a viewer's first event needs. */
  ready: Promise<RelayRefusal | undefined>;
  body?: Dispatcher.ResponseData['body'];
  lingerTimer?: NodeJS.Timeout;
  closed: boolean;
}

export interface ServerSentEvent {
  id?: string;
  event: string;
  data: string;
}

/** One event block of a text/event-stream (no trailing blank line); undefined for comments and `retry`. */
function parseEvent(block: string): ServerSentEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length === 0 ? undefined : { id, event, data: data.join('\n') };
}

export interface StreamRelayGauges {
  /** Viewers' streams open through the gateway. */
  viewers: OpenStreamsGauge;
  /** Streams from the service the relay reads. */
  upstreams: OpenStreamsGauge;
}

export abstract class StreamRelay<R extends UpstreamRelay> {
  /** The live relay of each thing watched, by its key. */
  protected readonly relays = new Map<string, R>();
  /** The viewers' streams: per-address counts, retry, keep-alive, the unsent-bytes cap (the service kit's hub). */
  protected readonly hub: EventStreamHub;
  /** Streams from the service open or closing, in all and per thing watched. */
  private upstreamCount = 0;
  private readonly upstreamsPerKey = new Map<string, number>();

  constructor(
    protected readonly upstream: Dispatcher,
    private readonly limits: StreamRelayLimits,
    private readonly gauges: StreamRelayGauges,
    protected readonly log?: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub({ perAddress: limits.perAddress, keepAliveMs: limits.keepAliveMs }, gauges.viewers);
  }

  /** The relay's own state of a new relay (the base's part is filled in by `openRelay`). */
  protected abstract newRelay(base: UpstreamRelay): R;
  /** One event from the service: the variant's state follows it and its viewers are told what concerns them. */
  protected abstract relayEvent(relay: R, event: ServerSentEvent, text: string): void;
  /** Whether a viewer can be given its first event yet (the stream's first event has arrived). */
  protected abstract isReady(relay: R): boolean;
  /** Ends the streams of every viewer of the relay (its stream from the service is over). */
  protected abstract endViewers(relay: R): void;

  /** Streams from the service open or still closing (all things watched). */
  get upstreams(): number {
    return this.upstreamCount;
  }

  /** Ends every stream (the gateway is stopping). */
  close(): void {
    for (const relay of [...this.relays.values()]) this.end(relay);
    this.hub.close();
  }

  /**
   * Joins a viewer to the relay of `key` (opening the service's stream at `path` when nobody watches it
   * here), then hands its started stream to `attach`. `prepare` runs once the address's count allows
   * a stream and before one is taken: a refusal it returns is the viewer's answer.
   */
  protected async joinRelay(
    key: string,
    path: string,
    viewer: RelayViewer,
    attach: (relay: R, res: ServerResponse) => void,
    prepare?: () => Promise<RelayRefusal | undefined>,
  ): Promise<RelayOpening> {
    if (prepare) {
      const lingering = this.relays.get(key);
      const reconnecting = lingering?.charged === true && lingering.openedBy === viewer.address;
      if (!reconnecting && this.hub.openBy(viewer.address) >= this.limits.perAddress) return { outcome: 'too-many' };
      const refused = await prepare();
      if (refused) return refused;
    }
    let relay = this.relays.get(key);
    if (relay?.charged && relay.openedBy === viewer.address) {
      // Back to a stream it left lingering (a reconnection): the stream's charge becomes this viewer's.
      relay.charged = false;
    } else if (!this.hub.admit(viewer.address)) {
      return { outcome: 'too-many' };
    }
    if (!relay) {
      if (this.upstreamCount >= this.limits.upstreams || (this.upstreamsPerKey.get(key) ?? 0) >= this.limits.upstreamsPerKey) {
        this.hub.release(viewer.address);
        return { outcome: 'busy' };
      }
      relay = this.openRelay(key, new URL(`${viewer.origin}${path}`), viewer);
    }
    const refused = await relay.ready;
    if (refused) {
      this.hub.release(viewer.address);
      return refused;
    }
    if (relay.closed) {
      // The service's stream ended while this viewer waited: start again on a new one.
      this.hub.release(viewer.address);
      return this.joinRelay(key, path, viewer, attach);
    }
    const res = viewer.start({ ...EVENT_STREAM_HEADERS });
    if (relay.lingerTimer) clearTimeout(relay.lingerTimer);
    relay.lingerTimer = undefined;
    this.uncharge(relay);
    // A viewer that left while the service's stream was being opened is let go at once (its 'close' has been and gone).
    attach(relay, res);
    return { outcome: 'open' };
  }

  /** The variant's viewers of `relay` are all gone: its stream lingers a while for reconnections. */
  protected lastViewerLeft(relay: R): void {
    if (!relay.counted) return;
    // The stream stays open a while for reconnections: it counts against the client that opened it meanwhile.
    relay.charged = true;
    this.hub.charge(relay.openedBy);
    if (!relay.closed) relay.lingerTimer = setTimeout(() => this.end(relay), this.limits.lingerMs).unref();
  }

  /** The service's stream of the thing is over: so is every viewer's (browsers reconnect). */
  protected end(relay: R): void {
    if (relay.closed) return;
    relay.closed = true;
    this.forget(relay);
    if (relay.lingerTimer) clearTimeout(relay.lingerTimer);
    relay.body?.destroy();
  }

  private openRelay(key: string, url: URL, viewer: RelayViewer): R {
    const relay = this.newRelay({
      key,
      url,
      openedBy: viewer.address,
      charged: false,
      counted: true,
      ready: Promise.resolve(undefined),
      closed: false,
    });
    this.relays.set(key, relay);
    this.upstreamCount += 1;
    this.upstreamsPerKey.set(key, (this.upstreamsPerKey.get(key) ?? 0) + 1);
    this.gauges.upstreams.inc();
    relay.ready = this.connect(relay, viewer.upstreamHeaders);
    return relay;
  }

  /** The relay's stream from the service is closed (or never opened): it no longer counts against any limit. */
  private release(relay: R): void {
    if (!relay.counted) return;
    relay.counted = false;
    this.upstreamCount -= 1;
    const left = (this.upstreamsPerKey.get(relay.key) ?? 1) - 1;
    if (left > 0) this.upstreamsPerKey.set(relay.key, left);
    else this.upstreamsPerKey.delete(relay.key);
    this.gauges.upstreams.dec();
    this.uncharge(relay);
  }

  private uncharge(relay: R): void {
    if (!relay.charged) return;
    relay.charged = false;
    this.hub.release(relay.openedBy);
  }

  private async connect(relay: R, headers: IncomingHttpHeaders): Promise<RelayRefusal | undefined> {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.upstream.request({
        origin: relay.url.origin,
        path: `${relay.url.pathname}${relay.url.search}`,
        method: 'GET',
        headers: { ...headers, accept: 'text/event-stream' },
        bodyTimeout: this.limits.idleMs,
      });
    } catch (error) {
      this.forget(relay);
      this.release(relay);
      return { outcome: 'upstream-failed', error: error as Error };
    }
    if (answer.statusCode !== 200 || !String(answer.headers['content-type']).startsWith('text/event-stream')) {
      this.forget(relay);
      try {
        const body = Buffer.from(await answer.body.arrayBuffer());
        return { outcome: 'upstream-answer', statusCode: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body };
      } catch (error) {
        return { outcome: 'upstream-failed', error: error as Error };
      } finally {
        this.release(relay);
      }
    }
    relay.body = answer.body;
    // Counted until the socket's stream is closed, not only until the relay lets go of it.
    answer.body.once('close', () => this.release(relay));
    if (relay.closed) {
      // Ended while the service was answering (the gateway is stopping).
      answer.body.destroy();
      return { outcome: 'upstream-failed', error: new Error('stream relay closed') };
    }
    return new Promise((resolve) => {
      const decoder = new StringDecoder('utf8');
      let buffered = '';
      let settled = false;
      const settle = (refusal?: RelayRefusal) => {
        if (settled) return;
        settled = true;
        resolve(refusal);
      };
      answer.body.on('data', (chunk: Buffer) => {
        buffered += decoder.write(chunk);
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          const event = parseEvent(buffered.slice(0, end));
          const text = buffered.slice(0, end + 2);
          buffered = buffered.slice(end + 2);
          if (event && !relay.closed) this.relayEvent(relay, event, text);
          if (this.isReady(relay)) settle();
          end = buffered.indexOf('\n\n');
        }
      });
      const ended = (error?: Error) => {
        // The relay's own end (no viewer left, the gateway stopping) aborts the stream: nothing to say then.
        if (error && !relay.closed) this.log?.warn({ err: error.message, url: relay.url.href }, 'event stream from a service ended');
        settle({ outcome: 'upstream-failed', error: error ?? new Error('event stream ended before its first event') });
        this.end(relay);
      };
      answer.body.once('end', () => ended());
      answer.body.once('error', ended);
    });
  }

  /** The relay is no longer the thing's: a viewer joins a new one, and its own viewers' streams end. */
  private forget(relay: R): void {
    if (this.relays.get(relay.key) === relay) this.relays.delete(relay.key);
    this.endViewers(relay);
  }
}
