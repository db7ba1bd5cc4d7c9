import { startOutboxRelay, subscribeTo, type EventBus, type WithOutbox } from '@cine/service-kit';
import { Cinemas, type FirstCinemaSettings } from '../cinemas/cinemas';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { MovieProjection } from '../movies/movie-projection';
import { KeyedLock } from '../keyed-lock';
import { HoldLimits, type HoldLimitSettings } from '../shows/hold-limits';
import { SeatChangeFeed } from '../shows/seat-changes';
import { SeatHolds } from '../shows/seat-holds';
import { SeatInventory } from '../shows/seat-inventory';
import { ListingWriters } from '../shows/listing-writers';
import { DEFAULT_SEAT_STREAM_SETTINGS, SeatStreams, type ShowSeatsSource } from '../shows/seat-streams';
import { layoutOf } from '../shows/seats';
import { ShowListing } from '../shows/show-listing';
import { ShowSeeder } from '../shows/show-seed';
import { showModel, type ShowDocument } from '../shows/show-model';
import type { Model } from 'mongoose';
import { Shows } from '../shows/shows';
import { UserHolds } from '../shows/user-holds';
import { subscriptions } from '../subscriptions';
import { PendingShowMoves } from '../shows/pending-moves';
import { PricingStore } from '../pricing/pricing-store';
import { pricingOf } from '../pricing/show-pricing';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Now" for shows, holds and the cart (tests move it). */
    clock: () => Date;
    movieProjection: MovieProjection;
    /** The chain's cinemas and their rooms (issue 38). */
    cinemas: Cinemas;
    shows: Shows;
    /** The listings' summaries of the shows (the jobs plugin prunes the past ones). */
    showListing: ShowListing;
    seatInventory: SeatInventory;
    seatHolds: SeatHolds;
    seatStreams: SeatStreams;
    /** Moves of shows whose orders are still to follow (the tickets plugin's ShowMoves carries them). */
    pendingShowMoves: PendingShowMoves;
    /** Ticket types, price cards and surcharges (issue 37). */
    pricing: PricingStore;
  }
}

export interface ShowsPluginOptions {
  db: Connection;
  bus: EventBus;
  clock?: () => Date;
  /** Seed demo shows from the movie projection. */
  seed: boolean;
  /** A fresh database gets the chain's other two seeded cinemas (default: `seed`, the embedded default). */
  seedCinemas?: boolean;
  /** The first cinema's facts from the environment (stored when the cinema is first stored). */
  firstCinema: FirstCinemaSettings;
  /** How long held seats wait for payment (HOLD_MINUTES). */
  holdMinutes: number;
  holdLimits: HoldLimitSettings;
  /** Live seat maps open at once from one client. */
  seatStreamsPerAddress: number;
  /** COMPANION_RELEASE_MINUTES (companion-rule.ts). */
  companionReleaseMinutes?: number;
}

/** The movie projection, shows and their seats, and the demo seed. */
export const showsPlugin = fp<ShowsPluginOptions>(
  async (
    app,
    {
      db,
      bus,
      clock = () => new Date(),
      seed,
      seedCinemas = seed,
      firstCinema,
      holdMinutes,
      holdLimits,
      seatStreamsPerAddress,
      companionReleaseMinutes,
    },
  ) => {
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
    app.decorate('showListing', listing);
    const cinemas = await Cinemas.open(db, { first: firstCinema, seedChain: seedCinemas, clock });
    const cinemaRelay = startOutboxRelay({ models: [cinemas.model as unknown as Model<WithOutbox>], bus, logger: app.log });
    cinemas.useRelay(cinemaRelay);
    app.addHook('onClose', () => cinemaRelay.stop());
    app.decorate('cinemas', cinemas);
    const feed = new SeatChangeFeed(bus, app.log);
    const pendingShowMoves = new PendingShowMoves(db);
    const pricing = new PricingStore(db);
    await pricing.seed();
    const shows = new Shows(model, movies, lock, listing, cinemas, feed, pendingShowMoves, pricing);
    const userHolds = new UserHolds(db);
    const limits = new HoldLimits(db, userHolds, holdMinutes, holdLimits);
    const seatInventory = new SeatInventory(model, movies, userHolds, lock, limits, listing, feed, cinemas);
    const seatHolds = new SeatHolds(seatInventory, model, userHolds, limits, cinemas, companionReleaseMinutes);
    const seatStreams = new SeatStreams(
      showSeatsSource(model, listing),
      { ...DEFAULT_SEAT_STREAM_SETTINGS, perAddress: seatStreamsPerAddress },
      () => clock().getTime(),
      app.log as FastifyBaseLogger,
    );
    // Open streams end before the server waits for its requests to finish.
    app.addHook('preClose', async () => seatStreams.close());
    await bus.subscribe(
      subscriptions.seatChanges.consumer,
      subscriptions.seatChanges.events,
      (event) => seatStreams.handle(event.data, Date.parse(event.occurredAt)),
      {
        everyInstance: true,
      },
    );

    app.decorate('clock', clock);
    app.decorate('movieProjection', movies);
    app.decorate('shows', shows);
    app.decorate('pendingShowMoves', pendingShowMoves);
    app.decorate('pricing', pricing);
    app.decorate('seatInventory', seatInventory);
    app.decorate('seatHolds', seatHolds);
    app.decorate('seatStreams', seatStreams);

    movies.onApplied((movie) => shows.markMovieDeleted(movie._id, movie.deleted === true));
    const subscribeMovies = () => subscribeTo(bus, db, subscriptions.movies, (event) => movies.handle(event));
    if (!seed) {
      await subscribeMovies();
      await shows.announceAllMovies(clock());
      return;
    }
    const seeder = new ShowSeeder(db, shows, movies, cinemas, clock, app.log);
    // The window opens before the subscription, so movie.created events that come right away are seeded.
    await seeder.open();
    movies.onCreated(async (movie) => {
      await seeder.seedMovie(movie);
    });
    await subscribeMovies();
    // The movies already known (a restart during the seed, or events that came first) are seeded once the
    // service is ready, as the ones announced later are: a few hundred shows must not hold its start past
    // Fastify's plugin timeout. Closing stops it between two movies (a restart goes on from there).
    let seeding: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      seeding = seeder
        .seedKnownMovies()
        .then(async (seeded) => {
          if (seeded > 0) app.log.info({ shows: seeded }, 'seeded shows of the movies already known');
          await shows.announceAllMovies(clock());
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'seeding the movies already known failed'));
    });
    app.addHook('preClose', async () => {
      seeder.stop();
      await seeding;
    });
  },
  { name: 'shows' },
);

/** The seat maps read a show's seats by id, and its stored version from the listings' summaries (no read of its seats). */
function showSeatsSource(model: Model<ShowDocument>, listing: ShowListing): ShowSeatsSource {
  return {
    read: async (showId) => {
      const show = await model.findById(showId).lean<ShowDocument>();
      if (!show) return null;
      return {
        roomId: show.roomId,
        layout: layoutOf(show),
        categorySurcharges: pricingOf(show).categorySurcharges,
        version: show.version,
        taken: new Map(
          show.seats.map((seat) => [seat.label, { state: seat.state, ...(seat.heldUntil ? { heldUntil: seat.heldUntil.getTime() } : {}) }]),
        ),
      };
    },
    storedVersion: async (showId) => (await listing.one(showId))?.version,
  };
}
