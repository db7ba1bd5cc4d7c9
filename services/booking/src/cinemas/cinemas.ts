import {
  capacityOfLayout,
  CINEMA_MESSAGES,
  FIRST_CINEMA_ID,
  SEEDED_CINEMA_IDS,
  type CinemaChanges,
  type CinemaForm,
  type CinemaPlace,
  type CinemaRef,
  type CinemaView,
  type EventCinema,
  type RoomChanges,
  type RoomForm,
  type RoomView,
  type SeatLayout,
} from '@cine/contracts';
import { createEvent, isDuplicateKeyError, outboxPlugin, type OutboxRelay, type WithOutbox } from '@cine/service-kit';
import { isDeepStrictEqual } from 'node:util';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { KeyedLock } from '../keyed-lock';
import { refuse, type Result } from '../refusal';
import { addCategoriesToShows, ROOM_IDS, sameSeats, SEEDED_CHAIN_ROOM_LAYOUTS, SEEDED_ROOM_LAYOUTS } from '../shows/rooms';
import {
  cinemaRefusal,
  layoutProblem,
  nextRoomId,
  roomNameRefusal,
  seatsLost,
  soldSeatsLostMessage,
  type TakenSeatOnSale,
} from './cinema-rules';

/** A cinema of the chain as stored (`cinemas`): its `_id` is a 24-hex text; its outbox carries cinema.saved and cinema.movies-changed. */
export interface CinemaDocument extends WithOutbox {
  _id: string;
  slug: string;
  name: string;
  city: string;
  address: string;
  hours: string;
  timeZone: string;
  /** The movies last announced in cinema.movies-changed (sorted ids joined by commas): the periodic look announces only a change. */
  moviesKey?: string;
}

/** A room as stored (`rooms`); rooms stored before the chain have no cinemaId nor name (the upgrade gives them). */
interface RoomDocument {
  _id: number;
  cinemaId?: string;
  name?: string;
  layout: SeatLayout;
}

export type ChainCinema = Omit<CinemaDocument, 'outbox' | '_id' | 'moviesKey'> & { id: string };
export interface ChainRoom {
  id: number;
  cinemaId: string;
  name: string;
  layout: SeatLayout;
}

/** The first cinema's facts from the environment (CINEMA_NAME, CINEMA_ADDRESS, CINEMA_HOURS, CINEMA_TIME_ZONE). */
export type FirstCinemaSettings = Pick<ChainCinema, 'name' | 'address' | 'hours' | 'timeZone'>;

/** What the rooms' shows on sale say to a new layout (Shows: relayoutRoom). */
export interface RoomShowsOnSale {
  /** The seats sold or being paid in the room's shows on sale. */
  takenOnSale(roomId: number, now: Date): Promise<TakenSeatOnSale[]>;
  /** The room's shows on sale take the new layout (a show that meanwhile sold a seat the layout lacks keeps its own). */
  relayout(roomId: number, layout: SeatLayout, now: Date): Promise<void>;
}

/** The other two cinemas of a fresh installation (the plan's seed), with their rooms. */
const SEEDED_CHAIN: ReadonlyArray<{ cinema: Omit<ChainCinema, 'hours'>; rooms: number[] }> = [
  {
    cinema: {
      id: SEEDED_CINEMA_IDS[1],
      slug: 'norte',
      name: 'Cine Norte',
      city: 'Buenos Aires',
      address: 'Av. Maipú 2500, Olivos',
      timeZone: 'America/Argentina/Buenos_Aires',
    },
    rooms: [6, 7, 8],
  },
  {
    cinema: {
      id: SEEDED_CINEMA_IDS[2],
      slug: 'cordoba',
      name: 'Cine Córdoba',
      city: 'Córdoba',
      address: 'Av. Colón 1050, Córdoba',
      timeZone: 'America/Argentina/Cordoba',
    },
    rooms: [9, 10],
  },
];

/** The first cinema's slug and city (its name, address, hours and zone come from the environment). */
const FIRST_CINEMA = { slug: 'centro', city: 'Buenos Aires' };

/** How old the cached cinemas may be before a read goes to the database (another instance's writes show within it). */
const FRESH_MS = 1_000;

const cinemaSchema = new Schema<CinemaDocument>(
  {
    _id: { type: String, required: true },
    slug: { type: String, required: true },
    name: { type: String, required: true },
    city: { type: String, required: true },
    address: { type: String, required: true },
    hours: { type: String, required: true },
    timeZone: { type: String, required: true },
  },
  { collection: 'cinemas', autoIndex: false, versionKey: false },
);
cinemaSchema.index({ slug: 1 }, { unique: true });
cinemaSchema.plugin(outboxPlugin);

async function cinemaModel(db: Connection): Promise<Model<CinemaDocument>> {
  const model = (db.models.Cinema as Model<CinemaDocument> | undefined) ?? db.model<CinemaDocument>('Cinema', cinemaSchema);
  await model.createIndexes();
  return model;
}

function savedEvent(cinema: ChainCinema, rooms: readonly ChainRoom[]) {
  const { id, ...facts } = cinema;
  return createEvent('cinema.saved', {
    cinemaId: id,
    ...facts,
    rooms: rooms.map((room) => ({ id: room.id, name: room.name, capacity: capacityOfLayout(room.layout) })),
  });
}

async function insertOnce<T>(insert: () => Promise<T>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    // Stored before (by this or another instance): it stays as stored.
    if (!isDuplicateKeyError(error)) throw error;
    return false;
  }
}

/**
 * The chain's cinemas and their rooms (issue 38), kept as data in `cinemas` and `rooms` and cached
 * here (read again once FRESH_MS old, and after every write of this process). Room ids are whole
 * numbers unique across the chain, so a show's or an order's `roomId` names its cinema too: shows,
 * orders and tickets stored before the chain (rooms 1–5) read as the first cinema's without a
 * migration. Every change of a cinema or its rooms records cinema.saved in the cinema's outbox.
 */
export class Cinemas {
  private cinemas = new Map<string, ChainCinema>();
  private rooms = new Map<number, ChainRoom>();
  /** The views, refs and places, kept while their cinema stays the same (the listings' texts are remade only for a changed one). */
  private refs = new Map<string, { source: ChainCinema; cinema: ChainCinema; ref: CinemaRef; place: CinemaPlace; event: EventCinema }>();
  private readAt = 0;
  private reading?: Promise<void>;
  private relay?: OutboxRelay;
  private readonly lock = new KeyedLock();

  private constructor(
    readonly model: Model<CinemaDocument>,
    private readonly roomsCollection: ReturnType<Connection['collection']>,
    private readonly first: FirstCinemaSettings,
    private readonly clock: () => Date,
  ) {}

  /**
   * The store, after the upgrade and the seed: the first cinema (from the environment) owns rooms 1–5
   * (rooms stored before the chain take its id and 'Sala N'); a fresh database with `seedChain` (the
   * embedded default, where the demo shows are seeded) also gets Cine Norte and Cine Córdoba with their
   * rooms. Each cinema inserted records cinema.saved: once, at the first start. Duplicate-key safe, so
   * instances starting together store everything once.
   */
  static async open(db: Connection, options: { first: FirstCinemaSettings; seedChain: boolean; clock?: () => Date }): Promise<Cinemas> {
    const model = await cinemaModel(db);
    const rooms = db.collection<RoomDocument>('rooms');
    const store = new Cinemas(model, rooms as never, options.first, options.clock ?? (() => new Date()));
    const fresh = (await rooms.findOne({})) === null && (await model.exists({})) === null;

    for (const roomId of ROOM_IDS) {
      await insertOnce(() =>
        rooms.insertOne({
          _id: roomId,
          cinemaId: FIRST_CINEMA_ID,
          name: `Sala ${roomId}`,
          layout: SEEDED_ROOM_LAYOUTS[roomId] as SeatLayout,
        }),
      );
    }
    // The upgrade: rooms stored before the chain are the first cinema's.
    for (const room of await rooms.find({ cinemaId: { $exists: false } }).toArray()) {
      await rooms.updateOne(
        { _id: room._id, cinemaId: { $exists: false } },
        { $set: { cinemaId: FIRST_CINEMA_ID, name: `Sala ${room._id}` } },
      );
    }
    await store.upgradeCategories(db);
    const firstCinema: ChainCinema = { id: FIRST_CINEMA_ID, ...FIRST_CINEMA, ...options.first };
    const chain: Array<{ cinema: ChainCinema; rooms: number[] }> = [{ cinema: firstCinema, rooms: ROOM_IDS }];
    if (fresh && options.seedChain) {
      for (const { cinema, rooms: roomIds } of SEEDED_CHAIN) {
        for (const roomId of roomIds)
          await insertOnce(() =>
            rooms.insertOne({
              _id: roomId,
              cinemaId: cinema.id,
              name: `Sala ${roomId - roomIds[0]! + 1}`,
              layout: SEEDED_CHAIN_ROOM_LAYOUTS[roomId] as SeatLayout,
            }),
          );
        chain.push({ cinema: { ...cinema, hours: options.first.hours }, rooms: roomIds });
      }
    }
    for (const { cinema } of chain) {
      const stored = (await rooms.find({ cinemaId: cinema.id }).toArray()).map(roomOf);
      const { id, ...facts } = cinema;
      await insertOnce(() => model.collection.insertOne({ _id: id, ...facts, outbox: [savedEvent(cinema, stored)] } as never));
    }
    await rooms.createIndex({ cinemaId: 1, name: 1 }, { unique: true });
    await store.read();
    return store;
  }

  /** The relay that publishes the cinemas' outboxes (started by the plugin once the store is open). */
  useRelay(relay: OutboxRelay): void {
    this.relay = relay;
  }

  /** Rooms stored before seat categories, still as seeded, gain them (and the shows that copied them). */
  private async upgradeCategories(db: Connection): Promise<void> {
    for (const room of await this.roomsCollection.find({}).toArray()) {
      const stored = room as unknown as RoomDocument;
      const seeded = SEEDED_ROOM_LAYOUTS[stored._id];
      if (!seeded?.categories || stored.layout.categories !== undefined || !sameSeats(stored.layout, seeded)) continue;
      const { categories, companions } = seeded;
      await this.roomsCollection.updateOne({ _id: stored._id, 'layout.categories': { $exists: false } } as never, {
        $set: { 'layout.categories': categories, 'layout.companions': companions ?? {} },
      });
      await addCategoriesToShows(db, stored._id, { ...stored.layout, categories, ...(companions ? { companions } : {}) });
    }
  }

  /** Reads the cinemas and rooms again (one read at a time). */
  private read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const [cinemas, rooms] = await Promise.all([
          this.model.find({}, { outbox: 0, moviesKey: 0 }).lean<CinemaDocument[]>(),
          this.roomsCollection.find({}).toArray(),
        ]);
        this.cinemas = new Map(
          cinemas.map(({ _id, slug, name, city, address, hours, timeZone }) => [
            _id,
            { id: _id, slug, name, city, address, hours, timeZone },
          ]),
        );
        this.rooms = new Map(rooms.map((room) => roomOf(room as unknown as RoomDocument)).map((room) => [room.id, room]));
        this.readAt = Date.now();
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** The cache, read again when older than FRESH_MS (`force`: now). */
  async fresh(force = false): Promise<void> {
    if (force || Date.now() - this.readAt >= FRESH_MS) await this.read();
  }

  /** GET /cinemas: every cinema with its rooms, by name. */
  async list(): Promise<CinemaView[]> {
    await this.fresh();
    return [...this.cinemas.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'es'))
      .map((cinema) => ({
        ...cinema,
        rooms: this.roomsOf(cinema.id).map((room) => ({ id: room.id, name: room.name, capacity: capacityOfLayout(room.layout) })),
      }));
  }

  cinema(id: string): ChainCinema | undefined {
    return this.cinemas.get(id);
  }

  /** The cinema, read again when this process doesn't know it (created by another instance). */
  async find(id: string): Promise<ChainCinema | undefined> {
    if (!this.cinemas.has(id)) await this.fresh(true);
    return this.cinemas.get(id);
  }

  /** Every cinema's id. */
  ids(): string[] {
    return [...this.cinemas.keys()];
  }

  room(roomId: number): ChainRoom | undefined {
    return this.rooms.get(roomId);
  }

  /** The room, read again when this process doesn't know it. */
  async findRoom(roomId: number): Promise<ChainRoom | undefined> {
    if (!this.rooms.has(roomId)) await this.fresh(true);
    return this.rooms.get(roomId);
  }

  roomsOf(cinemaId: string): ChainRoom[] {
    return [...this.rooms.values()].filter((room) => room.cinemaId === cinemaId).sort((a, b) => a.id - b.id);
  }

  roomIdsOf(cinemaId: string): number[] {
    return this.roomsOf(cinemaId).map((room) => room.id);
  }

  /** The cinema a room belongs to; a room this process doesn't know (never, once fresh) reads as the first cinema's. */
  cinemaOfRoom(roomId: number): ChainCinema {
    const cinemaId = this.rooms.get(roomId)?.cinemaId ?? FIRST_CINEMA_ID;
    return this.cinemas.get(cinemaId) ?? { id: FIRST_CINEMA_ID, ...FIRST_CINEMA, ...this.first };
  }

  /** The zone of the room's cinema: its shows' dates and times are its wall time. */
  zoneOfRoom(roomId: number): string {
    return this.cinemaOfRoom(roomId).timeZone;
  }

  /** The room's layout (its seeded one if it was never stored). */
  layoutOf(roomId: number): SeatLayout {
    return this.rooms.get(roomId)?.layout ?? (SEEDED_ROOM_LAYOUTS[roomId] as SeatLayout);
  }

  capacityOf(roomId: number): number {
    return capacityOfLayout(this.layoutOf(roomId));
  }

  private refsOf(cinema: ChainCinema) {
    const kept = this.refs.get(cinema.id);
    // The same object as last time (a listing of thousands of shows asks once per show): no comparison at all.
    if (kept?.source === cinema) return kept;
    if (kept && isDeepStrictEqual(kept.cinema, cinema)) {
      kept.source = cinema;
      return kept;
    }
    const made = {
      source: cinema,
      cinema,
      ref: { id: cinema.id, slug: cinema.slug, name: cinema.name, city: cinema.city },
      place: { id: cinema.id, name: cinema.name, address: cinema.address },
      event: { id: cinema.id, name: cinema.name, address: cinema.address, timeZone: cinema.timeZone },
    };
    this.refs.set(cinema.id, made);
    return made;
  }

  /** The room's cinema as show views name it ({id, slug, name, city}; the same object while the cinema stays the same). */
  refOfRoom(roomId: number): CinemaRef {
    return this.refsOf(this.cinemaOfRoom(roomId)).ref;
  }

  /** The room's cinema as carts, orders and tickets name it ({id, name, address}). */
  placeOfRoom(roomId: number): CinemaPlace {
    return this.refsOf(this.cinemaOfRoom(roomId)).place;
  }

  /** The room's cinema as order events carry it ({id, name, address, timeZone}). */
  eventCinemaOfRoom(roomId: number): EventCinema {
    return this.refsOf(this.cinemaOfRoom(roomId)).event;
  }

  /** POST /cinemas (admin): a zone that isn't IANA 400, a slug used 409. */
  async create(form: CinemaForm): Promise<Result<CinemaView>> {
    return this.lock.run('cinemas', async () => {
      await this.fresh(true);
      const refused = cinemaRefusal(form, this.cinemaFacts());
      if (refused) return refused;
      const cinema: ChainCinema = { id: new Types.ObjectId().toHexString(), ...form };
      const { id, ...facts } = cinema;
      const event = savedEvent(cinema, []);
      try {
        await this.model.collection.insertOne({ _id: id, ...facts, outbox: [event] } as never);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return refuse('conflict', CINEMA_MESSAGES.slugTaken);
      }
      this.relay?.nudge(id, [event]);
      await this.fresh(true);
      return { ...cinema, rooms: [] };
    });
  }

  /** PUT /cinemas/{id} (admin): the fields sent change; unknown 404, zone 400, slug 409. */
  async update(id: string, changes: CinemaChanges): Promise<Result<CinemaView>> {
    return this.lock.run('cinemas', async () => {
      await this.fresh(true);
      const current = this.cinemas.get(id);
      if (!current) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
      const refused = cinemaRefusal(changes, this.cinemaFacts(), id);
      if (refused) return refused;
      const cinema: ChainCinema = { ...current, ...changes };
      const rooms = this.roomsOf(id);
      const event = savedEvent(cinema, rooms);
      try {
        await this.model.collection.updateOne({ _id: id } as never, { $set: changes, $push: { outbox: event } } as never);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return refuse('conflict', CINEMA_MESSAGES.slugTaken);
      }
      this.relay?.nudge(id, [event]);
      await this.fresh(true);
      return this.viewOf(cinema);
    });
  }

  /** POST /cinemas/{id}/rooms: a new room (id: the chain's highest plus one); unknown cinema 404, layout 400, name 409. */
  async addRoom(cinemaId: string, form: RoomForm): Promise<Result<RoomView>> {
    return this.lock.run('rooms', async () => {
      await this.fresh(true);
      if (!this.cinemas.has(cinemaId)) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
      const problem = layoutProblem(form.layout);
      if (problem) return refuse('invalid', problem);
      for (;;) {
        const refused = roomNameRefusal(cinemaId, form.name, [...this.rooms.values()]);
        if (refused) return refused;
        const room: ChainRoom = { id: nextRoomId([...this.rooms.values()]), cinemaId, name: form.name.trim(), layout: form.layout };
        const { id, ...facts } = room;
        if (await insertOnce(() => this.roomsCollection.insertOne({ _id: id, ...facts } as never))) {
          await this.roomsChanged(cinemaId);
          return roomViewOf(room);
        }
        // The id (or the name) was taken meanwhile by another instance: read again and decide again.
        await this.fresh(true);
      }
    });
  }

  /**
   * GET /cinemas/{id}/rooms/{roomId}: the room as stored now, read by its `_id` (another instance may have changed
   * it within the cache's FRESH_MS); the cinema from the cache, else by its `_id` (cinemas are never deleted).
   * An unknown cinema, or a room not of that cinema, 404.
   */
  async readRoom(cinemaId: string, roomId: number): Promise<Result<RoomView>> {
    const known = this.cinemas.has(cinemaId) || (await this.model.exists({ _id: cinemaId })) !== null;
    if (!known) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
    const stored = await this.roomsCollection.findOne({ _id: roomId } as never);
    const room = stored ? roomOf(stored as unknown as RoomDocument) : undefined;
    if (!room || room.cinemaId !== cinemaId) return refuse('not-found', CINEMA_MESSAGES.roomNotFound);
    return roomViewOf(room);
  }

  /**
   * PUT /cinemas/{id}/rooms/{roomId}: a new name (unique in the cinema) and/or layout. A new layout is
   * copied to the room's shows on sale (not started, not cancelled) so they sell its seats, unless it
   * takes away a seat sold or being paid in one of them: 409 naming those seats, nothing changes.
   * Shows already started keep the layout they were sold with.
   */
  async updateRoom(cinemaId: string, roomId: number, changes: RoomChanges, shows: RoomShowsOnSale): Promise<Result<RoomView>> {
    return this.lock.run('rooms', async () => {
      await this.fresh(true);
      if (!this.cinemas.has(cinemaId)) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
      const current = this.rooms.get(roomId);
      if (!current || current.cinemaId !== cinemaId) return refuse('not-found', CINEMA_MESSAGES.roomNotFound);
      if (changes.name !== undefined) {
        const refused = roomNameRefusal(cinemaId, changes.name, [...this.rooms.values()], roomId);
        if (refused) return refused;
      }
      const now = this.clock();
      if (changes.layout !== undefined) {
        const problem = layoutProblem(changes.layout);
        if (problem) return refuse('invalid', problem);
        const lost = seatsLost(changes.layout, await shows.takenOnSale(roomId, now));
        if (lost.length > 0) return refuse('conflict', soldSeatsLostMessage(lost));
      }
      const room: ChainRoom = {
        ...current,
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.layout !== undefined ? { layout: changes.layout } : {}),
      };
      try {
        await this.roomsCollection.updateOne({ _id: roomId } as never, { $set: { name: room.name, layout: room.layout } });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return refuse('conflict', CINEMA_MESSAGES.roomNameTaken);
      }
      if (changes.layout !== undefined && !isDeepStrictEqual(changes.layout, current.layout))
        await shows.relayout(roomId, changes.layout, now);
      await this.roomsChanged(cinemaId);
      return roomViewOf(room);
    });
  }

  /**
   * cinema.movies-changed: the whole set of movies with a show not yet ended at the cinema, through its
   * outbox, with the set kept beside; `onlyIfChanged`: nothing when the set is the one last announced.
   */
  async announceMovies(cinemaId: string, movieIds: readonly string[], onlyIfChanged = false): Promise<void> {
    const sorted = [...new Set(movieIds)].sort();
    const event = createEvent('cinema.movies-changed', { cinemaId, movieIds: sorted });
    const moviesKey = sorted.join(',');
    const filter = onlyIfChanged ? { _id: cinemaId, moviesKey: { $ne: moviesKey } } : { _id: cinemaId };
    const written = await this.model.collection.updateOne(filter as never, { $set: { moviesKey }, $push: { outbox: event } } as never);
    if (written.matchedCount === 1) this.relay?.nudge(cinemaId, [event]);
  }

  /** The cinema's rooms changed: read again, and cinema.saved with them. */
  private async roomsChanged(cinemaId: string): Promise<void> {
    await this.fresh(true);
    const cinema = this.cinemas.get(cinemaId);
    if (!cinema) return;
    const event = savedEvent(cinema, this.roomsOf(cinemaId));
    await this.model.collection.updateOne({ _id: cinemaId } as never, { $push: { outbox: event } } as never);
    this.relay?.nudge(cinemaId, [event]);
  }

  private viewOf(cinema: ChainCinema): CinemaView {
    return {
      ...cinema,
      rooms: this.roomsOf(cinema.id).map((room) => ({ id: room.id, name: room.name, capacity: capacityOfLayout(room.layout) })),
    };
  }

  private cinemaFacts() {
    return [...this.cinemas.values()].map(({ id, slug }) => ({ id, slug }));
  }
}

function roomOf(room: RoomDocument): ChainRoom {
  return { id: room._id, cinemaId: room.cinemaId ?? FIRST_CINEMA_ID, name: room.name ?? `Sala ${room._id}`, layout: room.layout };
}

function roomViewOf(room: ChainRoom): RoomView {
  return { id: room.id, cinemaId: room.cinemaId, name: room.name, capacity: capacityOfLayout(room.layout), layout: room.layout };
}
