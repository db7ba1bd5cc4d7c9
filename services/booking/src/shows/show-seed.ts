import type { ShowType } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import type { MovieProjection, ProjectedMovie } from '../movies/movie-projection';
import { addDays, clockTime, instantOf, localToday } from './cinema-time';
import { ROOM_IDS } from './rooms';
import { DEFAULT_PRICES, overlaps, type TimeSpan } from './show-rules';
import type { PlannedShow, Shows } from './shows';

/** Days of shows the seed creates, today first. */
export const SEED_DAYS = 7;
/** How long after the first start movie.created events still get seeded shows (the catalog publishes its demo movies within seconds). */
export const SEED_WINDOW_MINUTES = 10;
/** First and last start of a seeded show, local time (minutes from midnight). */
const FIRST_START = 10 * 60;
const LAST_START = 23 * 60 + 30;
const STEP = 15;

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
 * the next SEED_DAYS days on or after its release: its own format in the
 * afternoon and evening and, for 3D movies, one 2D show in between. Rooms
 * 1–5, 10:00 to 23:30, never overlapping (run time plus cleaning). Each movie
 * is claimed once in `seed_state` before its shows are inserted, so a
 * redelivered event or a restart seeds nothing twice.
 */
export class ShowSeeder {
  private readonly state;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    db: Connection,
    private readonly shows: Shows,
    private readonly movies: MovieProjection,
    private readonly clock: () => Date,
    private readonly logger?: FastifyBaseLogger,
  ) {
    this.state = db.collection<SeedWindow | SeedClaim>('seed_state');
  }

  /** Opens the seed window if the shows were never seeded; answers the window. */
  async open(): Promise<SeedWindow> {
    const now = this.clock();
    const window: SeedWindow = { _id: 'window', firstDay: localToday(now), openUntil: new Date(now.getTime() + SEED_WINDOW_MINUTES * 60_000) };
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
    for (const movie of await this.movies.all()) total += await this.seedMovie(movie);
    return total;
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
    const inserted = await this.shows.insertMany(plans);
    await this.state.updateOne({ _id: `movie:${movie._id}` }, { $set: { shows: inserted } });
    this.logger?.info({ movieId: movie._id, shows: inserted }, 'seeded shows');
    return inserted;
  }

  private async plan(movie: ProjectedMovie, firstDay: string, now: Date): Promise<PlannedShow[]> {
    const lastDay = addDays(firstDay, SEED_DAYS - 1);
    const booked = new Map<number, TimeSpan[]>(ROOM_IDS.map((room) => [room, []]));
    for (const span of await this.shows.spansBetween(instantOf(addDays(firstDay, -1), '00:00'), instantOf(addDays(lastDay, 1), '00:00'))) {
      booked.get(span.roomId)?.push(span);
    }
    // Movies start at different times and rooms, so the day's shows spread out.
    const offset = (hashOf(movie._id) % 8) * STEP;
    const firstRoom = hashOf(movie._id) % ROOM_IDS.length;
    const rooms = [...ROOM_IDS.slice(firstRoom), ...ROOM_IDS.slice(0, firstRoom)];
    const wanted: Array<{ target: number; type: ShowType }> = [
      { target: 14 * 60 + offset, type: movie.type },
      { target: 20 * 60 + offset, type: movie.type },
      ...(movie.type === '3D' ? [{ target: 17 * 60 + offset, type: '2D' as const }] : []),
    ];

    const plans: PlannedShow[] = [];
    for (let date = firstDay > movie.release ? firstDay : movie.release; date <= lastDay; date = addDays(date, 1)) {
      for (const { target, type } of wanted) {
        const slot = this.firstFreeSlot(movie, date, target, rooms, booked, now);
        if (!slot) continue;
        booked.get(slot.roomId)?.push(slot.span);
        plans.push({ movie, date, schedule: slot.schedule, roomId: slot.roomId, type, price: DEFAULT_PRICES[type], seeded: true });
      }
    }
    return plans;
  }

  /** The start nearest the target (then the first room in order) where the show fits; none when the day is full. */
  private firstFreeSlot(movie: ProjectedMovie, date: string, target: number, rooms: number[], booked: Map<number, TimeSpan[]>, now: Date) {
    const starts: number[] = [];
    for (let minutes = FIRST_START; minutes <= LAST_START; minutes += STEP) starts.push(minutes);
    starts.sort((a, b) => Math.abs(a - target) - Math.abs(b - target) || a - b);
    for (const minutes of starts) {
      const schedule = clockTime(minutes);
      const startsAt = instantOf(date, schedule);
      if (startsAt <= now) continue;
      const span = { startsAt, endsAt: new Date(startsAt.getTime() + movie.runtime * 60_000) };
      const roomId = rooms.find((room) => !(booked.get(room) ?? []).some((other) => overlaps(span, other)));
      if (roomId !== undefined) return { roomId, schedule, span };
    }
    return undefined;
  }
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}
