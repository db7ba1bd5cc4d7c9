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
}

export interface JobsPluginOptions {
  db: Connection;
  scheduler?: JobsOptions;
}

const PRUNE_SUMMARIES = 'show-summaries.prune';
const ANNOUNCE_CINEMA_MOVIES = 'cinema-movies.announce';

/**
 * The scheduler and its jobs: a show's cancellation refunds, and the hourly pruning of the listings' summaries of
 * shows past their retention (a day after they started). Needs the refunds (checkout plugin) and the tickets they refuse.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { db, scheduler: { summariesPruneEveryMs = 3_600_000, cinemaMoviesEveryMs = 900_000, ...options } = {} }) => {
    const scheduler = new Scheduler(db, app.log, options);
    app.decorate('scheduler', scheduler);
    app.decorate('showCancellations', new ShowCancellations(db, app.refunds, scheduler, app.clock, app.log));
    scheduler.define(PRUNE_SUMMARIES, async () => {
      const pruned = await app.showListing.prunePast();
      if (pruned > 0) app.log.info({ pruned }, 'summaries of past shows pruned');
    });
    // cinema.movies-changed when a movie's last show at a cinema has ended (the writes of shows announce the rest).
    scheduler.define(ANNOUNCE_CINEMA_MOVIES, async () => app.shows.announceAllMovies(app.clock(), true));
    app.addHook('onReady', async () =>
      scheduler.start(async () => {
        await scheduler.every(PRUNE_SUMMARIES, summariesPruneEveryMs);
        // Not at once: the shows plugin announced every cinema's movies as the service started.
        if (cinemaMoviesEveryMs > 0) await scheduler.every(ANNOUNCE_CINEMA_MOVIES, cinemaMoviesEveryMs, { skipImmediate: true });
      }),
    );
    app.addHook('onClose', () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['checkout', 'tickets'] },
);
