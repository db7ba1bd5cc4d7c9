import { DEFAULT_SEAT_STREAMS_PER_ADDRESS, type SeatMapDelta, type SeatMapView } from '@cine/contracts';
import { eventFrame, lastEventVersion, type EventStreamChannel } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { seatMapUpstreams, seatMapViewers } from './metrics';
import { StreamRelay, type RelayOpening, type RelayViewer, type ServerSentEvent, type UpstreamRelay } from './stream-relay';

export type { RelayOpening } from './stream-relay';

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
 * on the URL asked for; the route takes no query string (api-proxy.ts refuses one). The caps on
 * streams from booking, the lingering and the viewers' counts are stream-relay.ts's, shared with the
 * relay of the presales' lines.
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
export interface SeatStreamViewer extends RelayViewer {
  /** The show's id (24 hexadecimal digits, any case: the relay's key is its lower case). */
  showId: string;
  lastEventId: string | undefined;
}

interface DeltaFrame {
  from: number;
  version: number;
  text: string;
}

interface ShowRelay extends UpstreamRelay {
  map?: SeatMapView;
  /** The snapshot frame of `map`, made once per version for the viewers that join. */
  snapshotText?: string;
  history: DeltaFrame[];
  /** Its viewers' streams (the hub's channel). */
  viewers: EventStreamChannel;
}

function snapshotFrame(map: SeatMapView): string {
  return eventFrame('snapshot', map.version, map);
}

export class SeatStreamRelay extends StreamRelay<ShowRelay> {
  constructor(
    upstream: Dispatcher,
    private readonly settings: SeatStreamRelaySettings = DEFAULT_SEAT_STREAM_RELAY_SETTINGS,
    log?: FastifyBaseLogger,
  ) {
    super(
      upstream,
      { ...settings, upstreamsPerKey: settings.upstreamsPerShow },
      { viewers: seatMapViewers, upstreams: seatMapUpstreams },
      log,
    );
  }

  /** Joins a viewer to its show's stream, opening the stream from booking when nobody watches the show here. */
  join(viewer: SeatStreamViewer): Promise<RelayOpening> {
    const showId = viewer.showId.toLowerCase();
    return this.joinRelay(showId, `/show/${showId}/seats/stream`, viewer, (relay, res: ServerResponse) => {
      relay.viewers.join(res, viewer.address, this.firstEvent(relay, viewer.lastEventId));
    });
  }

  protected newRelay(base: UpstreamRelay): ShowRelay {
    const relay: ShowRelay = { ...base, history: [], viewers: this.hub.channel(() => this.lastViewerLeft(relay)) };
    return relay;
  }

  protected isReady(relay: ShowRelay): boolean {
    return relay.map !== undefined;
  }

  protected endViewers(relay: ShowRelay): void {
    relay.viewers.end();
  }

  /** One event from booking: the relay's map follows it, and every viewer gets it as booking wrote it. */
  protected relayEvent(relay: ShowRelay, event: ServerSentEvent, text: string): void {
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
}
