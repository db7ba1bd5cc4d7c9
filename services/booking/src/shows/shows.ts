import {
  CINEMA_MESSAGES,
  FIRST_CINEMA_ID,
  type BulkShowSlot,
  type BulkShowsRequest,
  type BulkShowsResult,
  capacityOfLayout,
  isObjectIdText,
  layoutWidth,
  localDateTime,
  missingFieldMessages,
  type Page,
  type SeatLayout,
  SHOW_FORM_MESSAGES,
  fromPrice,
  SHOW_TYPES,
  type ShowOccupancy,
  type ShowPricing,
  type ShowType,
  type ShowView,
} from '@cine/contracts';
import { isDuplicateKeyError, pageOfList, SharedJson } from '@cine/service-kit';
import { isDeepStrictEqual } from 'node:util';
import { Types, type Model } from 'mongoose';
import type { MovieProjection, ProjectedMovie } from '../movies/movie-projection';
import { isRefusal, refuse, type Refusal, type Result } from '../refusal';
import { pricingForSlot, showPricingOf, type PricingCatalogue } from '../pricing/pricing-rules';
import { SINGLE_PRICE_CARD } from '../pricing/show-pricing';
import type { PricingStore } from '../pricing/pricing-store';
import { PAYING_SHOW_NOT_DELETABLE, SHOW_NOT_FOUND, soldShowNotDeletable } from './booking-errors';
import { addDays, instantOf, isCalendarDate, isClockTime, localToday, resolveDay, weekdayOf } from './cinema-time';
import { bulkRefusal, bulkSlots } from './show-bulk';
import type { KeyedLock } from '../keyed-lock';
import type { MovedShow } from '../orders/show-moves';
import type { MoveMark, PendingShowMoves } from './pending-moves';
import type { ChainCinema, Cinemas } from '../cinemas/cinemas';
import { seatLabelsOf, type TakenSeatOnSale } from '../cinemas/cinema-rules';
import type { SeatChangeFeed } from './seat-changes';
import * as rules from './show-rules';
import { isFreeAt } from './seats';
import { compareShows, type ShowListQuery } from './show-list';
import { freeSeatsAt, type ListedShow, type ShowListing } from './show-listing';
import type { ShowDocument } from './show-model';
import { ListedShowTexts, toListedShowView, toShowView } from './show-views';

/** The admin's show form as sent (fields only type-checked by the route's schema). */
export interface ShowForm {
  /** The cinema of the room (the first cinema when absent). */
  cinemaId?: string;
  schedule?: string;
  movieId?: string;
  roomId?: number | string;
  day?: string;
  /** 'yyyy-mm-dd': the show's date, instead of `day`. */
  date?: string;
  type?: string;
  /** Cents: one price for every seat (a "Precio único" show); left out, the show gets its price card. */
  price?: number;
  /** The price card to use instead of the one its day, time and format match. */
  priceCardId?: string;
}

export type ShowWrite = Result<{ outcome: 'created'; show: ShowView }>;

/** A show with sold tickets is refused with their counts (cancelling it refunds them). */
type SoldShowRefusal = Refusal & { orders: number; tickets: number };
export type ShowDeletion = { outcome: 'deleted' } | Refusal | SoldShowRefusal;

/** What POST /show/bulk plans and creates (the route's schema checked the types). */
export type BulkPlan = Result<{ outcome: 'planned'; result: BulkShowsResult }>;

/**
 * The admin's edit of a show: the ShowView its GET answers. schedule, date, roomId, type and price
 * are applied (missing ones keep their value); id and movieId must be the show's own; day,
 * startsAt, seats, capacity and movie are derived and ignored.
 */
export interface ShowEdit extends Omit<ShowForm, 'day'> {
  id?: string;
  movieId?: string;
  /** The show's own cinema (a show stays at its cinema: another is refused). */
  cinemaId?: string;
}

/** `moved`: its start changed (its orders follow it: ShowMoves). */
/** `mark`: the move's mark, to be ended once the orders followed (PendingShowMoves.done). */
export type ShowUpdate = Result<{ outcome: 'updated'; show: ShowView; moved?: MovedShow; mark?: MoveMark }>;

/** A show's slot as checked by the create rules. */
interface Slot {
  schedule: string;
  roomId: number;
  /** The room's cinema: the date and time are its wall time. */
  cinema: ChainCinema;
  date: string;
  type: ShowType;
  /** Given: one price for every seat. */
  price?: number;
}

/** A show to create: checked, with its movie. */
export interface PlannedShow {
  movie: ProjectedMovie;
  /** The zone of the room's cinema: `date` and `schedule` are its wall time. */
  timeZone: string;
  date: string;
  schedule: string;
  roomId: number;
  type: ShowType;
  /** One price for every seat (no card); left out, the card its slot matches (or `priceCardId`). */
  price?: number;
  priceCardId?: string;
  seeded?: boolean;
}

/** A planned show priced: its card's pricing, or one price. */
type PricedPlan = PlannedShow & { pricing?: ShowPricing };

/**
 * The plan's pricing: one price when given, else the card named or matched. With no card at all that
 * matches (the admin deleted them), one price, the format's default. A card named that does not exist is refused.
 */
function pricePlan(plan: PlannedShow, catalogue: PricingCatalogue): PricedPlan | Refusal {
  if (plan.price !== undefined && plan.priceCardId === undefined) return plan;
  const pricing = pricingForSlot(catalogue, plan, plan.priceCardId);
  if (isRefusal(pricing)) return pricing;
  return pricing ? { ...plan, pricing } : { ...plan, price: rules.DEFAULT_PRICES[plan.type] };
}

/** The form's `priceCardId`, as an optional field. */
function cardOf(form: { priceCardId?: string }): { priceCardId?: string } {
  return form.priceCardId === undefined ? {} : { priceCardId: form.priceCardId };
}

/** How long the text of a listing is reused; the read behind it is still at most 1 s old. */
const LISTING_TEXT_MS = 250;

/** What a show copies of its room's layout. */
function roomSeats(layout: SeatLayout): Pick<ShowDocument, 'capacity' | 'rows' | 'seatsPerRow' | 'layout'> {
  return { capacity: capacityOfLayout(layout), rows: layout.rows.length, seatsPerRow: layoutWidth(layout), layout };
}

/** The document of a new show: every seat of its room free. */
function newShowDocument(plan: PricedPlan, layout: SeatLayout): ShowDocument {
  const startsAt = instantOf(plan.date, plan.schedule, plan.timeZone);
  const seats = roomSeats(layout);
  return {
    _id: new Types.ObjectId(),
    movieId: plan.movie._id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + plan.movie.runtime * 60_000),
    date: plan.date,
    schedule: plan.schedule,
    roomId: plan.roomId,
    type: plan.type,
    price: plan.pricing ? fromPrice(plan.pricing) : (plan.price ?? rules.DEFAULT_PRICES[plan.type]),
    ...(plan.pricing ? { pricing: plan.pricing } : {}),
    ...seats,
    available: seats.capacity,
    holdsExpireAt: null,
    version: 0,
    ...(plan.seeded ? { seeded: true } : {}),
    seats: [],
  };
}

/**
 * The create rules of a show's time, room, day, type and price, after the spec §5 message of
 * the first missing field: the slot, or the message refusing it.
 */
function checkSlot(form: ShowForm, now: Date, cinema: ChainCinema, cinemas: Cinemas): Slot | string {
  const [missing] = Object.values(missingFieldMessages(SHOW_FORM_MESSAGES, { ...form, day: form.date ?? form.day }));
  if (missing) return missing;
  const schedule = String(form.schedule).trim();
  if (!isClockTime(schedule)) return rules.INVALID_SCHEDULE;
  const roomText = String(form.roomId).trim();
  const roomId = /^\d{1,4}$/.test(roomText) ? Number(roomText) : Number.NaN;
  const room = cinemas.room(roomId);
  if (!room) return rules.INVALID_ROOM;
  if (room.cinemaId !== cinema.id) return CINEMA_MESSAGES.roomOfOtherCinema;
  const today = localToday(now, cinema.timeZone);
  const date = form.date !== undefined ? calendarDate(form.date) : resolveDay(String(form.day), today);
  if (!date) return form.date !== undefined ? rules.INVALID_DATE : rules.INVALID_DAY;
  const lastDay = addDays(today, rules.MAX_DAYS_AHEAD);
  if (date > lastDay) return rules.tooFarAhead(lastDay);
  const type = String(form.type).trim();
  if (!rules.isShowType(type)) return rules.INVALID_TYPE;
  const price = form.price;
  if (price !== undefined && (!Number.isInteger(price) || price < 1 || price > rules.MAX_PRICE)) return rules.INVALID_PRICE;
  return { schedule, roomId, cinema, date, type, ...(price === undefined ? {} : { price }) };
}

/** A 'yyyy-mm-dd' date that exists, else undefined. */
function calendarDate(text: string): string | undefined {
  const trimmed = text.trim();
  return isCalendarDate(trimmed) ? trimmed : undefined;
}

/**
 * Shows: listings, the admin's create (rules, overlap) and delete. Seats are SeatInventory's (holds: SeatHolds). The listings read the
 * shows' summaries (show-listing.ts: at most 1 s behind the writes), which every write here keeps.
 */
export class Shows {
  /** The text of the listing of upcoming shows (by movieId, '' for all), reused for LISTING_TEXT_MS on the same read of the summaries. */
  private upcomingTexts = new Map<string, { readAt: number | undefined; madeAt: number; now: number; json: SharedJson }>();
  /** The shows' own texts in those listings. */
  private readonly showTexts = new ListedShowTexts();
  /** The movies deleted among a listing's, until the listing or the movies change. */
  private deletedMovies?: { shows: readonly ListedShow[]; revision: number; ids: Promise<Set<string>> };

  constructor(
    private readonly model: Model<ShowDocument>,
    private readonly movies: MovieProjection,
    private readonly lock: KeyedLock,
    private readonly listing: ShowListing,
    private readonly cinemas: Cinemas,
    private readonly feed: SeatChangeFeed,
    private readonly pendingMoves: PendingShowMoves,
    private readonly pricing: PricingStore,
  ) {}

  /** Shows not yet started, soonest first; of one movie, of one cinema when given. Shows of deleted movies are left out. */
  async upcoming(now: Date, movieId?: string, cinemaId?: string): Promise<ShowView[]> {
    return this.listed(
      (show) => show.startsAt > now && (movieId === undefined || show.movieId === movieId) && this.inCinema(show, cinemaId),
      now,
    );
  }

  /** The show is at the cinema (every show when no cinema is given): its room's. */
  private inCinema(show: Pick<ShowDocument, 'roomId'>, cinemaId: string | undefined): boolean {
    return cinemaId === undefined || this.cinemas.cinemaOfRoom(show.roomId).id === cinemaId;
  }

  /** The cinema of a show (its room's), or undefined for an unknown show: the routes check a manager's scope with it. */
  async cinemaOf(id: string): Promise<ChainCinema | undefined> {
    if (!isObjectIdText(id)) return undefined;
    const listed = await this.listing.one(id);
    const roomId = listed?.roomId ?? (await this.model.findById(id, { roomId: 1 }).lean<Pick<ShowDocument, 'roomId'>>())?.roomId;
    if (roomId === undefined) return undefined;
    await this.cinemas.findRoom(roomId);
    return this.cinemas.cinemaOfRoom(roomId);
  }

  /** The back office's Funciones: upcoming() filtered by movie, room, format and cinema days, sorted, paged with `page`. */
  async upcomingList(now: Date, query: ShowListQuery): Promise<Page<ShowView> | ShowView[]> {
    const { movieId, roomId, type, from, to, cinemaId, cinemaIds, ...paging } = query;
    const shows = await this.listed(
      (show) =>
        show.startsAt > now &&
        (movieId === undefined || show.movieId === movieId) &&
        this.inCinema(show, cinemaId) &&
        (cinemaIds === undefined || cinemaIds.includes(this.cinemas.cinemaOfRoom(show.roomId).id)) &&
        (roomId === undefined || show.roomId === roomId) &&
        (type === undefined || show.type === type) &&
        (from === undefined || show.date >= from) &&
        (to === undefined || show.date <= to),
      now,
    );
    // The listing is by start, then room: the order that ties keep.
    return pageOfList(shows, paging, 'startsAt', compareShows);
  }

  /**
   * upcoming() as JSON text, made (and compressed) at most once per LISTING_TEXT_MS and read of the summaries:
   * a presale's visitors all ask for it. The seats of this process's own writes show up to LISTING_TEXT_MS late in it.
   */
  async upcomingJson(now: Date, movieId?: string, cinemaId?: string): Promise<SharedJson> {
    await this.listing.all();
    await this.cinemas.fresh();
    const key = `${movieId ?? ''}|${cinemaId ?? ''}`;
    const made = this.upcomingTexts.get(key);
    const wall = Date.now();
    const clock = now.getTime();
    if (
      made &&
      made.readAt === this.listing.readAt &&
      wall - made.madeAt < LISTING_TEXT_MS &&
      clock >= made.now &&
      clock - made.now < LISTING_TEXT_MS
    )
      return made.json;
    const readAt = this.listing.readAt;
    const shows = await this.listedWithTitles(
      (show) => show.startsAt > now && (movieId === undefined || show.movieId === movieId) && this.inCinema(show, cinemaId),
    );
    const json = new SharedJson(
      `[${shows.map(([show, title]) => this.showTexts.textOf(show, title, now, this.cinemas.refOfRoom(show.roomId))).join(',')}]`,
    );
    if (this.upcomingTexts.size > 100) this.upcomingTexts.clear();
    this.upcomingTexts.set(key, { readAt, madeAt: wall, now: clock, json });
    return json;
  }

  async one(id: string, now: Date): Promise<ShowView | null> {
    if (!isObjectIdText(id)) return null;
    const listed = await this.listing.one(id);
    if (listed) return toListedShowView(listed, await this.titleOf(listed.movieId), now, await this.refOf(listed.roomId));
    // Not in the listing's last read (created by another instance since, or long past): read from the show itself.
    const show = await this.model.findById(id).lean<ShowDocument>();
    return show ? toShowView(show, await this.titleOf(show.movieId), now, await this.refOf(show.roomId)) : null;
  }

  /** The room's cinema as show views name it (read again when the room is new to this process). */
  private async refOf(roomId: number) {
    await this.cinemas.findRoom(roomId);
    return this.cinemas.refOfRoom(roomId);
  }

  private async titleOf(movieId: string): Promise<string> {
    return (await this.movies.titlesOf([movieId])).get(movieId) ?? '';
  }

  /** The movie's shows not yet started on the day ('yyyy-mm-dd' or a weekday name: the next such date), by schedule; undefined for a day that is neither. */
  async ofMovieOnDay(movieId: string, dayText: string, now: Date, cinemaId?: string): Promise<ShowView[] | undefined> {
    if (!resolveDay(dayText, localToday(now))) return undefined;
    await this.cinemas.fresh();
    // A weekday name is the next such date at each show's cinema (its zone's today).
    const dates = new Map(this.cinemas.ids().map((id) => [id, resolveDay(dayText, localToday(now, this.cinemas.cinema(id)?.timeZone))]));
    return this.listed((show) => {
      const cinema = this.cinemas.cinemaOfRoom(show.roomId).id;
      return (
        show.movieId === movieId &&
        (cinemaId === undefined || cinema === cinemaId) &&
        show.date === dates.get(cinema) &&
        show.startsAt > now
      );
    }, now);
  }

  /**
   * Every show of a cinema day ('yyyy-mm-dd'), of every movie, by start: those that have started too (the
   * 'Cartelera por día' marks them rather than hiding them). Shows of deleted movies are left out.
   */
  async onDate(date: string, now: Date, cinemaId?: string): Promise<ShowView[]> {
    return this.listed((show) => show.date === date && this.inCinema(show, cinemaId), now);
  }

  /** The admin's form: spec §5 messages for missing fields, then format, movie, release and overlap rules. */
  async create(form: ShowForm, now: Date): Promise<ShowWrite> {
    const cinema = await this.cinemas.find(form.cinemaId ?? FIRST_CINEMA_ID);
    if (!cinema) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
    // A room added by another instance a moment ago is read again.
    if (/^\d{1,4}$/.test(String(form.roomId).trim())) await this.cinemas.findRoom(Number(String(form.roomId).trim()));
    const slot = checkSlot(form, now, cinema, this.cinemas);
    if (typeof slot === 'string') return refuse('invalid', slot);
    const { schedule, roomId, date, type, price } = slot;
    const { timeZone } = cinema;

    const movieId = String(form.movieId).trim();
    const movie = isObjectIdText(movieId) ? await this.movies.find(movieId) : null;
    if (!movie) return refuse('not-found', rules.MOVIE_NOT_FOUND);
    if (date < movie.release) return refuse('invalid', rules.beforeRelease(movie.release));
    if (instantOf(date, schedule, timeZone) <= now) return refuse('invalid', rules.SHOW_IN_PAST);

    const plan = pricePlan(
      { movie, timeZone, date, schedule, roomId, type, ...(price === undefined ? {} : { price }), ...cardOf(form) },
      await this.pricing.catalogue(),
    );
    if (isRefusal(plan)) return plan;

    return this.lock.run(`room:${roomId}`, async () => {
      const document = newShowDocument(plan, this.cinemas.layoutOf(roomId));
      const clash = await this.clashOf(document);
      if (clash) return refuse('conflict', clash);
      try {
        await this.model.create(document);
        await this.listing.save(document);
        this.upcomingTexts.clear();
      } catch (error) {
        // Another instance created a show at the very same start in this room.
        if (isDuplicateKeyError(error))
          return refuse('conflict', (await this.clashOf(document)) ?? rules.roomTaken(roomId, '', schedule, schedule));
        throw error;
      }
      // A movie.deleted applied between the read of the movie and the insert did not mark this show (it marks after its own write).
      if (!(await this.movies.find(movie._id))) await this.markMovieDeleted(movie._id, true);
      await this.announceMovies(cinema.id, now);
      return { outcome: 'created', show: toShowView(document, movie.title, now, this.cinemas.refOfRoom(roomId)) };
    });
  }

  /**
   * The admin's bulk scheduling: the plan's shows (date by date, then by time) checked by the create rules, each
   * clash with a show of the room told with the create's message. Unless a dry run, the shows are created under
   * the room's lock that the single create takes (and the room's unique start guards against another instance):
   * the clashing ones skipped, or none when `onClash` is 'refuse' and one clashes.
   */
  async bulk(request: BulkShowsRequest, now: Date): Promise<BulkPlan> {
    const cinema = await this.cinemas.find(request.cinemaId ?? FIRST_CINEMA_ID);
    if (!cinema) return refuse('not-found', CINEMA_MESSAGES.cinemaNotFound);
    const room = await this.cinemas.findRoom(request.roomId);
    if (!room) return refuse('invalid', rules.INVALID_ROOM);
    if (room.cinemaId !== cinema.id) return refuse('invalid', CINEMA_MESSAGES.roomOfOtherCinema);
    const { timeZone } = cinema;
    const slots = bulkSlots(request, now, timeZone);
    if (typeof slots === 'string') return refuse('invalid', slots);
    const movie = await this.movies.find(request.movieId);
    if (!movie) return refuse('not-found', rules.MOVIE_NOT_FOUND);
    const refusal = bulkRefusal(request, slots, movie, now, timeZone);
    if (refusal) return refuse('invalid', refusal);

    const catalogue = await this.pricing.catalogue();
    const documents: ShowDocument[] = [];
    for (const slot of slots) {
      const { roomId, type, price, priceCardId } = request;
      const plan = pricePlan(
        {
          movie,
          timeZone,
          date: slot.date,
          schedule: slot.schedule,
          roomId,
          type,
          ...(price === undefined ? {} : { price }),
          ...cardOf({ priceCardId }),
        },
        catalogue,
      );
      if (isRefusal(plan)) return plan;
      documents.push(newShowDocument(plan, this.cinemas.layoutOf(roomId)));
    }
    const plan = async (): Promise<{ free: ShowDocument[]; result: BulkShowsResult }> => {
      const result: BulkShowsResult = { planned: [], clashes: [], created: [] };
      const free: ShowDocument[] = [];
      const clashes = await this.clashesOf(documents);
      for (const [index, document] of documents.entries()) {
        const slot = slots[index] as BulkShowSlot;
        const clash = clashes[index];
        if (clash) result.clashes.push({ ...slot, message: clash });
        else {
          result.planned.push(slot);
          free.push(document);
        }
      }
      return { free, result };
    };
    if (request.dryRun) return { outcome: 'planned', result: (await plan()).result };

    return this.lock.run(`room:${request.roomId}`, async (): Promise<BulkPlan> => {
      const { free, result } = await plan();
      if (request.onClash === 'refuse' && result.clashes.length > 0)
        return refuse('conflict', rules.bulkRefused(result.clashes.length, slots.length));
      for (const document of free) {
        try {
          await this.model.create(document);
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          // Another instance created a show at this very start meanwhile: a clash found late.
          const { date, schedule } = document;
          result.planned = result.planned.filter((slot) => slot.date !== date || slot.schedule !== schedule);
          result.clashes.push({
            date,
            day: weekdayOf(date),
            schedule,
            message: (await this.clashOf(document)) ?? rules.roomTaken(request.roomId, '', schedule, schedule),
          });
          continue;
        }
        await this.listing.save(document);
        result.created.push(toShowView(document, movie.title, now, this.cinemas.refOfRoom(document.roomId)));
      }
      this.upcomingTexts.clear();
      if (!(await this.movies.find(movie._id))) await this.markMovieDeleted(movie._id, true);
      if (result.created.length > 0) await this.announceMovies(cinema.id, now);
      return { outcome: 'planned', result };
    });
  }

  /**
   * The admin's edit: the create rules and the overlap check on the new slot. A show that has
   * started cannot change (its tickets were sold at its terms). The room cannot
   * change once a seat is sold or held (the seats belong to the room's layout). The write is
   * guarded by the version read and bumps it, so a seat change racing with it is retried on the
   * new slot.
   */
  async update(id: string, edit: ShowEdit, now: Date): Promise<ShowUpdate> {
    if (!isObjectIdText(id)) return refuse('not-found', SHOW_NOT_FOUND);
    if (edit.id !== undefined && edit.id !== id) return refuse('invalid', rules.ID_MISMATCH);
    for (;;) {
      const show = await this.model.findById(id).lean<ShowDocument>();
      if (!show) return refuse('not-found', SHOW_NOT_FOUND);
      if (show.startsAt <= now) return refuse('conflict', rules.STARTED_SHOW_NOT_EDITABLE);
      if (edit.movieId !== undefined && edit.movieId !== show.movieId) return refuse('invalid', rules.MOVIE_NOT_CHANGEABLE);
      if (edit.cinemaId !== undefined && edit.cinemaId !== this.cinemas.cinemaOfRoom(show.roomId).id)
        return refuse('invalid', CINEMA_MESSAGES.roomOfOtherCinema);
      await this.cinemas.findRoom(show.roomId);
      const cinema = this.cinemas.cinemaOfRoom(show.roomId);
      const form: ShowForm = {
        schedule: edit.schedule ?? show.schedule,
        movieId: show.movieId,
        roomId: edit.roomId ?? show.roomId,
        day: edit.date ?? show.date,
        type: edit.type ?? show.type,
        // The edit sends the show as read back: its price is a change only when it differs.
        ...(edit.price !== undefined && edit.price !== show.price ? { price: edit.price } : {}),
      };
      const slot = checkSlot(form, now, cinema, this.cinemas);
      if (typeof slot === 'string') return refuse('invalid', slot);
      const roomChanged = slot.roomId !== show.roomId;
      if (roomChanged && show.seats.some((seat) => !isFreeAt(seat, now))) return refuse('conflict', rules.ROOM_NOT_CHANGEABLE);
      const movie = await this.movies.find(show.movieId);
      if (movie && slot.date < movie.release) return refuse('invalid', rules.beforeRelease(movie.release));
      const startsAt = instantOf(slot.date, slot.schedule, cinema.timeZone);
      const moved = startsAt.getTime() !== show.startsAt.getTime();
      if (moved && startsAt <= now) return refuse('invalid', rules.SHOW_IN_PAST);
      const repriced = await this.repricing(show, slot, edit);
      if (isRefusal(repriced)) return repriced;
      const { price: _price, cinema: _cinema, ...where } = slot;

      const result = await this.lock.run(`room:${slot.roomId}`, async (): Promise<ShowUpdate | 'retry'> => {
        const runtime = show.endsAt.getTime() - show.startsAt.getTime();
        const seats = roomSeats(this.cinemas.layoutOf(slot.roomId));
        const changes: Partial<ShowDocument> = {
          ...where,
          ...(repriced ? { price: repriced.price } : {}),
          ...(repriced?.pricing ? { pricing: repriced.pricing } : {}),
          startsAt,
          endsAt: new Date(startsAt.getTime() + runtime),
          ...(roomChanged ? { ...seats, available: seats.capacity, seats: [], holdsExpireAt: null } : {}),
        };
        const clash = await this.clashOf({ ...show, ...changes } as ShowDocument, show._id);
        if (clash) return refuse('conflict', clash);
        // Marked before the write: a process that stops after it leaves the mark for the sweep to carry the orders.
        const mark = moved ? await this.pendingMoves.mark(id, now) : undefined;
        try {
          const updated = await this.model.updateOne(
            { _id: show._id, version: show.version },
            { $set: changes, $inc: { version: 1 }, ...(repriced && !repriced.pricing ? { $unset: { pricing: '' } } : {}) },
          );
          if (updated.matchedCount === 0) return 'retry';
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          const clashing = await this.clashOf({ ...show, ...changes } as ShowDocument, show._id);
          return refuse('conflict', clashing ?? rules.roomTaken(slot.roomId, '', slot.schedule, slot.schedule));
        }
        const written = await this.model.findById(id).lean<ShowDocument>();
        if (!written) return refuse('not-found', SHOW_NOT_FOUND);
        await this.listing.save(written);
        this.upcomingTexts.clear();
        this.feed.reread(id, written.version);
        const titles = await this.movies.titlesOf([written.movieId]);
        const view = toShowView(written, titles.get(written.movieId) ?? '', now, this.cinemas.refOfRoom(written.roomId));
        if (moved) await this.announceMovies(cinema.id, now);
        if (!moved) return { outcome: 'updated', show: view };
        const { date, schedule, startsAt: start, endsAt } = written;
        return {
          outcome: 'updated',
          show: view,
          moved: { showId: id, date, day: weekdayOf(date), schedule, startsAt: start, endsAt },
          ...(mark ? { mark } : {}),
        };
      });
      if (result !== 'retry') return result;
    }
  }

  /**
   * The edit's new pricing, or undefined to keep the show's: the card named; one price for every seat
   * when the price sent differs; the card the new slot matches when a show priced by a card changes
   * its date, time or format (a show of one price keeps it).
   */
  private async repricing(
    show: ShowDocument,
    slot: Slot,
    edit: ShowEdit,
  ): Promise<Result<{ price: number; pricing?: ShowPricing } | undefined>> {
    if (edit.priceCardId !== undefined) {
      const pricing = pricingForSlot(await this.pricing.catalogue(), slot, edit.priceCardId);
      if (isRefusal(pricing) || !pricing) return pricing ?? undefined;
      return { price: fromPrice(pricing), pricing };
    }
    if (slot.price !== undefined) return { price: slot.price };
    const byCard = show.pricing !== undefined && show.pricing.card.id !== SINGLE_PRICE_CARD.id;
    const slotChanged = slot.date !== show.date || slot.schedule !== show.schedule || slot.type !== show.type;
    if (!byCard || !slotChanged) return undefined;
    const pricing = pricingForSlot(await this.pricing.catalogue(), slot);
    if (isRefusal(pricing) || !pricing) return undefined;
    return { price: fromPrice(pricing), pricing };
  }

  /**
   * A card, a type or the surcharges changed: the shows on sale (not started, not cancelled) priced by
   * one of `cardIds` (every card when left out) fix their pricing again from the catalogue, each for its
   * format; those whose pricing stays the same are not written. Orders keep the lines they were made
   * with. The versions go up, so the listings and the open seat maps read them again. Answers how many
   * shows changed.
   */
  async reprice(catalogue: PricingCatalogue, now: Date, cardIds?: readonly string[]): Promise<number> {
    const cards = catalogue.cards.filter((card) => cardIds === undefined || cardIds.includes(card.id));
    if (cards.length === 0) return 0;
    const onSale = { startsAt: { $gt: now }, cancelled: { $ne: true } };
    const priced = await this.model
      .find({ ...onSale, 'pricing.card.id': { $in: cards.map((card) => card.id) } }, { type: 1, pricing: 1 })
      .lean<Array<Pick<ShowDocument, '_id' | 'type' | 'pricing'>>>();
    const changedIds: Types.ObjectId[] = [];
    for (const card of cards) {
      for (const format of SHOW_TYPES) {
        const pricing = showPricingOf(card, catalogue.types, catalogue.surcharges, format);
        const stale = priced
          .filter((show) => show.type === format && show.pricing?.card.id === card.id && !isDeepStrictEqual(show.pricing, pricing))
          .map((show) => show._id);
        if (stale.length === 0) continue;
        // The card and format are checked again: a show edited meanwhile keeps what its edit gave it.
        await this.model.updateMany(
          { _id: { $in: stale }, ...onSale, type: format, 'pricing.card.id': card.id },
          { $set: { pricing, price: fromPrice(pricing) }, $inc: { version: 1 } },
        );
        changedIds.push(...stale);
      }
    }
    if (changedIds.length === 0) return 0;
    for (const show of await this.model.find({ _id: { $in: changedIds } }).lean<ShowDocument[]>()) {
      await this.listing.save(show);
      this.feed.reread(show._id.toHexString(), show.version);
    }
    this.upcomingTexts.clear();
    return changedIds.length;
  }

  /** Deletes the show unless a seat was sold (answered with the counts of its paid orders and tickets) or is being paid. */
  async delete(id: string, now: Date): Promise<ShowDeletion> {
    if (!isObjectIdText(id)) return refuse('not-found', SHOW_NOT_FOUND);
    return this.lock.run(id, async () => {
      for (;;) {
        const show = await this.model.findById(id).lean<ShowDocument>();
        if (!show) return refuse('not-found', SHOW_NOT_FOUND);
        const sold = show.seats.filter((seat) => seat.state === 'sold');
        if (sold.length > 0) {
          const orders = new Set(sold.map((seat) => seat.orderId)).size;
          return { ...refuse('conflict', soldShowNotDeletable(orders, sold.length)), orders, tickets: sold.length };
        }
        if (show.seats.some((seat) => seat.orderId !== undefined && !isFreeAt(seat, now)))
          return refuse('conflict', PAYING_SHOW_NOT_DELETABLE);
        // Guarded by the version read: a seat sold meanwhile (by another instance) makes this match nothing.
        const deleted = await this.model.deleteOne({ _id: show._id, version: show.version });
        if (deleted.deletedCount === 1) {
          await this.listing.remove(show._id);
          this.upcomingTexts.clear();
          this.feed.deleted(id, show.version + 1);
          await this.announceMovies(this.cinemas.cinemaOfRoom(show.roomId).id, now);
          return { outcome: 'deleted' };
        }
      }
    });
  }

  /**
   * The movie was deleted from the catalog (or an event put it back): its shows stop (or start again)
   * selling seats. The version goes up, so a seat change decided on an older copy of a show (another
   * instance's, or this process's memory) is decided again on the marked one. Repeating it changes nothing.
   */
  async markMovieDeleted(movieId: string, deleted: boolean): Promise<void> {
    const marked = deleted
      ? await this.model.updateMany({ movieId, movieDeleted: { $ne: true } }, { $set: { movieDeleted: true }, $inc: { version: 1 } })
      : await this.model.updateMany({ movieId, movieDeleted: true }, { $unset: { movieDeleted: '' }, $inc: { version: 1 } });
    if (marked.modifiedCount === 0) return;
    this.upcomingTexts.clear();
    // The open seat maps of these shows read them again (their versions moved without a seat change).
    for (const show of await this.model.find({ movieId }, { version: 1 }).lean<Array<Pick<ShowDocument, '_id' | 'version'>>>())
      this.feed.reread(show._id.toHexString(), show.version);
  }

  /**
   * The admin cancels the show: it stops selling seats (its orders are refunded next). The version goes
   * up, so a seat change decided on an older copy is decided again on the marked one; the open seat maps
   * read it again. Answers false for an unknown show; repeating it changes nothing.
   */
  async markCancelled(id: string, now: Date = new Date()): Promise<boolean> {
    if (!Types.ObjectId.isValid(id)) return false;
    const _id = new Types.ObjectId(id);
    const marked = await this.model.findOneAndUpdate(
      { _id, cancelled: { $ne: true } },
      { $set: { cancelled: true }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    );
    if (marked) {
      this.feed.reread(id, marked.version);
      await this.announceMovies(this.cinemas.cinemaOfRoom(marked.roomId).id, now);
    }
    return marked !== null || (await this.model.exists({ _id })) !== null;
  }

  /** Each upcoming show's seats by state (the admin's occupancy), from the listings' summaries; the tickets add `admitted`. */
  async occupancy(now: Date, cinemaIds?: readonly string[]): Promise<Array<Omit<ShowOccupancy, 'admitted'>>> {
    const shows = await this.listing.all();
    await this.cinemas.fresh();
    return shows
      .filter((show) => show.startsAt > now && (cinemaIds === undefined || cinemaIds.includes(this.cinemas.cinemaOfRoom(show.roomId).id)))
      .map((show) => {
        const sold = show.capacity - show.available - show.holds.reduce((sum, hold) => sum + hold.seats, 0);
        const free = freeSeatsAt(show, now);
        return { showId: show._id.toHexString(), capacity: show.capacity, sold, held: show.capacity - sold - free, free };
      });
  }

  /**
   * cinema.movies-changed: the whole set of movies with a show not yet ended (nor cancelled) at the
   * cinema, recorded in the cinema's outbox (catalog filters its billboard with it).
   */
  async announceMovies(cinemaId: string, now: Date, onlyIfChanged = false): Promise<void> {
    const roomIds = this.cinemas.roomIdsOf(cinemaId);
    const shows = await this.model
      .find({ roomId: { $in: roomIds }, endsAt: { $gt: now }, cancelled: { $ne: true } }, { movieId: 1 })
      .lean<Array<Pick<ShowDocument, 'movieId'>>>();
    await this.cinemas.announceMovies(
      cinemaId,
      shows.map((show) => show.movieId),
      onlyIfChanged,
    );
  }

  /**
   * announceMovies() of every cinema: at start (the catalog learns the sets, or catches up), and by the
   * periodic job with `onlyIfChanged` (a movie's last show there has ended).
   */
  async announceAllMovies(now: Date, onlyIfChanged = false): Promise<void> {
    await this.cinemas.fresh(true);
    for (const cinemaId of this.cinemas.ids()) await this.announceMovies(cinemaId, now, onlyIfChanged);
  }

  /** The seats sold or being paid in the room's shows on sale (not started, not cancelled): a new layout keeps them. */
  async takenOnSale(roomId: number, now: Date): Promise<TakenSeatOnSale[]> {
    const shows = await this.model
      .find({ roomId, startsAt: { $gt: now }, cancelled: { $ne: true } }, { date: 1, schedule: 1, seats: 1 })
      .sort({ startsAt: 1 })
      .lean<Array<Pick<ShowDocument, 'date' | 'schedule' | 'seats'>>>();
    return shows.flatMap((show) =>
      show.seats.filter((seat) => !isFreeAt(seat, now)).map((seat) => ({ label: seat.label, date: show.date, schedule: show.schedule })),
    );
  }

  /**
   * The room's new layout is copied to its shows on sale, which sell its seats from now on; each write is
   * guarded by the version read, and a show that meanwhile took a seat the layout lacks keeps its own.
   * Shows already started keep the layout they were sold with.
   */
  async relayout(roomId: number, layout: SeatLayout, now: Date): Promise<void> {
    const seats = roomSeats(layout);
    const labels = seatLabelsOf(layout);
    const shows = await this.model.find({ roomId, startsAt: { $gt: now }, cancelled: { $ne: true } }).lean<ShowDocument[]>();
    for (const show of shows) {
      const id = show._id.toHexString();
      await this.lock.run(id, async () => {
        for (let current: ShowDocument | null = show; current; current = await this.model.findById(id).lean<ShowDocument>()) {
          const taken = current.seats.filter((seat) => !isFreeAt(seat, now));
          if (taken.some((seat) => !labels.has(seat.label))) return;
          const written = await this.model.updateOne(
            { _id: current._id, version: current.version },
            {
              $set: { ...seats, available: seats.capacity - taken.length, seats: current.seats.filter((seat) => labels.has(seat.label)) },
              $inc: { version: 1 },
            },
          );
          if (written.matchedCount === 1) {
            const after = await this.model.findById(id).lean<ShowDocument>();
            if (after) {
              await this.listing.save(after);
              this.feed.reread(id, after.version);
            }
            return;
          }
        }
      });
    }
    this.upcomingTexts.clear();
  }

  /** Room, start and end of the shows that start between the instants (the seed plans around them). */
  async spansBetween(from: Date, to: Date): Promise<Array<Pick<ShowDocument, 'roomId' | 'startsAt' | 'endsAt'>>> {
    return this.model.find({ startsAt: { $gte: from, $lt: to } }, { roomId: 1, startsAt: 1, endsAt: 1 }).lean();
  }

  /** Inserts planned shows (the seed); a show clashing with one created meanwhile at the same start is skipped. Answers how many were inserted. */
  async insertMany(plans: PlannedShow[], now: Date = new Date()): Promise<number> {
    if (plans.length === 0) return 0;
    const catalogue = await this.pricing.catalogue();
    const documents = plans.flatMap((plan) => {
      const priced = pricePlan(plan, catalogue);
      return isRefusal(priced) ? [] : [newShowDocument(priced, this.cinemas.layoutOf(plan.roomId))];
    });
    let inserted: Array<{ _id: Types.ObjectId }>;
    try {
      inserted = await this.model.insertMany(documents, { ordered: false });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      inserted = (error as { insertedDocs?: Array<{ _id: Types.ObjectId }> }).insertedDocs ?? [];
    }
    const insertedIds = new Set(inserted.map((show) => show._id.toHexString()));
    for (const document of documents) if (insertedIds.has(document._id.toHexString())) await this.listing.save(document);
    this.upcomingTexts.clear();
    const cinemaIds = new Set(documents.map((document) => this.cinemas.cinemaOfRoom(document.roomId).id));
    for (const cinemaId of cinemaIds) await this.announceMovies(cinemaId, now);
    return inserted.length;
  }

  /** The refusal message when another show of the room overlaps this one (`except`: the show being edited). */
  private async clashOf(show: ShowDocument, except?: Types.ObjectId): Promise<string | undefined> {
    const gap = rules.CLEANING_MINUTES * 60_000;
    const clash = await this.model
      .findOne(
        {
          roomId: show.roomId,
          startsAt: { $lt: new Date(show.endsAt.getTime() + gap) },
          endsAt: { $gt: new Date(show.startsAt.getTime() - gap) },
          ...(except ? { _id: { $ne: except } } : {}),
        },
        { movieId: 1, startsAt: 1, endsAt: 1 },
      )
      .lean<Pick<ShowDocument, 'movieId' | 'startsAt' | 'endsAt'>>();
    if (!clash) return undefined;
    const title = (await this.movies.titlesOf([clash.movieId])).get(clash.movieId) ?? '';
    const zone = this.cinemas.zoneOfRoom(show.roomId);
    return rules.roomTaken(show.roomId, title, localDateTime(clash.startsAt, zone).time, localDateTime(clash.endsAt, zone).time);
  }

  /**
   * clashOf() of many new shows of one room, with one read of the room's shows around them (a plan of
   * hundreds would otherwise read the room once per show): each show's refusal message, or undefined.
   */
  private async clashesOf(shows: readonly ShowDocument[]): Promise<Array<string | undefined>> {
    const first = shows[0];
    if (!first) return [];
    const gap = rules.CLEANING_MINUTES * 60_000;
    const starts = shows.map((show) => show.startsAt.getTime());
    const ends = shows.map((show) => show.endsAt.getTime());
    const existing = await this.model
      .find(
        {
          roomId: first.roomId,
          startsAt: { $lt: new Date(Math.max(...ends) + gap) },
          endsAt: { $gt: new Date(Math.min(...starts) - gap) },
        },
        { movieId: 1, startsAt: 1, endsAt: 1 },
      )
      .sort({ startsAt: 1 })
      .lean<Array<Pick<ShowDocument, 'movieId' | 'startsAt' | 'endsAt'>>>();
    const titles = await this.movies.titlesOf(existing.map((show) => show.movieId));
    const zone = this.cinemas.zoneOfRoom(first.roomId);
    return shows.map((show) => {
      const clash = existing.find((other) => rules.overlaps(show, other));
      if (!clash) return undefined;
      return rules.roomTaken(
        show.roomId,
        titles.get(clash.movieId) ?? '',
        localDateTime(clash.startsAt, zone).time,
        localDateTime(clash.endsAt, zone).time,
      );
    });
  }

  /** The listed shows that pass `wanted`, soonest first, with their titles; shows of deleted movies are left out. */
  private async listed(wanted: (show: ListedShow) => boolean, now: Date): Promise<ShowView[]> {
    await this.cinemas.fresh();
    return (await this.listedWithTitles(wanted)).map(([show, title]) =>
      toListedShowView(show, title, now, this.cinemas.refOfRoom(show.roomId)),
    );
  }

  /** The wanted shows of the listing, but those of deleted movies, each with its movie's title. */
  private async listedWithTitles(wanted: (show: ListedShow) => boolean): Promise<Array<[ListedShow, string]>> {
    const all = await this.listing.all();
    const shows = all.filter(wanted);
    const [titles, deleted] = await Promise.all([this.movies.titlesOf(shows.map((show) => show.movieId)), this.deletedMoviesOf(all)]);
    return shows.filter((show) => !deleted.has(show.movieId)).map((show) => [show, titles.get(show.movieId) ?? '']);
  }

  private deletedMoviesOf(shows: readonly ListedShow[]): Promise<Set<string>> {
    const memo = this.deletedMovies;
    if (memo && memo.shows === shows && memo.revision === this.movies.revision) return memo.ids;
    const ids = this.movies.deletedAmong(shows.map((show) => show.movieId));
    this.deletedMovies = { shows, revision: this.movies.revision, ids };
    ids.catch(() => {
      if (this.deletedMovies?.ids === ids) this.deletedMovies = undefined;
    });
    return ids;
  }
}
