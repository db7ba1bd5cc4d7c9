import { isObjectIdText, type CinemaPlace, type TicketShow } from '@cine/contracts';
import type { Cinemas } from '../cinemas/cinemas';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import type { MovieProjection } from '../movies/movie-projection';
import { weekdayOf } from '../shows/cinema-time';
import type { ShowDocument } from '../shows/show-model';

/** What a ticket needs of its show (`pricing`: which types require an ID, read when its tickets are issued). */
export type ShowFacts = Pick<
  ShowDocument,
  '_id' | 'movieId' | 'startsAt' | 'endsAt' | 'date' | 'schedule' | 'roomId' | 'type' | 'cancelled' | 'pricing'
>;

const FACTS = { movieId: 1, startsAt: 1, endsAt: 1, date: 1, schedule: 1, roomId: 1, type: 1, cancelled: 1, pricing: 1 };

/** A door scans a show's tickets one after another: its facts are read once per this long. */
const REMEMBER_MS = 5_000;

/** The shows of tickets, read by `_id` only (a show id from a token or a path may be anything). */
export class TicketShows {
  private readonly remembered = new Map<string, { show: ShowFacts | null; until: number }>();

  constructor(
    private readonly model: Model<ShowDocument>,
    private readonly movies: MovieProjection,
    private readonly cinemas: Cinemas,
  ) {}

  /** The cinema of the show's room, as tickets name it ({id, name, address}; read again for a room new to this process). */
  async placeOf(show: Pick<ShowFacts, 'roomId'>): Promise<CinemaPlace> {
    await this.cinemas.findRoom(show.roomId);
    return this.cinemas.placeOfRoom(show.roomId);
  }

  /** The zone of the show's cinema: its dates and times are that zone's wall time. */
  zoneOf(show: Pick<ShowFacts, 'roomId'>): string {
    return this.cinemas.zoneOfRoom(show.roomId);
  }

  /** The show as read at most REMEMBER_MS ago (the door's check-ins: an admin's edit shows within seconds). */
  async recent(showId: string): Promise<ShowFacts | null> {
    const now = Date.now();
    const known = this.remembered.get(showId);
    if (known && known.until > now) return known.show;
    const show = await this.find(showId);
    if (this.remembered.size > 1_000) this.remembered.clear();
    this.remembered.set(showId, { show, until: now + REMEMBER_MS });
    return show;
  }

  /** The movie's current title ('' once it is unknown). */
  async titleOf(movieId: string): Promise<string> {
    return (await this.movies.titlesOf([movieId])).get(movieId) ?? '';
  }

  /** The show, or null when the id names no show (deleted, or never was). */
  async find(showId: string): Promise<ShowFacts | null> {
    if (!isObjectIdText(showId)) return null;
    return this.model.findById(showId, FACTS).lean<ShowFacts>();
  }

  /** Several shows at once, one read each by `_id` (findEachById). */
  findAll(showIds: Iterable<string>): Promise<Map<string, ShowFacts>> {
    return findEachById(showIds, (id) => this.find(id));
  }
}

/** The show as tickets and check-in answers describe it (the title is the one the order was paid with). */
export function ticketShowOf(show: ShowFacts, title: string, cinema: CinemaPlace): TicketShow {
  return {
    cinema,
    showId: show._id.toHexString(),
    movieId: show.movieId,
    title,
    startsAt: show.startsAt.toISOString(),
    endsAt: show.endsAt.toISOString(),
    date: show.date,
    day: weekdayOf(show.date),
    schedule: show.schedule,
    roomId: show.roomId,
    type: show.type,
  };
}
