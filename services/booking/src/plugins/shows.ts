import { subscribeTo, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { MovieProjection } from '../movies/movie-projection';
import { KeyedLock } from '../keyed-lock';
import { HoldLimits, type HoldLimitSettings } from '../shows/hold-limits';
import { SeatInventory } from '../shows/seat-inventory';
import { ListingWriters } from '../shows/listing-writers';
import { ShowListing } from '../shows/show-listing';
import { ShowSeeder } from '../shows/show-seed';
import { showModel, type ShowDocument } from '../shows/show-model';
import { Shows } from '../shows/shows';
import { UserHolds } from '../shows/user-holds';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Now" for shows, holds and the cart (tests move it). */
    clock: () => Date;
    movieProjection: MovieProjection;
    shows: Shows;
    seatInventory: SeatInventory;
  }
}

export interface ShowsPluginOptions {
  db: Connection;
  bus: EventBus;
  clock?: () => Date;
  /** Seed demo shows from the movie projection. */
  seed: boolean;
  /** How long held seats wait for payment (HOLD_MINUTES). */
  holdMinutes: number;
  holdLimits: HoldLimitSettings;
}

/** The movie projection, shows and their seats, and the demo seed. */
export const showsPlugin = fp<ShowsPluginOptions>(
  async (app, { db, bus, clock = () => new Date(), seed, holdMinutes, holdLimits }) => {
    const model = await showModel(db);
    const lock = new KeyedLock();
    const movies = new MovieProjection(db);
    // Registered before this process writes anything, the summaries' rebuild included.
    const writers = new ListingWriters(db);
    await writers.join();
    app.addHook('onClose', () => writers.leave());
    const listing = new ShowListing(db, { clock, writers });
    const rebuilt = await listing.rebuild(model.find().lean<ShowDocument[]>().cursor());
    if (rebuilt > 0) app.log.info({ shows: rebuilt }, 'show summaries of the listings rebuilt');
    const shows = new Shows(model, movies, lock, listing);
    const userHolds = new UserHolds(db);
    const limits = new HoldLimits(db, userHolds, holdMinutes, holdLimits);
    const seatInventory = new SeatInventory(model, movies, userHolds, lock, limits, listing);

    app.decorate('clock', clock);
    app.decorate('movieProjection', movies);
    app.decorate('shows', shows);
    app.decorate('seatInventory', seatInventory);

    movies.onApplied((movie) => shows.markMovieDeleted(movie._id, movie.deleted === true));
    const subscribeMovies = () => subscribeTo(bus, db, subscriptions.movies, (event) => movies.handle(event));
    if (!seed) {
      await subscribeMovies();
      return;
    }
    const seeder = new ShowSeeder(db, shows, movies, clock, app.log);
    // The window opens before the subscription, so movie.created events that come right away are seeded.
    await seeder.open();
    movies.onCreated(async (movie) => {
      await seeder.seedMovie(movie);
    });
    await subscribeMovies();
    const seeded = await seeder.seedKnownMovies();
    if (seeded > 0) app.log.info({ shows: seeded }, 'seeded shows of the movies already known');
  },
  { name: 'shows' },
);
