import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { Scheduler, type SchedulerOptions } from '../jobs/scheduler';
import { ShowCancellations } from '../shows/show-cancellations';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on booking's database (Agenda): they outlive a request and a restart. */
    scheduler: Scheduler;
    showCancellations: ShowCancellations;
  }
}

export interface JobsOptions extends SchedulerOptions {
  /** How often the summaries of past shows are pruned (default hourly). */
  summariesPruneEveryMs?: number;
  /**
   * How often each cinema's movies are looked at again, announced when a movie's last show there ended (default 15
   * minutes; 0: never, for tests that count the events the writes of shows record).
   */
  cinemaMoviesEveryMs?: number;
  /** Issue 41: how often Cine Club's points 12 months old are written off (CLUB_EXPIRY_EVERY_MS; default hourly). */
  clubExpiryEveryMs?: number;
}

export interface JobsPluginOptions {
  db: Connection;
  scheduler?: JobsOptions;
}

const PRUNE_SUMMARIES = 'show-summaries.prune';
const ANNOUNCE_CINEMA_MOVIES = 'cinema-movies.announce';
const EXPIRE_CLUB_POINTS = 'club-points.expire';

/**
 * The scheduler and its jobs: a show's cancellation refunds, and the hourly pruning of the listings' summaries of
 * shows past their retention (a day after they started). Needs the refunds (checkout plugin) and the tickets they refuse.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (
    app,
    { db, scheduler: { summariesPruneEveryMs = 3_600_000, cinemaMoviesEveryMs = 900_000, clubExpiryEveryMs = 3_600_000, ...options } = {} },
  ) => {
    const scheduler = new Scheduler(db, app.log, options);
    app.decorate('scheduler', scheduler);
    app.decorate('showCancellations', new ShowCancellations(db, app.refunds, scheduler, app.clock, app.log));
    scheduler.define(PRUNE_SUMMARIES, async () => {
      const pruned = await app.showListing.prunePast();
      if (pruned > 0) app.log.info({ pruned }, 'summaries of past shows pruned');
    });
    // cinema.movies-changed when a movie's last show at a cinema has ended (the writes of shows announce the rest).
    scheduler.define(ANNOUNCE_CINEMA_MOVIES, async () => app.shows.announceAllMovies(app.clock(), true));
    // Issue 41: every lot of points 12 months old with points left gets its `expiry` entry (once per lot: a run again writes nothing).
    scheduler.define(EXPIRE_CLUB_POINTS, async () => {
      const expired = await app.club.expire(app.clock());
      if (expired > 0) app.log.info({ expired }, 'club points expired');
    });
    app.addHook('onReady', async () =>
      scheduler.start(async () => {
        await scheduler.every(PRUNE_SUMMARIES, summariesPruneEveryMs);
        await scheduler.every(EXPIRE_CLUB_POINTS, clubExpiryEveryMs);
        // Not at once: the shows plugin announced every cinema's movies as the service started.
        if (cinemaMoviesEveryMs > 0) await scheduler.every(ANNOUNCE_CINEMA_MOVIES, cinemaMoviesEveryMs, { skipImmediate: true });
      }),
    );
    app.addHook('onClose', () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['checkout', 'tickets', 'club'] },
);
