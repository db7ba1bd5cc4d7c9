import { FIRST_CINEMA_ID, localDateTime } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import type { MovieProjection, ProjectedMovie } from '../movies/movie-projection';
import { addDays, instantOf, localToday } from './cinema-time';
import type { Cinemas } from '../cinemas/cinemas';
import { CLEANING_MINUTES, overlaps, type TimeSpan } from './show-rules';
import type { PlannedShow, Shows } from './shows';

/** Days of shows the seed creates, today first. */
export const SEED_DAYS = 7;
/** How long after the first start movie.created events still get seeded shows (the catalog publishes its demo movies within seconds). */
export const SEED_WINDOW_MINUTES = 10;
/** A movie's seeded shows of a day: one starting in each period (local time). */
const SEED_PERIODS: Array<[string, string]> = [
  ['10:00', '16:55'],
  ['17:00', '23:45'],
];

interface SeedWindow {
  _id: 'window';
  firstDay: string;
  openUntil: Date;
}

interface SeedClaim {
  _id: string;
  seededAt: Date;
  shows?: number;
}

/**
 * The demo shows. On the first start of the service a seed window opens
 * (stored in `seed_state`): every movie the projection learns of while it is
 * open (movie.created) — and every movie already in the projection, for a
 * service that starts after the catalog published — gets shows on each of
 * the next SEED_DAYS days on or after its release, in its own format (the
 * billboard has 2D and 3D movies): one starting from 10:00 to 16:55 and one
 * from 17:00 to 23:45. Two a day for each of the demo's 13 movies nearly
 * fill five rooms, so there is no extra 2D showing of 3D movies. Rooms 1–5,
 * never overlapping (run time plus cleaning), packed tightly. The chain's other
 * cinemas (a fresh installation's Cine Norte and Cine Córdoba) get shows of some
 * of the movies each (a movie's id picks which), in their rooms and at their
 * wall time, as many as their rooms hold. Each movie
 * is claimed once in `seed_state` before its shows are inserted, so a
 * redelivered event or a restart seeds nothing twice.
 */
export class ShowSeeder {
  private readonly state;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    db: Connection,
    private readonly shows: Shows,
    private readonly movies: MovieProjection,
    private readonly cinemas: Cinemas,
    private readonly clock: () => Date,
    private readonly logger?: FastifyBaseLogger,
  ) {
    this.state = db.collection<SeedWindow | SeedClaim>('seed_state');
  }

  /** Opens the seed window if the shows were never seeded; answers the window. */
  async open(): Promise<SeedWindow> {
    const now = this.clock();
    const window: SeedWindow = {
      _id: 'window',
      firstDay: localToday(now),
      openUntil: new Date(now.getTime() + SEED_WINDOW_MINUTES * 60_000),
    };
    try {
      await this.state.insertOne(window);
      return window;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return (await this.state.findOne({ _id: 'window' })) as SeedWindow;
    }
  }

  /** Seeds the movies already in the projection while the window is open (a restart, or events that came before). */
  async seedKnownMovies(): Promise<number> {
    let total = 0;
    for (const movie of await this.movies.all()) {
      if (this.stopped) break;
      total += await this.seedMovie(movie);
    }
    return total;
  }

  /** The service is closing: seedKnownMovies stops after the movie it is seeding. */
  stop(): void {
    this.stopped = true;
  }

  /** Seeds one movie's shows once, while the window is open; answers how many shows were created. */
  seedMovie(movie: ProjectedMovie): Promise<number> {
    // One movie at a time: each plans around the shows of the ones before.
    const run = this.queue.then(() => this.seedOne(movie));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async seedOne(movie: ProjectedMovie): Promise<number> {
    const now = this.clock();
    const window = (await this.state.findOne({ _id: 'window' })) as SeedWindow | null;
    if (!window || window.openUntil <= now || movie.deleted) return 0;
    try {
      await this.state.insertOne({ _id: `movie:${movie._id}`, seededAt: now });
    } catch (error) {
      if (isDuplicateKeyError(error)) return 0;
      throw error;
    }
    const plans = await this.plan(movie, window.firstDay, now);
    const inserted = await this.shows.insertMany(plans, now);
    await this.state.updateOne({ _id: `movie:${movie._id}` }, { $set: { shows: inserted } });
    this.logger?.info({ movieId: movie._id, shows: inserted }, 'seeded shows');
    return inserted;
  }

  private async plan(movie: ProjectedMovie, firstDay: string, now: Date): Promise<PlannedShow[]> {
    await this.cinemas.fresh(true);
    const plans: PlannedShow[] = [];
    for (const [index, cinemaId] of [
      FIRST_CINEMA_ID,
      ...this.cinemas
        .ids()
        .filter((id) => id !== FIRST_CINEMA_ID)
        .sort(),
    ].entries()) {
      const cinema = this.cinemas.cinema(cinemaId);
      const roomIds = this.cinemas.roomIdsOf(cinemaId);
      // The first cinema shows every movie; each other one about two of three, picked by the movie's id.
      if (!cinema || roomIds.length === 0 || (index > 0 && hashOf(`${movie._id}:${cinemaId}`) % 3 === 0)) continue;
      plans.push(...(await this.planAt(movie, firstDay, now, roomIds, cinema.timeZone)));
    }
    return plans;
  }

  private async planAt(movie: ProjectedMovie, firstDay: string, now: Date, roomIds: number[], zone: string): Promise<PlannedShow[]> {
    const lastDay = addDays(firstDay, SEED_DAYS - 1);
    const booked = new Map<number, TimeSpan[]>(roomIds.map((room) => [room, []]));
    for (const span of await this.shows.spansBetween(
      instantOf(addDays(firstDay, -1), '00:00', zone),
      instantOf(addDays(lastDay, 1), '00:00', zone),
    )) {
      booked.get(span.roomId)?.push(span);
    }
    // Movies try the rooms in different orders, so one room does not get every first show.
    const firstRoom = hashOf(movie._id) % roomIds.length;
    const rooms = [...roomIds.slice(firstRoom), ...roomIds.slice(0, firstRoom)];

    const plans: PlannedShow[] = [];
    for (let date = firstDay > movie.release ? firstDay : movie.release; date <= lastDay; date = addDays(date, 1)) {
      for (const [from, to] of SEED_PERIODS) {
        const slot = bestSlot(movie.runtime, instantOf(date, from, zone), instantOf(date, to, zone), rooms, booked, now);
        if (!slot) continue;
        booked.get(slot.roomId)?.push(slot.span);
        plans.push({
          movie,
          timeZone: zone,
          date,
          schedule: localDateTime(slot.span.startsAt, zone).time,
          roomId: slot.roomId,
          type: movie.type,
          // Priced by the card its day, time and format match.
          seeded: true,
        });
      }
    }
    return plans;
  }
}

/**
 * Best fit: among the starts a room allows in the period (its opening, or
 * just after one of its shows plus cleaning, on the 5 minutes), the one
 * leaving the shortest idle time before it; ties go to the earlier start,
 * then to the room first in order. Packing the rooms tightly leaves space
 * for the movies that come after.
 */
function bestSlot(runtime: number, from: Date, to: Date, rooms: number[], booked: Map<number, TimeSpan[]>, now: Date) {
  const cleaning = CLEANING_MINUTES * 60_000;
  const earliest = Math.max(from.getTime(), roundUpTo5Minutes(now.getTime() + 1));
  let best: { roomId: number; span: TimeSpan; idle: number } | undefined;
  for (const roomId of rooms) {
    const spans = booked.get(roomId) ?? [];
    const starts = [earliest, ...spans.map((span) => roundUpTo5Minutes(span.endsAt.getTime() + cleaning))];
    for (const start of starts) {
      if (start < earliest || start > to.getTime()) continue;
      const span = { startsAt: new Date(start), endsAt: new Date(start + runtime * 60_000) };
      if (spans.some((other) => overlaps(span, other))) continue;
      const freeSince = Math.max(from.getTime(), ...spans.map((other) => other.endsAt.getTime() + cleaning).filter((end) => end <= start));
      const idle = start - freeSince;
      if (!best || idle < best.idle || (idle === best.idle && start < best.span.startsAt.getTime())) best = { roomId, span, idle };
    }
  }
  return best;
}

function roundUpTo5Minutes(instant: number): number {
  const step = 5 * 60_000;
  return Math.ceil(instant / step) * step;
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}
