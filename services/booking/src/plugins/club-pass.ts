import { PASS_GRACE_DAYS } from '@cine/contracts';
import { positiveIntegerEnv, startOutboxRelay, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { passCollections, passModel } from '../club/pass/pass-model';
import { ClubPasses, type ClubMembership } from '../club/pass/passes';
import { PassPlans } from '../club/pass/plans';
import { PassRenewer } from '../club/pass/renewals';
import type { OutboxRelay } from '@cine/service-kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 41: the Cine Pase plans (admin). */
    clubPlans: PassPlans;
    /** Issue 41: the members' passes (GET /club/me reads `summaryFor`). */
    clubPasses: ClubPasses;
    /** Issue 41: the renewal job's work and report. */
    clubRenewals: PassRenewer;
    /** Publishes club.pass-charged, club.pass-declined and club.pass-changed from the passes' outbox. */
    clubPassesOutbox: OutboxRelay;
  }
}

export const RENEW_PASSES = 'club-pass.renew';

export interface ClubPassOptions {
  /** CLUB_RENEWAL_EVERY_MS: how often the renewal job runs (default an hour; 0: never, for tests that run it by hand). */
  renewalEveryMs?: number;
  /** How long a claimed renewal waits before another run takes it over (default 5 minutes; tests shorten it). */
  renewalLeaseMs?: number;
  /** Who is a member (default: the club's, `app.club`). */
  membership?: ClubMembership;
  /** The demo seed: a fresh installation gets a plan (`SEEDED_PLAN`). */
  seed?: boolean;
}

export interface ClubPassPluginOptions extends ClubPassOptions {
  db: Connection;
  bus: EventBus;
}

/** Issue 41's Cine Pase: plans, passes and their renewal job (after the checkout's payment provider and the jobs' scheduler). */
export const clubPassPlugin = fp<ClubPassPluginOptions>(
  async (app, { db, bus, renewalEveryMs, renewalLeaseMs, membership, seed = false }) => {
    const everyMs = renewalEveryMs ?? positiveIntegerEnv('CLUB_RENEWAL_EVERY_MS', 3_600_000, 'milliseconds');
    const passes = await passModel(db);
    const stores = await passCollections(db);
    // Small collection (a document a member with a pass): the relay may look through it.
    const relay = startOutboxRelay({ models: [passes], bus, logger: app.log });
    const plans = new PassPlans(stores);
    if (seed) await plans.seed(app.clock());
    // The club's members (plugins/club.ts): only a member subscribes.
    const members = membership ?? { isMember: async (userId: string) => (await app.club.member(userId)) !== null };
    const clubPasses = new ClubPasses(passes, stores, plans, app.paymentProvider, members, relay);
    const renewer = new PassRenewer(
      passes,
      stores,
      plans,
      app.paymentProvider,
      relay,
      app.clock,
      { everyMs, graceDays: PASS_GRACE_DAYS, ...(renewalLeaseMs ? { leaseMs: renewalLeaseMs } : {}) },
      app.log,
    );
    clubPasses.renewer = renewer;
    app.decorate('clubPlans', plans);
    app.decorate('clubPasses', clubPasses);
    app.decorate('clubRenewals', renewer);
    app.decorate('clubPassesOutbox', relay);
    app.scheduler.define(RENEW_PASSES, async () => {
      const run = await renewer.run();
      if (run.due > 0) app.log.info(run, 'passes renewed');
    });
    if (everyMs > 0) app.scheduler.whenStarted(() => app.scheduler.every(RENEW_PASSES, everyMs));
    app.addHook('onClose', async () => relay.stop());
  },
  { name: 'club-pass', dependencies: ['club', 'checkout', 'jobs'] },
);
