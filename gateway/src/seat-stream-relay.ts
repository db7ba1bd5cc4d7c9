import { DEFAULT_SEAT_STREAMS_PER_ADDRESS, type SeatMapDelta, type SeatMapView } from '@cine/contracts';
import { EVENT_STREAM_HEADERS, EventStreamHub, eventFrame, lastEventVersion, type EventStreamChannel } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { seatMapUpstreams, seatMapViewers } from './metrics';

/**
 * The gateway's side of the live seat maps (GET /show/:id/seats/stream): one stream from booking per
 * show, relayed to every viewer of that show. Booking then writes each change once per show instead
 * of once per viewer, and the gateway reads it once: a delivery costs one write to the viewer's socket.
 *
 * The relay keeps the map as its stream last told it (the snapshot, then each delta applied), so a
 * viewer joining late gets a snapshot at the current version at once, and one reconnecting with
 * `Last-Event-ID` gets the deltas it missed when the relay still has them all, as booking would
 * answer it. When booking's stream ends (booking restarts, the show is deleted) every viewer's stream
 * ends too and browsers reconnect (`retry`), which opens a new one.
 *
 * A relay is keyed on the show alone (its id in lower case: booking's announcements name it so), never
 * on the URL asked for; the route takes no query string (api-proxy.ts refuses one). Upstream streams
 * are capped per show and in total, counted from the moment one is asked for until its socket has
 * closed, and one that lingers with no viewer stays counted against the client address that opened
 * it: opening and closing viewers of many shows cannot leave more streams behind than the client may
 * keep open.
 */
export interface SeatStreamRelaySettings {
  /** Open streams per client address (booking sees one stream per show, so the gateway counts them). */
  perAddress: number;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  keepAliveMs: number;
  /** How long booking's stream of a show nobody watches any more stays open (reconnections reuse it). */
  lingerMs: number;
  /** Deltas kept per show for reconnections (`Last-Event-ID`). */
  history: number;
  /** How long booking's stream may stay silent (it sends a keep-alive comment every 15 s). */
  idleMs: number;
  /** Streams from booking open at once for one show (the live one, and one still closing when booking's ended). */
  upstreamsPerShow: number;
  /** Streams from booking open at once in all: past it a show nobody watches here yet gets a 503. */
  upstreams: number;
}

export const DEFAULT_SEAT_STREAM_RELAY_SETTINGS: SeatStreamRelaySettings = {
  perAddress: DEFAULT_SEAT_STREAMS_PER_ADDRESS,
  keepAliveMs: 15_000,
  lingerMs: 3_000,
  history: 200,
  idleMs: 60_000,
  upstreamsPerShow: 2,
  upstreams: 256,
};

/** A viewer about to join: booking's base URL, the show, its address, what it last saw, and how to answer it. */
export interface SeatStreamViewer {
  /** The owning service's base URL. */
  origin: string;
  /** The show's id (24 hexadecimal digits, any case: the relay's key is its lower case). */
  showId: string;
  address: string;
  lastEventId: string | undefined;
  /** Headers for booking when this viewer's request opens the show's stream. */
  upstreamHeaders: IncomingHttpHeaders;
  /** Sends the stream's head (with the gateway's own headers) and hands over the socket's response. */
  start(headers: OutgoingHttpHeaders): ServerResponse;
}

/**
 * Why a viewer was not joined: its address has too many streams open, the relay has as many streams
 * from booking open as it may (for the show or in all), or booking answered otherwise than with a stream.
 */
export type RelayRefusal =
  | { outcome: 'too-many' }
  | { outcome: 'busy' }
  | { outcome: 'upstream-answer'; statusCode: number; headers: IncomingHttpHeaders; body: Buffer }
  | { outcome: 'upstream-failed'; error: Error };

export type RelayOpening = { outcome: 'open' } | RelayRefusal;

interface DeltaFrame {
  from: number;
  version: number;
  text: string;
}

interface ShowRelay {
  /** The show's id in lower case: the relay's key. */
  showId: string;
  /** The service's URL of the show's stream. */
  url: URL;
  /** The client address whose viewer opened it: charged one stream while it lingers with no viewer. */
  openedBy: string;
  /** Set while `openedBy` is charged for it (no viewer left, its stream from booking not closed yet). */
  charged: boolean;
  /** Counted in `upstreams` until its stream from booking is closed (or failed to open). */
  counted: boolean;
  /** Booking's answer under way: resolves once the first event (the snapshot) has arrived. */
  ready: Promise<RelayRefusal | undefined>;
  body?: Dispatcher.ResponseData['body'];
  map?: SeatMapView;
  /** The snapshot frame of `map`, made once per version for the viewers that join. */
  snapshotText?: string;
  history: DeltaFrame[];
  /** Its viewers' streams (the hub's channel). */
  viewers: EventStreamChannel;
  lingerTimer?: NodeJS.Timeout;
  closed: boolean;
}

interface ServerSentEvent {
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

function snapshotFrame(map: SeatMapView): string {
  return eventFrame('snapshot', map.version, map);
}

export class SeatStreamRelay {
  /** The live relay of each show, by show id in lower case. */
  private readonly relays = new Map<string, ShowRelay>();
  /** The viewers' streams: per-address counts, retry, keep-alive, the unsent-bytes cap (the service kit's hub). */
  private readonly hub: EventStreamHub;
  /** Streams from booking open or closing, in all and per show. */
  private upstreamCount = 0;
  private readonly upstreamsPerShow = new Map<string, number>();

  constructor(
    private readonly upstream: Dispatcher,
    private readonly settings: SeatStreamRelaySettings = DEFAULT_SEAT_STREAM_RELAY_SETTINGS,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub({ perAddress: settings.perAddress, keepAliveMs: settings.keepAliveMs }, seatMapViewers);
  }

  /** Joins a viewer to its show's stream, opening the stream from booking when nobody watches the show here. */
  async join(viewer: SeatStreamViewer): Promise<RelayOpening> {
    const showId = viewer.showId.toLowerCase();
    let relay = this.relays.get(showId);
    if (relay?.charged && relay.openedBy === viewer.address) {
      // Back to a stream it left lingering (a reconnection): the stream's charge becomes this viewer's.
      relay.charged = false;
    } else if (!this.hub.admit(viewer.address)) {
      return { outcome: 'too-many' };
    }
    if (!relay) {
      if (this.upstreamCount >= this.settings.upstreams || (this.upstreamsPerShow.get(showId) ?? 0) >= this.settings.upstreamsPerShow) {
        this.leave(viewer.address);
        return { outcome: 'busy' };
      }
      relay = this.openRelay(showId, viewer);
    }
    const refused = await relay.ready;
    if (refused) {
      this.leave(viewer.address);
      return refused;
    }
    if (relay.closed) {
      // Booking's stream ended while this viewer waited: start again on a new one.
      this.leave(viewer.address);
      return this.join(viewer);
    }
    const res = viewer.start({ ...EVENT_STREAM_HEADERS });
    if (relay.lingerTimer) clearTimeout(relay.lingerTimer);
    relay.lingerTimer = undefined;
    this.uncharge(relay);
    // A viewer that left while booking's stream was being opened is let go at once (its 'close' has been and gone).
    relay.viewers.join(res, viewer.address, this.firstEvent(relay, viewer.lastEventId));
    return { outcome: 'open' };
  }

  /** Streams from booking open or still closing (all shows). */
  get upstreams(): number {
    return this.upstreamCount;
  }

  /** Ends every stream (the gateway is stopping). */
  close(): void {
    for (const relay of [...this.relays.values()]) this.end(relay);
    this.hub.close();
  }

  private openRelay(showId: string, viewer: SeatStreamViewer): ShowRelay {
    const relay: ShowRelay = {
      showId,
      url: new URL(`${viewer.origin}/show/${showId}/seats/stream`),
      openedBy: viewer.address,
      charged: false,
      counted: true,
      ready: Promise.resolve(undefined),
      history: [],
      viewers: this.hub.channel(() => this.lastViewerLeft(relay)),
      closed: false,
    };
    this.relays.set(showId, relay);
    this.upstreamCount += 1;
    this.upstreamsPerShow.set(showId, (this.upstreamsPerShow.get(showId) ?? 0) + 1);
    seatMapUpstreams.inc();
    relay.ready = this.connect(relay, viewer.upstreamHeaders);
    return relay;
  }

  /** The relay's stream from booking is closed (or never opened): it no longer counts against any limit. */
  private release(relay: ShowRelay): void {
    if (!relay.counted) return;
    relay.counted = false;
    this.upstreamCount -= 1;
    const left = (this.upstreamsPerShow.get(relay.showId) ?? 1) - 1;
    if (left > 0) this.upstreamsPerShow.set(relay.showId, left);
    else this.upstreamsPerShow.delete(relay.showId);
    seatMapUpstreams.dec();
    this.uncharge(relay);
  }

  private uncharge(relay: ShowRelay): void {
    if (!relay.charged) return;
    relay.charged = false;
    this.hub.release(relay.openedBy);
  }

  private async connect(relay: ShowRelay, headers: IncomingHttpHeaders): Promise<RelayRefusal | undefined> {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.upstream.request({
        origin: relay.url.origin,
        path: `${relay.url.pathname}${relay.url.search}`,
        method: 'GET',
        headers: { ...headers, accept: 'text/event-stream' },
        bodyTimeout: this.settings.idleMs,
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
      // Ended while booking was answering (the gateway is stopping).
      answer.body.destroy();
      return { outcome: 'upstream-failed', error: new Error('seat stream relay closed') };
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
          if (event) this.relayEvent(relay, event, text);
          if (relay.map) settle();
          end = buffered.indexOf('\n\n');
        }
      });
      const ended = (error?: Error) => {
        // The relay's own end (no viewer left, the gateway stopping) aborts the stream: nothing to say then.
        if (error && !relay.closed) this.log?.warn({ err: error.message, url: relay.url.href }, 'seat stream from booking ended');
        settle({ outcome: 'upstream-failed', error: error ?? new Error('seat stream ended before its snapshot') });
        this.end(relay);
      };
      answer.body.once('end', () => ended());
      answer.body.once('error', ended);
    });
  }

  /** One event from booking: the relay's map follows it, and every viewer gets it as booking wrote it. */
  private relayEvent(relay: ShowRelay, event: ServerSentEvent, text: string): void {
    if (event.event === 'snapshot') {
      relay.map = JSON.parse(event.data) as SeatMapView;
      relay.snapshotText = text;
      relay.history = [];
    } else if (event.event === 'seats' && relay.map) {
      const delta = JSON.parse(event.data) as SeatMapDelta;
      if (delta.from !== relay.map.version) {
        // A gap in booking's own stream cannot be mended here: the viewers start again from a snapshot.
        return this.end(relay);
      }
      for (const [label, state] of Object.entries(delta.seats)) {
        if (state === 'free') delete relay.map.taken[label];
        else relay.map.taken[label] = state;
      }
      relay.map.version = delta.version;
      relay.snapshotText = undefined;
      relay.history.push({ from: delta.from, version: delta.version, text });
      if (relay.history.length > this.settings.history) relay.history.shift();
    }
    relay.viewers.broadcast(text);
    if (event.event === 'gone') this.end(relay);
  }

  /** A viewer's first event: the deltas since the version it names when the relay has them all, else a snapshot. */
  private firstEvent(relay: ShowRelay, lastEventId: string | undefined): string {
    const map = relay.map as SeatMapView;
    const since = lastEventVersion(lastEventId);
    if (since !== undefined && since <= map.version) {
      const start = relay.history.findIndex((frame) => frame.from === since);
      const chain = start === -1 ? [] : relay.history.slice(start);
      const unbroken = chain.every((frame, index) => index === 0 || frame.from === chain[index - 1]?.version);
      if (since === map.version && chain.length === 0) return '';
      if (chain.length > 0 && unbroken && chain[chain.length - 1]?.version === map.version)
        return chain.map((frame) => frame.text).join('');
    }
    relay.snapshotText ??= snapshotFrame(map);
    return relay.snapshotText;
  }

  private lastViewerLeft(relay: ShowRelay): void {
    if (!relay.counted) return;
    // The stream stays open a while for reconnections: it counts against the client that opened it meanwhile.
    relay.charged = true;
    this.hub.charge(relay.openedBy);
    if (!relay.closed) relay.lingerTimer = setTimeout(() => this.end(relay), this.settings.lingerMs).unref();
  }

  /** Booking's stream of the show is over: so is every viewer's (browsers reconnect). */
  private end(relay: ShowRelay): void {
    if (relay.closed) return;
    relay.closed = true;
    this.forget(relay);
    if (relay.lingerTimer) clearTimeout(relay.lingerTimer);
    relay.body?.destroy();
  }

  /** The relay is no longer the show's: a viewer joins a new one, and its own viewers' streams end. */
  private forget(relay: ShowRelay): void {
    if (this.relays.get(relay.showId) === relay) this.relays.delete(relay.showId);
    relay.viewers.end();
  }

  private leave(address: string): void {
    this.hub.release(address);
  }
}
