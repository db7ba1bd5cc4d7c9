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
import { createHmac, randomBytes } from 'node:crypto';
import { isValidObjectId, Types, type Collection, type Model } from 'mongoose';
import { refuse, type Result } from '../refusal';
import type { PresaleDocument, PresalePlaceDocument } from './presale-model';
import { admissionInstant, lotteryOrder, presaleInputProblem, priorityOrder, type PresaleShowFacts } from './presale-rules';
import { markPresaleShows, presaleShows } from './presale-shows';

/** Where the presales read their shows (the seat inventory's and the listings' numbers: plugins/presales.ts). */
export interface PresaleShowsSource {
  /** Each show as a new presale is checked against it (null: no such show); `inPresale` is the repository's. */
  facts(showIds: readonly string[], now: Date): Promise<Array<Omit<PresaleShowFacts, 'inPresale'> | null>>;
  /** Free seats over the shows now (the number the seat maps and listings show), and whether every one has started. */
  seats(showIds: readonly string[], now: Date): Promise<{ free: number; everyStarted: boolean }>;
}

/**
 * Issue 41: which buyers come first at a presale's opening: the accounts among `userIds` whose club tier has
 * presale priority and who joined the club before `joinedBefore` (the opening). Booking's club implements it
 * (ClubMembers.priorityOf).
 */
export interface PresalePriority {
  priorityOf(userIds: string[], joinedBefore: Date): Promise<Set<string>>;
}

/** What the priority reads of the club (booking's `Club`, issue 41). */
interface ClubMembersSource {
  /** The members among `userIds` whose tier at `now` has presale priority. */
  priorityOf(userIds: readonly string[], now: Date): Promise<Set<string>>;
  member(userId: string): Promise<{ joinedAt: Date } | null>;
}

/**
 * Issue 41: the club's presale priority: members whose tier at the opening has `presalePriority` and who joined the
 * club before it (each read by `_id`).
 */
export function clubPresalePriority(club: ClubMembersSource): PresalePriority {
  return {
    priorityOf: async (userIds, joinedBefore) => {
      const first = new Set<string>();
      for (const userId of await club.priorityOf(userIds, joinedBefore)) {
        const member = await club.member(userId);
        if (member && member.joinedAt.getTime() < joinedBefore.getTime()) first.add(userId);
      }
      return first;
    },
  };
}

/** Nobody comes first (no club wired). */
const NO_PRESALE_PRIORITY: PresalePriority = { priorityOf: async () => new Set() };

export interface PresaleSettings {
  /** admitPerMinute when the admin leaves it out (PRESALE_ADMIT_PER_MINUTE). */
  defaultAdmitPerMinute: number;
  /** Issue 41: who joins the lottery's line ahead (the club's Oro members); nobody when left out. */
  priority?: PresalePriority;
  /**
   * How long after opensAt the lottery is drawn (default 1 s): joins that read the clock before opensAt have
   * landed by then, so every instance that draws reads the same early places and writes the same positions.
   */
  openingSettleMs?: number;
}

/** The line as the feed and the standing arithmetic read it. */
function lineOf(presale: PresaleDocument): PresaleLine {
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

/** A show's entry naming a presale not written this long after it was (a creation cut short) is dropped. */
const UNWRITTEN_PRESALE_MS = 60_000;

/** A place whose join did not give it a position (it came before the lottery was written, or its join broke off) waits this long for it. */
const UNPLACED_GRACE_MS = 2_000;

/**
 * Positions given in a line (collection `presale_positions`), each decided by an insert under a unique _id, the one
 * conditional write FerretDB makes cheap (it reads every document of a collection for a filter other than by _id —
 * 5 000 places: a quarter second a query — and a bulkWrite of updates takes minutes):
 * - 'slot' `${presaleId}:${position}` → the place at that position (the meter, the expiry walk and the feed read it by _id);
 * - 'place' `place:${placeId}` → the place's position (inserted once: a place never gets two).
 * A place document's own `position` is written after, as a copy (when it is admitted, or read).
 */
export interface PositionDocument {
  _id: string;
  kind: 'slot' | 'place';
  presaleId: string;
  position: number;
  placeId: string;
}

const slotKey = (presaleId: string, position: number) => `${presaleId}:${position}`;
const placeKey = (placeId: string) => `place:${placeId}`;

/**
 * The place of an account in a line: its _id is derived from the account and the presale's secret seed (HMAC), so
 * the join and GET /me find it by _id, one per account by construction, and nobody can work out another's.
 */
export function placeIdOf(presale: Pick<PresaleDocument, '_id' | 'seed'>, userId: string): Types.ObjectId {
  return new Types.ObjectId(
    createHmac('sha256', presale.seed).update(`place:${presale._id.toHexString()}:${userId}`).digest('hex').slice(0, 24),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed insert of many documents only because some were there already. */
function onlyDuplicates(error: unknown): boolean {
  if (isDuplicateKeyError(error)) return true;
  const writeErrors = (error as { writeErrors?: unknown[] } | null)?.writeErrors;
  return (
    Array.isArray(writeErrors) &&
    writeErrors.length > 0 &&
    writeErrors.every((each) => isDuplicateKeyError((each as { err?: unknown }).err ?? each))
  );
}

/**
 * The presales and their places, on booking's database (presale-model.ts). Every move of a line is a
 * conditional update of its documents, so that any number of booking instances agree: the opening writes
 * the lottery's positions (the same from every instance) then sets `openedAt` once; later arrivals take
 * `lastPosition + 1` with `$inc`, in arrival order. The meter, the seats and the expiry are the ticker's
 * (line-ticker.ts), which uses this repository.
 */
export class Presales {
  readonly openingSettleMs: number;
  private priority: PresalePriority;
  readonly positionsOf: Collection<PositionDocument>;

  constructor(
    readonly presales: Model<PresaleDocument>,
    readonly places: Model<PresalePlaceDocument>,
    readonly shows: PresaleShowsSource,
    private readonly clock: () => Date,
    private readonly settings: PresaleSettings,
  ) {
    this.openingSettleMs = settings.openingSettleMs ?? 1_000;
    this.priority = settings.priority ?? NO_PRESALE_PRIORITY;
    this.positionsOf = places.db.collection<PositionDocument>('presale_positions');
  }

  /** Issue 41: who comes first at the openings from now on (booking's club wires its members here). */
  usePriority(priority: PresalePriority): void {
    this.priority = priority;
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

  /**
   * The presale not closed that sells the show, or null: the gate asks it on every hold and checkout, so a show of
   * no presale costs one read by `_id` (presale-shows.ts), whatever the number of presales. An entry of a closed
   * presale, or one naming no presale a minute after it was written (a creation cut short), is dropped.
   */
  async ofShow(showId: string): Promise<PresaleDocument | null> {
    const id = showId.toLowerCase();
    const shows = presaleShows(this.presales.db);
    const entry = await shows.findOne({ _id: id });
    if (!entry) return null;
    const presale = await this.find(entry.presaleId);
    if (presale && presale.state !== 'closed' && presale.showIds.includes(id)) return presale;
    if (presale || this.clock().getTime() - entry.at.getTime() > UNWRITTEN_PRESALE_MS)
      await shows.deleteOne({ _id: id, presaleId: entry.presaleId });
    return null;
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
    // The gate finds a show's presale by the show's id (presale-shows.ts): marked before the presale is written.
    await markPresaleShows(this.presales.db, document._id.toHexString(), showIds, now);
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
    const placeId = placeIdOf(presale, userId);
    const existing = await this.places.findById(placeId).lean<PresalePlaceDocument>();
    if (existing) return { place: { ...existing, position: await this.positionOf(existing) }, created: false };
    if (presale.state === 'closed') return refuse('conflict', PRESALE_MESSAGES.presaleClosed);
    if (presale.state === 'sold_out') return refuse('conflict', PRESALE_MESSAGES.lineClosed);
    const now = this.clock();
    presale = await this.openIfDue(presale, now);
    const place: PresalePlaceDocument = {
      _id: placeId,
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
      const raced = await this.places.findById(placeId).lean<PresalePlaceDocument>();
      if (raced) return { place: raced, created: false };
      throw error;
    }
    let counted = await this.presales
      .findOneAndUpdate({ _id: presale._id }, { $inc: { joined: 1, version: 1 } }, { returnDocument: 'after' })
      .lean<PresaleDocument>();
    // Before opensAt by this clock: in the lottery (drawn settle time after it). Else a place at the back, once it is drawn.
    if (!counted || this.clock() < counted.opensAt) return { place, created: true };
    if (!counted.openedAt) counted = await this.untilOpened(counted);
    if (counted.openedAt) place.position = (await this.positionOf(place)) ?? (await this.placeAtBack(counted, placeId));
    return { place, created: true };
  }

  /** Waits (a join at the opening) for the lottery to be drawn, drawing it when due; at most the settle time and two seconds. */
  private async untilOpened(read: PresaleDocument): Promise<PresaleDocument> {
    let presale = read;
    const giveUpAt = Date.now() + this.openingSettleMs + UNPLACED_GRACE_MS;
    for (;;) {
      presale = await this.openIfDue(presale, this.clock());
      if (presale.openedAt || presale.state === 'closed' || Date.now() > giveUpAt) return presale;
      await sleep(50);
      presale = (await this.presales.findById(presale._id).lean<PresaleDocument>()) ?? presale;
    }
  }

  /** The account's place in the line, or null. */
  placeOf(presale: Pick<PresaleDocument, '_id' | 'seed'>, userId: string): Promise<PresalePlaceDocument | null> {
    return this.places.findById(placeIdOf(presale, userId)).lean<PresalePlaceDocument>();
  }

  /** A place by its id (an admission names it), or null. */
  placeById(placeId: string): Promise<PresalePlaceDocument | null> {
    if (!/^[0-9a-f]{24}$/i.test(placeId)) return Promise.resolve(null);
    return this.places.findById(placeId).lean<PresalePlaceDocument>();
  }

  /** The place at a position of the line, or null (none given yet, or a position left empty). */
  async placeAt(presaleId: string, position: number): Promise<PresalePlaceDocument | null> {
    const slot = await this.positionsOf.findOne({ _id: slotKey(presaleId, position) });
    if (!slot) return null;
    const place = await this.places.findById(slot.placeId).lean<PresalePlaceDocument>();
    return place ? { ...place, position } : null;
  }

  /** The place's position, or null (before the opening, or not given yet). */
  async positionOf(place: Pick<PresalePlaceDocument, '_id' | 'position'>): Promise<number | null> {
    if (place.position !== null) return place.position;
    return (await this.positionsOf.findOne({ _id: placeKey(place._id.toHexString()) }))?.position ?? null;
  }

  /**
   * The caller's standing (GET /presales/{id}/me, without the admission). A place the meter has reached but
   * whose admission is not written yet (the ticker is between its two writes) is admitted here.
   */
  async standing(
    read: PresaleDocument,
    place: PresalePlaceDocument | null,
  ): Promise<{ view: PresaleMeView; place: PresalePlaceDocument | null }> {
    const now = this.clock();
    let presale = read;
    let current = place && { ...place, position: await this.positionOf(place) };
    // A place its join could not put at the back (the join broke off): there now.
    if (current && current.position === null && presale.openedAt && current.joinedAt.getTime() < now.getTime() - UNPLACED_GRACE_MS) {
      const position = (await this.placeAtBack(presale, current._id)) ?? (await this.positionOf(current));
      current = { ...current, position };
      if (position !== null) presale = { ...presale, lastPosition: Math.max(presale.lastPosition, position) };
    }
    if (current && current.state === 'waiting' && current.position !== null && current.position <= presale.admittedThrough) {
      current = (await this.admitPlace(presale, current._id, current.position, now)) ?? current;
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

  /**
   * The positions given in the line ([placeId, position]) above `above`, by position: read by _id one by one for a
   * few (the feed's news), else in one read of the positions.
   */
  async positions(presaleId: string, above = 0, through?: number): Promise<Array<[string, number]>> {
    let given: PositionDocument[];
    if (through !== undefined && through - above <= 50) {
      const keys = Array.from({ length: Math.max(0, through - above) }, (_, index) => slotKey(presaleId, above + index + 1));
      given = (await Promise.all(keys.map((key) => this.positionsOf.findOne({ _id: key })))).filter(
        (one): one is PositionDocument => one !== null,
      );
    } else {
      given = await this.positionsOf.find({ presaleId, kind: 'slot', position: { $gt: above } }).toArray();
    }
    return given.map((one): [string, number] => [one.placeId, one.position]).sort((a, b) => a[1] - b[1]);
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
    const early = await this.places
      .find({ presaleId, early: true }, { _id: 1, userId: 1 })
      .lean<Array<Pick<PresalePlaceDocument, '_id' | 'userId'>>>();
    const first = await this.priorityPlaces(presale, early);
    const order = priorityOrder(
      lotteryOrder(
        early.map((place) => place._id.toHexString()),
        presale.seed,
      ),
      first,
    );
    const batch = 500;
    for (let start = 0; start < order.length; start += batch) {
      const given = order.slice(start, start + batch).flatMap((placeId, index): PositionDocument[] => {
        const position = start + index + 1;
        return [
          { _id: slotKey(presaleId, position), kind: 'slot', presaleId, position, placeId },
          { _id: placeKey(placeId), kind: 'place', presaleId, position, placeId },
        ];
      });
      await this.insertGiven(given);
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

  /**
   * Issue 41: the early places whose buyer has presale priority, asked once: the first instance to draw writes
   * them on the presale (conditional on none written and the line not open), and every instance draws with those.
   */
  private async priorityPlaces(
    presale: PresaleDocument,
    early: ReadonlyArray<Pick<PresalePlaceDocument, '_id' | 'userId'>>,
  ): Promise<Set<string>> {
    if (presale.priorityPlaceIds) return new Set(presale.priorityPlaceIds);
    const priority =
      early.length === 0
        ? new Set<string>()
        : await this.priority.priorityOf(
            early.map((place) => place.userId),
            presale.opensAt,
          );
    const priorityPlaceIds = early.filter((place) => priority.has(place.userId)).map((place) => place._id.toHexString());
    const fixed = await this.presales
      .findOneAndUpdate(
        { _id: presale._id, openedAt: { $exists: false }, priorityPlaceIds: { $exists: false } },
        { $set: { priorityPlaceIds } },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    const written = fixed ?? (await this.presales.findById(presale._id).lean<PresaleDocument>());
    return new Set(written?.priorityPlaceIds ?? priorityPlaceIds);
  }

  /**
   * A place at the back of the line: `$inc lastPosition`, then the place's position inserted (unless it has one: a
   * racing join or the lottery gave it one, and the position taken stays empty — the meter passes it), then the slot.
   */
  async placeAtBack(presale: Pick<PresaleDocument, '_id'>, placeId: Types.ObjectId): Promise<number | null> {
    const taken = await this.presales
      .findOneAndUpdate(
        { _id: presale._id, openedAt: { $exists: true } },
        { $inc: { lastPosition: 1, version: 1 } },
        { returnDocument: 'after' },
      )
      .lean<PresaleDocument>();
    if (!taken) return null;
    const position = taken.lastPosition;
    const presaleId = presale._id.toHexString();
    const id = placeId.toHexString();
    try {
      await this.positionsOf.insertOne({ _id: placeKey(id), kind: 'place', presaleId, position, placeId: id });
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
    await this.insertGiven([{ _id: slotKey(presaleId, position), kind: 'slot', presaleId, position, placeId: id }]);
    await this.places.updateOne({ _id: placeId }, { $set: { position } });
    return position;
  }

  /** Positions inserted; those there already (another instance drew the same lottery) left as they are. */
  private async insertGiven(given: PositionDocument[]): Promise<void> {
    try {
      await this.positionsOf.insertMany(given, { ordered: false });
    } catch (error) {
      if (!onlyDuplicates(error)) throw error;
    }
  }

  /** The place's turn came: admitted for sessionMinutes from now (conditional on it still waiting), its position copied on it. */
  async admitPlace(presale: PresaleDocument, placeId: Types.ObjectId, position: number, now: Date): Promise<PresalePlaceDocument | null> {
    const admittedAt = admissionInstant(presale, position, now);
    return this.places
      .findOneAndUpdate(
        { _id: placeId, state: 'waiting' },
        {
          $set: {
            state: 'admitted',
            position,
            admittedAt,
            expiresAt: new Date(admittedAt.getTime() + presale.sessionMinutes * 60_000),
          },
        },
        { returnDocument: 'after' },
      )
      .lean<PresalePlaceDocument>();
  }

  /** joinView of a place. */
  joinView(place: PresalePlaceDocument): PresaleJoinView {
    return joinViewOf(place);
  }
}
