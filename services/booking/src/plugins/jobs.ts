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

export interface JobsPluginOptions {
  db: Connection;
  scheduler?: SchedulerOptions;
}

/** The scheduler and its jobs: a show's cancellation refunds. Needs the refunds (checkout plugin) and the tickets they refuse. */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { db, scheduler: options }) => {
    const scheduler = new Scheduler(db, app.log, options);
    app.decorate('scheduler', scheduler);
    app.decorate('showCancellations', new ShowCancellations(db, app.refunds, scheduler, app.clock, app.log));
    app.addHook('onReady', () => scheduler.start());
    app.addHook('onClose', () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['checkout', 'tickets'] },
);
