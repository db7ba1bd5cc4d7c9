import {
  PRESALE_MESSAGES,
  presaleStanding,
  waitingIn,
  type PresaleFeedLine,
  type PresaleInput,
  type PresaleJoinView,
  type PresaleLine,
  type PresaleMeView,
  type PresaleView,
} from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import { randomBytes } from 'node:crypto';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { refuse, type Result } from '../refusal';
import type { PresaleDocument, PresalePlaceDocument } from './presale-model';
import { lotteryOrder, presaleInputProblem, type PresaleShowFacts } from './presale-rules';

/** Where the presales read their shows (the seat inventory's and the listings' numbers: plugins/presales.ts). */
export interface PresaleShowsSource {
  /** Each show as a new presale is checked against it (null: no such show); `inPresale` is the repository's. */
  facts(showIds: readonly string[], now: Date): Promise<Array<Omit<PresaleShowFacts, 'inPresale'> | null>>;
  /** Free seats over the shows now (the number the seat maps and listings show), and whether every one has started. */
  seats(showIds: readonly string[], now: Date): Promise<{ free: number; everyStarted: boolean }>;
}

export interface PresaleSettings {
  /** admitPerMinute when the admin leaves it out (PRESALE_ADMIT_PER_MINUTE). */
  defaultAdmitPerMinute: number;
  /**
   * How long after opensAt the lottery is drawn (default 1 s): joins that read the clock before opensAt have
   * landed by then, so every instance that draws reads the same early places and writes the same positions.
   */
  openingSettleMs?: number;
}

export type PresaleDoc = PresaleDocument;
export type PlaceDoc = PresalePlaceDocument;

/** The line as the feed and the standing arithmetic read it. */
export function lineOf(presale: PresaleDocument): PresaleLine {
  return {
    state: presale.state,
    seatsLeft: presale.seatsLeft,
    admittedThrough: presale.admittedThrough,
    lastPosition: presale.lastPosition,
    joined: presale.joined,
    admitPerMinute: presale.admitPerMinute,
    maxTicketsPerBuyer: presale.maxTicketsPerBuyer,
  };
}

/** The feed's 'line' event. */
export function feedLineOf(presale: PresaleDocument): PresaleFeedLine {
  return { version: presale.version, ...lineOf(presale) };
}

export function presaleViewOf(presale: PresaleDocument): PresaleView {
  return {
    id: presale._id.toHexString(),
    showIds: presale.showIds,
    opensAt: presale.opensAt.toISOString(),
    state: presale.state,
    seatsLeft: presale.seatsLeft,
    waiting: waitingIn(lineOf(presale)),
    admitPerMinute: presale.admitPerMinute,
    sessionMinutes: presale.sessionMinutes,
    maxTicketsPerBuyer: presale.maxTicketsPerBuyer,
    admittedThrough: presale.admittedThrough,
    cinemaId: presale.cinemaId,
  };
}

function joinViewOf(place: PresalePlaceDocument): PresaleJoinView {
  return { joinedAt: place.joinedAt.toISOString(), position: place.position };
}

/** A place's session is running: admitted and not past expiresAt. */
export function sessionRunning(place: PresalePlaceDocument, now: Date): boolean {
  return place.state === 'admitted' && place.expiresAt !== undefined && place.expiresAt > now;
}

/** A place whose join did not give it a position (it came before the lottery was written, or its join broke off) waits this long for it. */
const UNPLACED_GRACE_MS = 2_000;

/**
 * The presales and their places, on booking's database (presale-model.ts). Every move of a line is a
 * conditional update of its documents, so that any number of booking instances agree: the opening writes
 * the lottery's positions (the same from every instance) then sets `openedAt` once; later arrivals take
 * `lastPosition + 1` with `$inc`, in arrival order. The meter, the seats and the expiry are the ticker's
 * (line-ticker.ts), which uses this repository.
 */
export class Presales {
  readonly openingSettleMs: number;

  constructor(
    readonly presales: Model<PresaleDocument>,
    readonly places: Model<PresalePlaceDocument>,
    readonly shows: PresaleShowsSource,
    private readonly clock: () => Date,
    private readonly settings: PresaleSettings,
  ) {
    this.openingSettleMs = settings.openingSettleMs ?? 1_000;
  }

  /** The presale, or null (an id that is not one included). */
  async find(id: string): Promise<PresaleDocument | null> {
    if (!isValidObjectId(id) || !/^[0-9a-f]{24}$/i.test(id)) return null;
    return this.presales.findById(id).lean<PresaleDocument>();
  }

  /** Every presale, newest first; `inScope` keeps those a manager may see. */
  async list(inScope: (presale: PresaleDocument) => boolean = () => true): Promise<PresaleView[]> {
    const all = await this.presales.find({}).lean<PresaleDocument[]>();
    return all
      .filter(inScope)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map(presaleViewOf);
  }

  /** The presales not closed, by opensAt. */
  async active(): Promise<PresaleView[]> {
    const open = await this.presales.find({ state: { $ne: 'closed' } }).lean<PresaleDocument[]>();
    return open.sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime()).map(presaleViewOf);
  }

  /** The presale not closed that sells the show, or null (the gate asks it on holds and checkouts). */
  async ofShow(showId: string): Promise<PresaleDocument | null> {
    return this.presales.findOne({ showIds: showId.toLowerCase(), state: { $ne: 'closed' } }).lean<PresaleDocument>();
  }

  /** The running presales (not closed), for the ticker. */
  running(): Promise<PresaleDocument[]> {
    return this.presales.find({ state: { $ne: 'closed' } }).lean<PresaleDocument[]>();
  }

  /** A new presale on the shows (checked by presale-rules' presaleInputProblem), or why not. */
  async create(input: PresaleInput, createdBy: string): Promise<Result<PresaleDocument>> {
    const now = this.clock();
    const showIds = input.showIds.map((id) => id.toLowerCase());
    const opensAt = new Date(input.opensAt);
    const facts = await this.shows.facts(showIds, now);
    const busy = new Set(
      (await this.presales.find({ showIds: { $in: showIds }, state: { $ne: 'closed' } }).lean<PresaleDocument[]>()).flatMap(
        (presale) => presale.showIds,
      ),
    );
    const shows = facts.map((show) => (show ? { ...show, inPresale: busy.has(show.id) } : null));
    const problem = presaleInputProblem({ showIds, opensAt }, shows, now);
    if (problem) return refuse(problem.kind, problem.message);
    const { free } = await this.shows.seats(showIds, now);
    const document: PresaleDocument = {
      _id: new Types.ObjectId(),
      showIds,
      cinemaId: (shows[0] as PresaleShowFacts).cinemaId,
      opensAt,
      admitPerMinute: input.admitPerMinute ?? this.settings.defaultAdmitPerMinute,
      sessionMinutes: input.sessionMinutes ?? 10,
      maxTicketsPerBuyer: input.maxTicketsPerBuyer ?? 4,
      seed: randomBytes(32).toString('hex'),
      state: 'scheduled',
      admittedThrough: 0,
      meteredAt: opensAt,
      lastPosition: 0,
      joined: 0,
      seatsLeft: free,
      version: 0,
      createdBy,
      createdAt: now,
    };
    await this.presales.create(document);
    return document;
  }

  /** An admin ends the presale: its shows sell as any show. Again: the presale as it is. */
  async close(id: string): Promise<Result<PresaleDocument>> {
    const presale = await this.find(id);
    if (!presale) return refuse('not-found', PRESALE_MESSAGES.unknown);
    const closed = await this.presales
      .findOneAndUpdate(
        { _id: presale._id, state: { $ne: 'closed' } },
        { $set: { state: 'closed', closedAt: this.clock() }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    return closed ?? (await this.find(id)) ?? refuse('not-found', PRESALE_MESSAGES.unknown);
  }

  /**
   * The caller takes a place in the line (one per account): `created` the first time; again, the same place.
   * Refused: an unknown presale (404), a line sold out or a presale closed (409). A join after the opening
   * goes to the back (`$inc lastPosition`); one after opensAt while the lottery is not drawn yet draws it first.
   */
  async join(id: string, userId: string): Promise<Result<{ place: PresalePlaceDocument; created: boolean }>> {
    let presale = await this.find(id);
    if (!presale) return refuse('not-found', PRESALE_MESSAGES.unknown);
    const existing = await this.places.findOne({ presaleId: id, userId }).lean<PresalePlaceDocument>();
    if (existing) return { place: existing, created: false };
    if (presale.state === 'closed') return refuse('conflict', PRESALE_MESSAGES.presaleClosed);
    if (presale.state === 'sold_out') return refuse('conflict', PRESALE_MESSAGES.lineClosed);
    const now = this.clock();
    presale = await this.openIfDue(presale, now);
    const place: PresalePlaceDocument = {
      _id: new Types.ObjectId(),
      presaleId: id,
      userId,
      joinedAt: now,
      early: now < presale.opensAt && !presale.openedAt,
      position: null,
      state: 'waiting',
      nonce: randomBytes(12).toString('base64url'),
    };
    try {
      await this.places.create(place);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // A racing join of the same account took the place.
      const raced = await this.places.findOne({ presaleId: id, userId }).lean<PresalePlaceDocument>();
      if (raced) return { place: raced, created: false };
      throw error;
    }
    const counted = await this.presales
      .findOneAndUpdate({ _id: presale._id }, { $inc: { joined: 1, version: 1 } }, { returnDocument: 'after' })
      .lean<PresaleDocument>();
    if (counted?.openedAt && !place.early) {
      const position = await this.placeAtBack(counted, place._id);
      if (position !== null) place.position = position;
    }
    return { place, created: true };
  }

  /** The caller's place, or null. */
  placeOf(presaleId: string, userId: string): Promise<PresalePlaceDocument | null> {
    return this.places.findOne({ presaleId, userId }).lean<PresalePlaceDocument>();
  }

  /**
   * The caller's standing (GET /presales/{id}/me, without the admission). A place the meter has reached but
   * whose admission is not written yet (the ticker is between its two writes) is admitted here.
   */
  async standing(
    presale: PresaleDocument,
    place: PresalePlaceDocument | null,
  ): Promise<{ view: PresaleMeView; place: PresalePlaceDocument | null }> {
    const now = this.clock();
    let current = place;
    if (current && current.state === 'waiting' && current.position !== null && current.position <= presale.admittedThrough) {
      current = (await this.admitPlace(presale, current._id, now)) ?? current;
    }
    const expired = current?.state === 'expired' || (current?.state === 'admitted' && !sessionRunning(current, now));
    const standing = presaleStanding(lineOf(presale), current?.position ?? null);
    const view: PresaleMeView = {
      presaleId: presale._id.toHexString(),
      ...standing,
      ...(expired ? { admitted: false, estimateMinutes: null, seatsMessage: PRESALE_MESSAGES.sessionOver } : {}),
      joined: current !== null,
      ...(current ? { placeId: current._id.toHexString(), joinedAt: current.joinedAt.toISOString() } : {}),
      expired,
      opensAt: presale.opensAt.toISOString(),
      sessionMinutes: presale.sessionMinutes,
      maxTicketsPerBuyer: presale.maxTicketsPerBuyer,
      showIds: presale.showIds,
    };
    return { view, place: current };
  }

  /** The positioned places of the line ([placeId, position]) with a position above `above`, by position. */
  async positions(presaleId: string, above = 0): Promise<Array<[string, number]>> {
    const placed = await this.places
      .find({ presaleId, position: { $gt: above } }, { _id: 1, position: 1 })
      .lean<Array<Pick<PresalePlaceDocument, '_id' | 'position'>>>();
    return placed.map((place): [string, number] => [place._id.toHexString(), place.position as number]).sort((a, b) => a[1] - b[1]);
  }

  /**
   * The opening, when due (now ≥ opensAt + the settle time) and not done: the lottery's positions for the places
   * that joined before opensAt, written by whichever instance gets here (the same positions from each: each
   * write is conditional on the place having none), then ONE conditional update sets openedAt, 'open',
   * lastPosition and the meter's clock. Answers the presale as it is after.
   */
  async openIfDue(presale: PresaleDocument, now: Date): Promise<PresaleDocument> {
    if (presale.openedAt || presale.state === 'closed' || now.getTime() < presale.opensAt.getTime() + this.openingSettleMs) return presale;
    const presaleId = presale._id.toHexString();
    const early = await this.places.find({ presaleId, early: true }, { _id: 1 }).lean<Array<Pick<PresalePlaceDocument, '_id'>>>();
    const order = lotteryOrder(
      early.map((place) => place._id.toHexString()),
      presale.seed,
    );
    const batch = 1_000;
    for (let start = 0; start < order.length; start += batch) {
      await this.places.bulkWrite(
        order.slice(start, start + batch).map((placeId, index) => ({
          updateOne: { filter: { _id: new Types.ObjectId(placeId), position: null }, update: { $set: { position: start + index + 1 } } },
        })),
        { ordered: false },
      );
    }
    const opened = await this.presales
      .findOneAndUpdate(
        { _id: presale._id, openedAt: { $exists: false }, state: { $ne: 'closed' } },
        {
          $set: { openedAt: now, state: 'open', lastPosition: order.length, meteredAt: presale.opensAt },
          $inc: { version: 1 },
        },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    return opened ?? (await this.presales.findById(presale._id).lean<PresaleDocument>()) ?? presale;
  }

  /** A place at the back of the line: `$inc lastPosition`, then its position (unless it was given one meanwhile). */
  async placeAtBack(presale: Pick<PresaleDocument, '_id'>, placeId: Types.ObjectId): Promise<number | null> {
    const taken = await this.presales
      .findOneAndUpdate(
        { _id: presale._id, openedAt: { $exists: true } },
        { $inc: { lastPosition: 1, version: 1 } },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    if (!taken) return null;
    const written = await this.places.updateOne({ _id: placeId, position: null }, { $set: { position: taken.lastPosition } });
    // Given one meanwhile (the ticker's sweep raced this join): the position taken is left empty, and the meter passes it.
    return written.modifiedCount === 1 ? taken.lastPosition : null;
  }

  /**
   * Places of an opened line with no position yet that their join could not place (they joined while the lottery
   * was being drawn, or the join broke off): to the back, in the order they joined.
   */
  async placeStragglers(presale: PresaleDocument, now: Date): Promise<number> {
    if (!presale.openedAt) return 0;
    const presaleId = presale._id.toHexString();
    const stragglers = await this.places
      .find({ presaleId, position: null }, { _id: 1, joinedAt: 1 })
      .lean<Array<Pick<PresalePlaceDocument, '_id' | 'joinedAt'>>>();
    const due = stragglers
      .filter((place) => place.joinedAt < (presale.openedAt as Date) || place.joinedAt.getTime() < now.getTime() - UNPLACED_GRACE_MS)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()));
    let placed = 0;
    for (const place of due) if ((await this.placeAtBack(presale, place._id)) !== null) placed += 1;
    return placed;
  }

  /** The place's turn came: admitted for sessionMinutes from now (conditional on it still waiting). */
  async admitPlace(presale: PresaleDocument, placeId: Types.ObjectId, now: Date): Promise<PresalePlaceDocument | null> {
    return this.places
      .findOneAndUpdate(
        { _id: placeId, state: 'waiting' },
        { $set: { state: 'admitted', admittedAt: now, expiresAt: new Date(now.getTime() + presale.sessionMinutes * 60_000) } },
        { returnDocument: 'after' },
      )
      .lean<PresalePlaceDocument>();
  }

  /** joinView of a place. */
  joinView(place: PresalePlaceDocument): PresaleJoinView {
    return joinViewOf(place);
  }
}
