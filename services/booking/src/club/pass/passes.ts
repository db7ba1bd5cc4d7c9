import {
  CLUB_MESSAGES,
  PASS_STATUSES,
  type ClubPassSummary,
  type PassResponse,
  type PassStatus,
  type PassSubscribeRequest,
} from '@cine/contracts';
import { createEvent, isDuplicateKeyError, type OutboxRelay } from '@cine/service-kit';
import { randomUUID } from 'node:crypto';
import { Types, type Model } from 'mongoose';
import type { PaymentProvider } from '../../payments';
import type { ClubPassSummaries } from '../club';
import { declineMessage } from '../../payments/decline-messages';
import { isRefusal, refuse, type Result } from '../../refusal';
import type { PassDocument, PassStores, PlanDocument } from './pass-model';
import { isUsable, periodId } from './pass-rules';
import { passPeriod, periodIndexAt } from './periods';
import type { PassPlans } from './plans';
import type { PassRenewer } from './renewals';

/** Whether a user is a Cine Club member (the club's members: plugins/club-pass.ts wires `app.club`). */
export interface ClubMembership {
  isMember(userId: string): Promise<boolean>;
}

/** A subscription left in `subscribing` longer than this (its instance stopped) is finished by the member's next one. */
const STALE_SUBSCRIPTION_MS = 10 * 60_000;

const NO_PASS = () => refuse('not-found', CLUB_MESSAGES.noPass);

export function passChanged(pass: PassDocument, plan: Pick<PlanDocument, 'name'>, status: PassStatus, now: Date) {
  return createEvent('club.pass-changed', {
    passId: pass._id.toHexString(),
    userId: pass.userId,
    planName: plan.name,
    status,
    renewsAt: pass.renewsAt.toISOString(),
    at: now.toISOString(),
  });
}

/**
 * Issue 41: the members' Cine Pase. One live pass per member (its holder document, `_id` = userId); subscribing
 * saves the card and charges the first month at once with the key `pass:<passId>:<period>` (declined: 402 and
 * no pass); cancelling keeps it until its period ends; a new card in grace pays the period due at once. Every
 * change of a pass records its events in the pass's outbox in the same write.
 */
export class ClubPasses implements ClubPassSummaries {
  renewer!: PassRenewer;

  constructor(
    private readonly passes: Model<PassDocument>,
    private readonly stores: PassStores,
    private readonly plans: PassPlans,
    private readonly payments: PaymentProvider,
    private readonly membership: ClubMembership,
    private readonly relay: OutboxRelay,
  ) {}

  /** The member's pass of the holder document (any status), or null. */
  async passOf(userId: string): Promise<PassDocument | null> {
    const holder = await this.stores.holders.findOne({ _id: userId });
    return holder ? this.passes.findById(holder.passId).lean<PassDocument>() : null;
  }

  async subscribe(userId: string, { planId, paymentMethodId }: PassSubscribeRequest, now: Date): Promise<Result<PassResponse>> {
    // 409, not 403: joining the club (free) is what is missing, not a right (an admin who is no member gets it too).
    if (!(await this.membership.isMember(userId))) return refuse('conflict', CLUB_MESSAGES.notMember);
    const plan = await this.plans.byId(planId);
    if (!plan) return refuse('not-found', CLUB_MESSAGES.planNotFound);
    if (!plan.active) return refuse('conflict', CLUB_MESSAGES.planInactive);
    const passId = new Types.ObjectId();
    if (!(await this.claimHolder(userId, passId.toHexString(), now))) return refuse('conflict', CLUB_MESSAGES.passAlready);
    const first = passPeriod(now, 0);
    await this.passes.collection.insertOne({
      _id: passId,
      userId,
      planId,
      status: 'subscribing',
      anchor: now,
      period: 0,
      periodStart: first.start,
      renewsAt: first.end,
      createdAt: now,
      updatedAt: now,
      outbox: [],
    } satisfies PassDocument);
    const saved = await this.payments.saveCard({
      customerKey: userId,
      paymentMethodId,
      idempotencyKey: `pass-card:${passId.toHexString()}:0`,
    });
    if (saved.status === 'declined') return this.fail(passId, userId, saved.code, now);
    // The card and the first month's price kept before the charge: a subscription a crash left is finished from them.
    const card = {
      customerId: saved.customerId,
      paymentMethodId: saved.paymentMethodId,
      ...(saved.last4 ? { cardLast4: saved.last4 } : {}),
    };
    await this.passes.updateOne({ _id: passId, status: 'subscribing' }, { $set: { ...card, firstAmount: plan.monthlyPrice } });
    const pass = (await this.passes.findById(passId).lean<PassDocument>())!;
    const charged = await this.chargeFirst(pass, plan, now);
    if (isRefusal(charged)) return charged;
    return { message: `¡Listo! Tu Cine Pase está activo (plan «${plan.name}»).`, pass: await this.summary(charged, plan, now) };
  }

  /**
   * The first month charged on the saved card (key `pass:<passId>:<period>`: again after a crash, the first payment
   * answers) and the pass made active with its events; declined: the pass failed and the member's place free.
   */
  private async chargeFirst(pass: PassDocument, plan: PlanDocument, now: Date): Promise<Result<PassDocument>> {
    const first = passPeriod(pass.anchor, 0);
    if (!pass.customerId || !pass.paymentMethodId) return this.fail(pass._id, pass.userId, 'card_declined', now);
    const amount = pass.firstAmount ?? plan.monthlyPrice;
    const charge = await this.payments.chargeSaved({
      customerId: pass.customerId,
      paymentMethodId: pass.paymentMethodId,
      amount,
      currency: 'usd',
      idempotencyKey: `pass:${pass._id.toHexString()}:${first.key}`,
      description: `Cine Pase ${plan.name}, ${first.key}`,
    });
    if (charge.status === 'declined') return this.fail(pass._id, pass.userId, charge.code, now);
    const active = { ...pass, status: 'active' as const };
    const events = [
      passChanged(active, plan, 'active', now),
      createEvent('club.pass-charged', {
        passId: pass._id.toHexString(),
        userId: pass.userId,
        planId: pass.planId,
        planName: plan.name,
        period: first.key,
        amount,
        kind: 'first',
        at: now.toISOString(),
      }),
    ];
    const written = await this.passes.updateOne(
      { _id: pass._id, status: 'subscribing' },
      { $set: { status: 'active', updatedAt: now }, $push: { outbox: { $each: events } } },
    );
    if (written.modifiedCount === 1) this.relay.nudge(pass._id, events);
    return active;
  }

  private async fail(passId: Types.ObjectId, userId: string, code: string, now: Date) {
    await this.passes.updateOne({ _id: passId, status: 'subscribing' }, { $set: { status: 'failed', updatedAt: now } });
    await this.stores.holders.deleteOne({ _id: userId, passId: passId.toHexString() });
    return refuse('declined', declineMessage(code), code);
  }

  /** DELETE /club/pass: active → cancelling (kept until its period ends); in grace it ends at once (its period is unpaid). */
  async cancel(userId: string, now: Date): Promise<Result<PassResponse>> {
    const pass = await this.passOf(userId);
    if (!pass || !isUsable(pass.status)) return NO_PASS();
    const plan = await this.plans.byId(pass.planId);
    if (!plan) return NO_PASS();
    if (pass.status !== 'cancelling') {
      const status: PassStatus = pass.status === 'grace' ? 'ended' : 'cancelling';
      const event = passChanged(pass, plan, status, now);
      const written = await this.passes.updateOne(
        { _id: pass._id, status: pass.status, period: pass.period },
        { $set: { status, updatedAt: now }, $push: { outbox: event } },
      );
      if (written.modifiedCount === 0) return this.cancel(userId, now);
      this.relay.nudge(pass._id, [event]);
    }
    const after = await this.passes.findById(pass._id).lean<PassDocument>();
    const message =
      after?.status === 'ended'
        ? 'Cancelaste tu Cine Pase.'
        : `Cancelaste tu Cine Pase: puedes usarlo hasta el ${after!.renewsAt.toISOString().slice(0, 10)}.`;
    return { message, pass: await this.summary(after!, plan, now) };
  }

  /** POST /club/pass/card: the card later renewals charge; in grace, the period due is charged with it at once. */
  async changeCard(userId: string, paymentMethodId: string, now: Date): Promise<Result<PassResponse>> {
    const pass = await this.passOf(userId);
    if (!pass || !isUsable(pass.status)) return NO_PASS();
    const plan = await this.plans.byId(pass.planId);
    if (!plan) return NO_PASS();
    const saved = await this.payments.saveCard({
      customerKey: userId,
      paymentMethodId,
      idempotencyKey: `pass-card:${pass._id.toHexString()}:${randomUUID()}`,
    });
    if (saved.status === 'declined') return refuse('declined', declineMessage(saved.code), saved.code);
    const card = { customerId: saved.customerId, paymentMethodId: saved.paymentMethodId, cardLast4: saved.last4 ?? '' };
    await this.passes.updateOne({ _id: pass._id }, { $set: { ...card, updatedAt: now } });
    if (pass.status === 'grace') {
      const paid = await this.renewer.chargeInGrace({ ...pass, ...card }, now);
      if (paid && paid.status === 'declined') return refuse('declined', declineMessage(paid.code), paid.code);
    }
    const after = (await this.passes.findById(pass._id).lean<PassDocument>())!;
    const message =
      pass.status === 'grace'
        ? 'Tu nueva tarjeta pagó el mes: tu Cine Pase está activo.'
        : 'Guardamos tu nueva tarjeta para las próximas renovaciones.';
    return { message, pass: await this.summary(after, plan, now) };
  }

  /**
   * Issue 41, the checkout: the member's pass that covers a ticket of a show of `type` on `date` now, or why not (no pass
   * that books, a format its plan leaves out, the month's tickets used, a pass ticket that day already): refused
   * before anything is taken. The claim at pending → reserved decides again.
   */
  async coverFor(
    userId: string,
    show: { type: string; date: string },
    _now: Date,
  ): Promise<Result<{ passId: string; period: string; day: string }>> {
    const pass = await this.passOf(userId);
    if (!pass || !isUsable(pass.status)) return NO_PASS();
    const plan = await this.plans.byId(pass.planId);
    if (!plan) return NO_PASS();
    if (!(plan.formats as readonly string[]).includes(show.type)) return refuse('conflict', CLUB_MESSAGES.passFormat(show.type));
    const passId = pass._id.toHexString();
    const period = passPeriod(pass.anchor, pass.period).key;
    const [usage, day] = await Promise.all([
      this.stores.usage.findOne({ _id: periodId(passId, period) }),
      this.stores.days.findOne({ _id: periodId(passId, show.date) }),
    ]);
    if (day) return refuse('conflict', CLUB_MESSAGES.passSameDay);
    if ((usage?.used ?? 0) >= plan.ticketsPerMonth) return refuse('conflict', CLUB_MESSAGES.passAllowanceUsed);
    return { passId, period, day: show.date };
  }

  /**
   * The order's pass ticket claimed: its show day (`club_pass_days`, `_id` = passId:day, inserted once) then one of the
   * period's tickets (`club_pass_usage`, `_id` = passId:period, incremented only below the plan's allowance, once per
   * order). A repeat for the same order holds what it held.
   */
  async claim(cover: { passId: string; period: string; day: string }, orderId: string): Promise<Result<{ outcome: 'held' }>> {
    const pass = await this.passes.findById(cover.passId).lean<PassDocument>();
    const plan = pass && isUsable(pass.status) ? await this.plans.byId(pass.planId) : null;
    if (!pass || !plan) return NO_PASS();
    const dayId = periodId(cover.passId, cover.day);
    try {
      await this.stores.days.insertOne({ _id: dayId, orderId });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const day = await this.stores.days.findOne({ _id: dayId });
      if (day?.orderId !== orderId) return refuse('conflict', CLUB_MESSAGES.passSameDay);
    }
    const usageId = periodId(cover.passId, cover.period);
    try {
      const taken = await this.stores.usage.updateOne(
        { _id: usageId, used: { $lt: plan.ticketsPerMonth }, orders: { $ne: orderId } },
        { $inc: { used: 1 }, $push: { orders: orderId } },
        { upsert: true },
      );
      if (taken.modifiedCount + taken.upsertedCount === 1) return { outcome: 'held' };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const usage = await this.stores.usage.findOne({ _id: usageId });
    if (usage?.orders.includes(orderId)) return { outcome: 'held' };
    await this.stores.days.deleteOne({ _id: dayId, orderId });
    return refuse('conflict', CLUB_MESSAGES.passAllowanceUsed);
  }

  /**
   * The order's pass ticket given back, once: its show day freed and its ticket back to the period's allowance. A refund
   * (`refunded`) gives the ticket back only while its period is still the pass's current one.
   */
  async release(cover: { passId: string; period: string; day: string }, orderId: string, refunded: boolean, now: Date): Promise<void> {
    await this.stores.days.deleteOne({ _id: periodId(cover.passId, cover.day), orderId });
    if (refunded) {
      const pass = await this.passes.findById(cover.passId).lean<PassDocument>();
      const current = pass ? passPeriod(pass.anchor, periodIndexAt(pass.anchor, now)).key : undefined;
      if (current !== cover.period) return;
    }
    await this.stores.usage.updateOne(
      { _id: periodId(cover.passId, cover.period), orders: orderId },
      { $inc: { used: -1 }, $pull: { orders: orderId } },
    );
  }

  /** GET /club/me's `pass`: the member's pass while it books tickets, or lapsed (undefined: none, or ended). */
  async summaryFor(userId: string, now: Date): Promise<ClubPassSummary | undefined> {
    const pass = await this.passOf(userId);
    if (!pass || !(PASS_STATUSES as readonly string[]).includes(pass.status) || pass.status === 'ended') return undefined;
    const plan = await this.plans.byId(pass.planId);
    return plan ? this.summary(pass, plan, now) : undefined;
  }

  async summary(pass: PassDocument, plan: PlanDocument, _now: Date): Promise<ClubPassSummary> {
    const period = passPeriod(pass.anchor, pass.period);
    const usage = await this.stores.usage.findOne({ _id: periodId(pass._id.toHexString(), period.key) });
    const status = pass.status as PassStatus;
    return {
      id: pass._id.toHexString(),
      plan: {
        id: plan._id.toHexString(),
        name: plan.name,
        monthlyPrice: plan.monthlyPrice,
        ticketsPerMonth: plan.ticketsPerMonth,
        formats: plan.formats,
      },
      status,
      renewsAt: pass.renewsAt.toISOString(),
      periodStart: pass.periodStart.toISOString(),
      ticketsLeft: isUsable(status) ? Math.max(0, plan.ticketsPerMonth - (usage?.used ?? 0)) : 0,
      ...(pass.graceUntil && status === 'grace' ? { graceUntil: pass.graceUntil.toISOString() } : {}),
      ...(pass.cardLast4 ? { cardLast4: pass.cardLast4 } : {}),
    };
  }

  /**
   * The member's place for a new pass: the holder document inserted, or taken over from a pass that is no longer
   * live (lapsed, ended, failed, a subscription its instance left). False: a live pass holds it.
   */
  private async claimHolder(userId: string, passId: string, now: Date): Promise<boolean> {
    try {
      await this.stores.holders.insertOne({ _id: userId, passId });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const holder = await this.stores.holders.findOne({ _id: userId });
    if (!holder) return this.claimHolder(userId, passId, now);
    let held = await this.passes.findById(holder.passId).lean<PassDocument>();
    if (held?.status === 'subscribing') {
      // Under way in another request; or left by a crash: finished now (its first charge again under its key: once).
      if (now.getTime() - held.createdAt.getTime() < STALE_SUBSCRIPTION_MS) return false;
      const plan = await this.plans.byId(held.planId);
      if (plan) await this.chargeFirst(held, plan, now);
      held = await this.passes.findById(holder.passId).lean<PassDocument>();
    }
    if (held && (isUsable(held.status) || held.status === 'subscribing')) return false;
    const taken = await this.stores.holders.updateOne({ _id: userId, passId: holder.passId }, { $set: { passId } });
    if (taken.modifiedCount === 1) return true;
    // Gone meanwhile (a declined subscription lets its place go): claimed afresh; taken by another pass: that one is live.
    return (await this.stores.holders.findOne({ _id: userId })) ? false : this.claimHolder(userId, passId, now);
  }
}
