import type { PassStatus, RenewalOutcome, RenewalsReport } from '@cine/contracts';
import { createEvent, type OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Types, type Model } from 'mongoose';
import type { ChargeOutcome, PaymentProvider } from '../../payments';
import type { PassDocument, PassStores, RenewalDocument } from './pass-model';
import { chargeKey, emptyCounts, periodId, renewalDecision, type RunCounts } from './pass-rules';
import { passChanged } from './passes';
import { graceUntil, passPeriod } from './periods';
import type { PassPlans } from './plans';

export interface RenewerOptions {
  /** How often the job runs (CLUB_RENEWAL_EVERY_MS, default an hour): shown in the report. */
  everyMs: number;
  /** How long a claimed renewal is another instance's before a run may take it over (default 5 minutes). */
  leaseMs?: number;
  /** PASS_GRACE_DAYS (default 3). */
  graceDays?: number;
}

type Applied = RenewalOutcome | 'skipped';

/**
 * Issue 41: the renewal of the passes due, by the job (plugins/club-pass.ts) on booking's Scheduler. Each pass's
 * period is renewed once: its renewal (`club_renewals`, `_id` = passId:period) is claimed by one conditional
 * write before the charge, so two instances never both charge it; the charge's idempotency key
 * (`pass:<passId>:<period>`) covers a crash between the charge and the record (the run that takes the lapsed
 * claim over charges again and the provider answers the first payment). The pass then moves with one write
 * conditional on the period it was in, its events in its outbox: each event once.
 */
export class PassRenewer {
  private readonly leaseMs: number;
  private readonly graceDays: number | undefined;

  constructor(
    private readonly passes: Model<PassDocument>,
    private readonly stores: PassStores,
    private readonly plans: PassPlans,
    private readonly payments: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly clock: () => Date,
    private readonly options: RenewerOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.graceDays = options.graceDays;
  }

  /** One run: every pass due renewed (or ended, or lapsed), the run recorded with its counts. */
  async run(): Promise<RunCounts & { due: number }> {
    const startedAt = this.clock();
    const runId = new Types.ObjectId();
    await this.stores.runs.insertOne({ _id: runId, startedAt, due: 0, ...emptyCounts() });
    // A small collection (one document a member with a pass): read whole, as FerretDB would anyway.
    const due = await this.passes
      .find({
        $or: [
          { status: { $in: ['active', 'cancelling'] }, renewsAt: { $lte: startedAt } },
          { status: 'grace', graceUntil: { $lte: startedAt } },
        ],
      })
      .lean<PassDocument[]>();
    const counts = emptyCounts();
    for (const pass of due) {
      try {
        const applied = await this.renew(pass, this.clock());
        if (applied !== 'skipped') counts[applied] += 1;
      } catch (error) {
        counts.failed += 1;
        this.log?.warn({ passId: pass._id.toHexString(), err: (error as Error).message }, 'pass renewal failed; the next run tries again');
      }
    }
    await this.stores.runs.updateOne({ _id: runId }, { $set: { finishedAt: this.clock(), due: due.length, ...counts } });
    return { due: due.length, ...counts };
  }

  /** What is due of one pass now. Safe to call from any number of instances at once. */
  async renew(pass: PassDocument, now: Date): Promise<Applied> {
    switch (renewalDecision(pass, now)) {
      case 'charge':
        return this.chargeNext(pass, now);
      case 'end':
        return this.finish(pass, 'ended', now);
      case 'lapse':
        return this.finish(pass, 'lapsed', now);
      default:
        return 'skipped';
    }
  }

  /** A grace's period charged with the member's new card (POST /club/pass/card); undefined: nothing was due or another charge runs. */
  async chargeInGrace(pass: PassDocument, now: Date): Promise<ChargeOutcome | undefined> {
    const period = passPeriod(pass.anchor, pass.period);
    const id = periodId(pass._id.toHexString(), period.key);
    const renewal = await this.stores.renewals.findOne({ _id: id });
    if (!renewal || renewal.state !== 'done' || renewal.outcome !== 'declined') return undefined;
    const claimed = await this.stores.renewals.findOneAndUpdate(
      { _id: id, state: 'done', outcome: 'declined', attempts: renewal.attempts },
      { $set: { state: 'charging', leaseUntil: new Date(now.getTime() + this.leaseMs) }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    if (!claimed) return undefined;
    const outcome = await this.charge(pass, claimed, now);
    if (outcome.status === 'succeeded') {
      const plan = await this.plans.byId(pass.planId);
      const events = [this.chargedEvent(pass, claimed, now), passChanged(pass, plan ?? { name: claimed.planName }, 'active', now)];
      const moved = await this.passes.updateOne(
        { _id: pass._id, status: 'grace', period: pass.period },
        { $set: { status: 'active', updatedAt: now }, $unset: { graceUntil: '' }, $push: { outbox: { $each: events } } },
      );
      if (moved.modifiedCount === 1) this.relay.nudge(pass._id, events);
    }
    return outcome;
  }

  /** GET /club/renewals: the last runs and renewals, newest first. */
  async report(nextRunAt: Date | undefined): Promise<RenewalsReport> {
    const runs = await this.stores.runs.find({}).sort({ startedAt: -1 }).limit(20).toArray();
    const renewals = await this.stores.renewals.find({}).sort({ at: -1 }).limit(50).toArray();
    const lastRunAt = runs[0]?.startedAt;
    return {
      job: {
        everyMs: this.options.everyMs,
        ...(lastRunAt ? { lastRunAt: lastRunAt.toISOString() } : {}),
        ...(nextRunAt ? { nextRunAt: nextRunAt.toISOString() } : {}),
      },
      runs: runs.map((run) => ({
        startedAt: run.startedAt.toISOString(),
        ...(run.finishedAt ? { finishedAt: run.finishedAt.toISOString() } : {}),
        due: run.due,
        charged: run.charged,
        declined: run.declined,
        lapsed: run.lapsed,
        ended: run.ended,
        failed: run.failed,
      })),
      renewals: renewals.map((renewal) => ({
        passId: renewal.passId,
        userId: renewal.userId,
        planName: renewal.planName,
        period: renewal.period,
        amount: renewal.amount,
        outcome: renewal.outcome ?? 'failed',
        ...(renewal.reason ? { reason: renewal.reason } : {}),
        attempts: renewal.attempts,
        at: renewal.at.toISOString(),
      })),
    };
  }

  /**
   * The next period charged: its renewal claimed (inserted; or taken over once the claim of a run that stopped
   * lapsed; a renewal already done only moves the pass as it said), registered on its plan while charging.
   */
  private async chargeNext(pass: PassDocument, now: Date): Promise<Applied> {
    const next = passPeriod(pass.anchor, pass.period + 1);
    const passId = pass._id.toHexString();
    const id = periodId(passId, next.key);
    const claimed = await this.claim(pass, id, next.key, next.index, now);
    if (claimed === 'taken') return 'skipped';
    if (claimed.state === 'done') return this.move(pass, claimed, now);
    const plan = await this.plans.register(pass.planId, id);
    try {
      const renewal = { ...claimed, amount: plan?.monthlyPrice ?? claimed.amount, planName: plan?.name ?? claimed.planName };
      const outcome = await this.charge(pass, renewal, now);
      const done = await this.stores.renewals.findOne({ _id: id });
      return done ? this.move(pass, done, now) : outcome.status === 'succeeded' ? 'charged' : 'declined';
    } finally {
      await this.plans.unregister(pass.planId, id);
    }
  }

  private async claim(pass: PassDocument, id: string, period: string, periodIndex: number, now: Date): Promise<RenewalDocument | 'taken'> {
    const plan = await this.plans.byId(pass.planId);
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const fresh: RenewalDocument = {
      _id: id,
      passId: pass._id.toHexString(),
      userId: pass.userId,
      planId: pass.planId,
      planName: plan?.name ?? '',
      period,
      periodIndex,
      amount: plan?.monthlyPrice ?? 0,
      state: 'charging',
      leaseUntil,
      attempts: 1,
      at: now,
    };
    const inserted = await this.stores.renewals.insertOne(fresh).then(
      () => true,
      (error: unknown) => {
        if ((error as { code?: number }).code === 11000) return false;
        throw error;
      },
    );
    if (inserted) return fresh;
    const existing = await this.stores.renewals.findOne({ _id: id });
    if (!existing) return 'taken';
    if (existing.state === 'done') return existing;
    if (existing.leaseUntil > now) return 'taken';
    // The instance that claimed it stopped: taken over (its charge, if it made one, answers again under the same key).
    const taken = await this.stores.renewals.findOneAndUpdate(
      { _id: id, state: 'charging', leaseUntil: existing.leaseUntil },
      { $set: { leaseUntil } },
      { returnDocument: 'after' },
    );
    return taken ?? 'taken';
  }

  /** The charge of a claimed renewal, and its outcome written on it (the claim's owner only). */
  private async charge(pass: PassDocument, renewal: RenewalDocument, now: Date): Promise<ChargeOutcome> {
    if (!pass.customerId || !pass.paymentMethodId) throw new Error(`pass ${renewal.passId} has no saved card`);
    const outcome = await this.payments.chargeSaved({
      customerId: pass.customerId,
      paymentMethodId: pass.paymentMethodId,
      amount: renewal.amount,
      currency: 'usd',
      idempotencyKey: chargeKey(renewal.passId, renewal.period, renewal.attempts),
      description: `Cine Pase ${renewal.planName}, ${renewal.period}`,
    });
    const result: Partial<RenewalDocument> =
      outcome.status === 'succeeded'
        ? { outcome: 'charged', paymentId: outcome.paymentId }
        : { outcome: 'declined', reason: outcome.reason };
    await this.stores.renewals.updateOne(
      { _id: renewal._id, state: 'charging', attempts: renewal.attempts },
      { $set: { ...result, state: 'done', amount: renewal.amount, planName: renewal.planName, at: now } },
    );
    return outcome;
  }

  /** The pass moved as its renewal's outcome says, once (the write is conditional on the period it was in). */
  private async move(pass: PassDocument, renewal: RenewalDocument, now: Date): Promise<Applied> {
    if (renewal.outcome !== 'charged' && renewal.outcome !== 'declined') return 'skipped';
    const next = passPeriod(pass.anchor, renewal.periodIndex);
    const moved: PassDocument = { ...pass, period: next.index, periodStart: next.start, renewsAt: next.end };
    const plan = { name: renewal.planName };
    let set: Partial<PassDocument>;
    let events;
    if (renewal.outcome === 'charged') {
      set = { status: 'active' };
      events = [this.chargedEvent(pass, renewal, now)];
    } else {
      const until = graceUntil(now, this.graceDays);
      set = { status: 'grace', graceUntil: until };
      events = [
        createEvent('club.pass-declined', {
          passId: renewal.passId,
          userId: pass.userId,
          planName: renewal.planName,
          period: renewal.period,
          amount: renewal.amount,
          reason: renewal.reason ?? '',
          graceUntil: until.toISOString(),
          at: now.toISOString(),
        }),
        passChanged(moved, plan, 'grace', now),
      ];
    }
    const written = await this.passes.updateOne(
      { _id: pass._id, status: 'active', period: renewal.periodIndex - 1 },
      {
        $set: { ...set, period: next.index, periodStart: next.start, renewsAt: next.end, updatedAt: now },
        $push: { outbox: { $each: events } },
      },
    );
    if (written.modifiedCount === 0) return 'skipped';
    this.relay.nudge(pass._id, events);
    return renewal.outcome;
  }

  /** Cancelling → ended, or grace → lapsed: the pass's status and its renewal recorded (the member may subscribe again). */
  private async finish(pass: PassDocument, status: 'ended' | 'lapsed', now: Date): Promise<Applied> {
    const from: PassStatus = status === 'ended' ? 'cancelling' : 'grace';
    const plan = await this.plans.byId(pass.planId);
    const planName = plan?.name ?? '';
    const event = passChanged(pass, { name: planName }, status, now);
    const written = await this.passes.updateOne(
      { _id: pass._id, status: from, period: pass.period },
      { $set: { status, updatedAt: now }, $push: { outbox: event } },
    );
    if (written.modifiedCount === 0) return 'skipped';
    this.relay.nudge(pass._id, [event]);
    const passId = pass._id.toHexString();
    // A lapse closes its declined renewal; an end is recorded as the renewal that did not happen.
    const period = status === 'lapsed' ? passPeriod(pass.anchor, pass.period) : passPeriod(pass.anchor, pass.period + 1);
    await this.stores.renewals.updateOne(
      { _id: periodId(passId, period.key) },
      {
        $set: { outcome: status, state: 'done', at: now },
        $setOnInsert: {
          passId,
          userId: pass.userId,
          planId: pass.planId,
          planName,
          period: period.key,
          periodIndex: period.index,
          amount: 0,
          leaseUntil: now,
          attempts: 1,
        },
      },
      { upsert: true },
    );
    // The holder stays (GET /club/me shows a lapsed pass); a new subscription takes its place over.
    return status;
  }

  private chargedEvent(pass: PassDocument, renewal: RenewalDocument, now: Date) {
    return createEvent('club.pass-charged', {
      passId: renewal.passId,
      userId: pass.userId,
      planId: pass.planId,
      planName: renewal.planName,
      period: renewal.period,
      amount: renewal.amount,
      kind: 'renewal',
      at: now.toISOString(),
    });
  }
}
