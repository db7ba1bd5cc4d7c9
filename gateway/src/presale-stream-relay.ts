import {
  DEFAULT_SEAT_STREAMS_PER_ADDRESS,
  PRESALE_MESSAGES,
  presaleStanding,
  type PresaleFeedLine,
  type PresaleFeedPositions,
  type PresaleMeView,
} from '@cine/contracts';
import { eventFrame, type EventStreamChannel } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { presaleLineUpstreams, presaleStandingViewers } from './metrics';
import {
  StreamRelay,
  type RelayOpening,
  type RelayRefusal,
  type RelayViewer,
  type ServerSentEvent,
  type StreamRelayLimits,
  type UpstreamRelay,
} from './stream-relay';

/**
 * The gateway's side of a presale's waiting room (issue 40, GET /presales/:id/me/stream): ONE stream of
 * booking's feed of the line (GET /presales/:id/feed) per presale, however many buyers wait here, and to
 * each buyer their own standing. Booking's feed carries what every buyer shares — the line (event 'line':
 * state, seats left, admitted through, last position…) and the positions the lottery and later arrivals
 * were given (event 'positions': [placeId, position] pairs, all of them first, then new ones) — so the
 * relay keeps the line and a placeId → position map, and works each buyer's standing out with the
 * contracts' `presaleStanding(line, position)`, the arithmetic GET /presales/:id/me uses.
 *
 * At connect the relay asks booking's GET /presales/:id/me as the buyer (their Authorization passed on),
 * which is where the buyer's place (placeId), their session's end and the presale's settings come from;
 * booking's answer other than 200 (401, 404 of an unknown presale) is the buyer's answer. Then the
 * buyer gets event 'standing' (a PresaleMeView without `admission`/`admissionExpiresAt`: the stream
 * never carries the token; the page asks GET /me for it once admitted) at once, and again each time
 * their standing changes (only then: an unchanged one is not sent). Once admitted, the relay asks
 * booking again when the session should be over, and tells the buyer that it is (`expired`).
 *
 * The caps on streams from booking, the lingering, the viewers' counts per address are stream-relay.ts's,
 * shared with the seat maps' relay; each buyer is a channel of the hub of their own.
 */
export type PresaleStreamRelaySettings = StreamRelayLimits;

export const DEFAULT_PRESALE_STREAM_RELAY_SETTINGS: PresaleStreamRelaySettings = {
  perAddress: DEFAULT_SEAT_STREAMS_PER_ADDRESS,
  keepAliveMs: 15_000,
  lingerMs: 3_000,
  idleMs: 60_000,
  upstreamsPerKey: 2,
  upstreams: 64,
};

/** A buyer about to join: booking's base URL, the presale, their address and their credentials for GET /me. */
export interface PresaleStreamViewer extends RelayViewer {
  /** The presale's id (24 hexadecimal digits, any case: the relay's key is its lower case). */
  presaleId: string;
  /** Headers for booking's GET /presales/:id/me as this buyer (their Authorization among them). */
  meHeaders: IncomingHttpHeaders;
}

/** What a buyer's standing is made of besides the line: GET /me's answer at connect, without the admission. */
type BuyerView = Omit<PresaleMeView, 'admission' | 'admissionExpiresAt'>;

interface Buyer {
  channel: EventStreamChannel;
  view: BuyerView;
  meHeaders: IncomingHttpHeaders;
  origin: string;
  /** The last standing sent (its frame): a change is sent, a repetition is not. */
  sent: string;
  /** The last standing sent said the buyer's turn had come. */
  admitted: boolean;
  /** Asks booking again when the admitted buyer's session should be over. */
  sessionTimer?: NodeJS.Timeout;
  gone: boolean;
}

interface LineRelay extends UpstreamRelay {
  line?: PresaleFeedLine;
  positions: Map<string, number>;
  buyers: Set<Buyer>;
  /** The buyers by their place, for the positions that concern them. */
  byPlace: Map<string, Set<Buyer>>;
}

/** What of the line a standing depends on (`presaleStanding`): a line event changing none of them is told to nobody. */
const standingFields = ['state', 'seatsLeft', 'admittedThrough', 'admitPerMinute', 'maxTicketsPerBuyer'] as const;

/** The seconds past an admitted buyer's sessionMinutes the relay waits before asking booking whether it is over. */
const SESSION_GRACE_MS = 2_000;

export class PresaleStreamRelay extends StreamRelay<LineRelay> {
  constructor(upstream: Dispatcher, settings: PresaleStreamRelaySettings = DEFAULT_PRESALE_STREAM_RELAY_SETTINGS, log?: FastifyBaseLogger) {
    super(upstream, settings, { viewers: presaleStandingViewers, upstreams: presaleLineUpstreams }, log);
  }

  /** Joins a buyer to their presale's line, opening booking's feed of it when nobody watches it here. */
  async join(viewer: PresaleStreamViewer): Promise<RelayOpening> {
    const presaleId = viewer.presaleId.toLowerCase();
    let view: BuyerView | undefined;
    return this.joinRelay(
      presaleId,
      `/presales/${presaleId}/feed`,
      viewer,
      (relay, res: ServerResponse) => this.attach(relay, res, viewer, view as BuyerView),
      async () => {
        const me = await this.askMe(viewer.origin, presaleId, viewer.meHeaders);
        if ('outcome' in me) return me;
        view = me;
        return undefined;
      },
    );
  }

  protected newRelay(base: UpstreamRelay): LineRelay {
    return { ...base, positions: new Map(), buyers: new Set(), byPlace: new Map() };
  }

  protected isReady(relay: LineRelay): boolean {
    return relay.line !== undefined;
  }

  protected endViewers(relay: LineRelay): void {
    for (const buyer of [...relay.buyers]) buyer.channel.end();
  }

  /** One event of booking's feed: the line or new positions; the buyers whose standing changed are told. */
  protected relayEvent(relay: LineRelay, event: ServerSentEvent, _text: string): void {
    if (event.event === 'line') {
      const before = relay.line;
      relay.line = JSON.parse(event.data) as PresaleFeedLine;
      // A join counted (`joined`, `lastPosition`, `version`) changes nobody's standing: thousands are not worked out again for it.
      if (before && standingFields.every((field) => before[field] === relay.line?.[field])) return;
      for (const buyer of relay.buyers) this.tell(relay, buyer);
    } else if (event.event === 'positions') {
      const { positions } = JSON.parse(event.data) as PresaleFeedPositions;
      for (const [placeId, position] of positions) {
        relay.positions.set(placeId, position);
        if (relay.line) for (const buyer of relay.byPlace.get(placeId) ?? []) this.tell(relay, buyer);
      }
    } else if (event.event === 'gone') {
      this.end(relay);
    }
  }

  /** GET /presales/:id/me as the buyer: their view, or booking's answer when it is not a 200. */
  private async askMe(origin: string, presaleId: string, headers: IncomingHttpHeaders): Promise<BuyerView | RelayRefusal> {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.upstream.request({ origin, path: `/presales/${presaleId}/me`, method: 'GET', headers });
    } catch (error) {
      return { outcome: 'upstream-failed', error: error as Error };
    }
    try {
      const body = Buffer.from(await answer.body.arrayBuffer());
      if (answer.statusCode !== 200) {
        return { outcome: 'upstream-answer', statusCode: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body };
      }
      // The token stays with GET /me: the stream never carries it.
      const { admission: _admission, admissionExpiresAt: _expiresAt, ...view } = JSON.parse(body.toString('utf8')) as PresaleMeView;
      return view;
    } catch (error) {
      return { outcome: 'upstream-failed', error: error as Error };
    }
  }

  private attach(relay: LineRelay, res: ServerResponse, viewer: PresaleStreamViewer, view: BuyerView): void {
    const buyer: Buyer = {
      channel: undefined as unknown as EventStreamChannel,
      view,
      meHeaders: viewer.meHeaders,
      origin: viewer.origin,
      sent: '',
      admitted: false,
      gone: false,
    };
    buyer.channel = this.hub.channel(() => this.leave(relay, buyer));
    relay.buyers.add(buyer);
    if (view.placeId !== undefined) {
      const placed = relay.byPlace.get(view.placeId) ?? new Set<Buyer>();
      placed.add(buyer);
      relay.byPlace.set(view.placeId, placed);
    }
    const standing = this.standing(relay, buyer);
    buyer.sent = standing?.frame ?? '';
    buyer.admitted = standing?.admitted ?? false;
    buyer.channel.join(res, viewer.address, buyer.sent);
    if (!buyer.gone) this.watchSession(relay, buyer);
  }

  private leave(relay: LineRelay, buyer: Buyer): void {
    if (buyer.gone) return;
    buyer.gone = true;
    if (buyer.sessionTimer) clearTimeout(buyer.sessionTimer);
    // The buyer's channel was theirs alone: it is forgotten with them (no keep-alive for nobody).
    buyer.channel.end();
    relay.buyers.delete(buyer);
    const placeId = buyer.view.placeId;
    if (placeId !== undefined) {
      const placed = relay.byPlace.get(placeId);
      placed?.delete(buyer);
      if (placed?.size === 0) relay.byPlace.delete(placeId);
    }
    if (relay.buyers.size === 0) this.lastViewerLeft(relay);
  }

  /** The buyer's standing now, as the frame of event 'standing'; undefined while it cannot be told yet. */
  private standing(relay: LineRelay, buyer: Buyer): { frame: string; admitted: boolean } | undefined {
    const line = relay.line as PresaleFeedLine;
    const { view } = buyer;
    const known = view.placeId === undefined ? undefined : relay.positions.get(view.placeId);
    const position = known ?? view.position;
    // The line opened (its event came first) and this buyer's lottery position is on its way: nothing to say yet.
    // An expired place is told as GET /me tells it (presales.ts in booking): not admitted, the session over.
    if (view.joined && position === null && line.state !== 'scheduled' && line.state !== 'closed' && !view.expired) return undefined;
    const standing = presaleStanding(line, view.joined ? position : null);
    const told: BuyerView = view.expired
      ? { ...view, ...standing, admitted: false, estimateMinutes: null, seatsMessage: PRESALE_MESSAGES.sessionOver }
      : { ...view, ...standing };
    return { frame: eventFrame('standing', undefined, told), admitted: told.admitted };
  }

  /** Sends the buyer their standing when it changed. */
  private tell(relay: LineRelay, buyer: Buyer): void {
    const standing = this.standing(relay, buyer);
    if (standing === undefined || standing.frame === buyer.sent) return;
    buyer.sent = standing.frame;
    buyer.admitted = standing.admitted;
    buyer.channel.broadcast(standing.frame);
    this.watchSession(relay, buyer);
  }

  /**
   * Once the buyer is admitted, booking is asked again when their session should be over (sessionMinutes
   * from now, a little after): an expired place is told as such. The feed does not carry each place's end.
   */
  private watchSession(relay: LineRelay, buyer: Buyer): void {
    if (buyer.sessionTimer || buyer.view.expired || !buyer.admitted) return;
    buyer.sessionTimer = setTimeout(
      () => {
        void this.askMe(buyer.origin, relay.key, buyer.meHeaders).then((me) => {
          if (buyer.gone || 'outcome' in me) return;
          buyer.view = me;
          buyer.sessionTimer = undefined;
          this.tell(relay, buyer);
          this.watchSession(relay, buyer);
        });
      },
      buyer.view.sessionMinutes * 60_000 + SESSION_GRACE_MS,
    ).unref();
  }
}
