import {
  CLUB_MESSAGES,
  pointsEarned,
  pointsToReverse,
  pointsValue,
  tierOf,
  type ClubAdjustResponse,
  type ClubLedgerPage,
  type ClubMe,
  type ClubMemberPage,
  type ClubMemberView,
  type ClubTier,
  type OrderPaid,
  type OrderRefunded,
  type PaymentPart,
} from '@cine/contracts';
import { findEachById, isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';
import { BelowZeroError } from '../ledger/append-only-ledger';
import { refuse, type Result } from '../refusal';
import type { ClubSettings } from './club-settings';
import { entryView, type ClubLedger } from './club-ledger';
import { expiredLots, expiringSoon, expiryOf, pageSeqs, pointLots } from './point-lots';

/** A visit: a paid ticket order of the member (the tier counts those of shows in the last 12 months not refunded whole). */
interface Visit {
  orderId: string;
  /** The show's day, 'YYYY-MM-DD'. */
  day: string;
}

/** A member as stored (`club_members`, `_id` = the user id: every read by `_id`). */
export interface MemberDocument {
  _id: string;
  joinedAt: Date;
  visits: Visit[];
}

/** The buyers' e-mails and names (booking's projection, buyers/buyers.ts) for the admin's member list. */
export interface MemberDirectory {
  matching(text: string): Promise<string[]>;
  of(userIds: Iterable<string>): Promise<Map<string, { name: string; email: string }>>;
}

/** The refunds done of an order, oldest first (the orders' own record: what a reversal's cumulative rounding counts). */
export type RefundsOf = (
  orderId: string,
) => Promise<ReadonlyArray<{ id: string; amount: number; payments?: PaymentPart[] | undefined }> | undefined>;

/**
 * The points a refund takes back of an order's earning, decided on the order's refunds up to it (in their order):
 * the cumulative rounding of pointsToReverse, the same whichever order or however often the refunds' events come.
 */
export function reversalOf(
  earned: number,
  paidCents: number,
  refunds: ReadonlyArray<{ id: string; amount: number; payments?: PaymentPart[] | undefined }>,
  refundId: string,
): number {
  let refundedBefore = 0;
  let reversedBefore = 0;
  for (const refund of refunds) {
    const now = earningCents(refund.payments, refund.amount);
    const points = pointsToReverse(earned, paidCents, refundedBefore, now, reversedBefore);
    if (refund.id === refundId) return points;
    refundedBefore += now;
    reversedBefore += points;
  }
  return 0;
}

/** The pass of a member, when the pass plugin is there (issue 41's Cine Pase): GET /club/me's `pass`. */
export interface ClubPassSummaries {
  summaryFor(userId: string, now: Date): Promise<ClubMe['pass'] | undefined>;
}

/** The day 12 months before `now` ('YYYY-MM-DD', UTC): visits of shows from that day on count. */
function visitsSince(now: Date): string {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since.toISOString().slice(0, 10);
}

/** Visits of shows in the 12 months up to `now` (the tier's count); shows still ahead count too (bought, not refunded). */
export function recentVisits(visits: readonly Visit[], now: Date): number {
  const since = visitsSince(now);
  return visits.filter((visit) => visit.day >= since).length;
}

/** Cents of the payment parts that earn (bank card and gift card; points and the pass earn nothing). Absent parts: all by bank card. */
export function earningCents(payments: readonly PaymentPart[] | undefined, total: number): number {
  if (!payments) return total;
  return payments.filter((part) => part.kind === 'card' || part.kind === 'gift_card').reduce((sum, part) => sum + part.amount, 0);
}

/**
 * Cine Club's members and points (issue 41): joining, the balance and its lots, earning on order.paid and
 * taking back on order.refunded (the consumer `booking.club`), spending at checkout (order-effects.ts), expiry
 * and the admin's adjustments. Every move is a ledger entry with a once-only key (club-ledger.ts).
 */
export class Club {
  private readonly members: Collection<MemberDocument>;

  constructor(
    db: Connection,
    readonly ledger: ClubLedger,
    readonly settings: ClubSettings,
    private readonly directory: MemberDirectory,
    private readonly refundsOf: RefundsOf,
  ) {
    this.members = db.collection<MemberDocument>('club_members');
  }

  /** POST /club/join: 'joined' the first time, 'already' after. */
  async join(userId: string, now: Date): Promise<'joined' | 'already'> {
    try {
      await this.members.insertOne({ _id: userId, joinedAt: now, visits: [] });
      return 'joined';
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'already';
      throw error;
    }
  }

  member(userId: string): Promise<MemberDocument | null> {
    return this.members.findOne({ _id: userId });
  }

  tierOf(member: MemberDocument | null, now: Date): ClubTier {
    return tierOf(member ? recentVisits(member.visits, now) : 0, this.settings.tiers);
  }

  /** The tier of a user (not a member: the first tier, which gives nothing). */
  async tierOfUser(userId: string, now: Date): Promise<ClubTier> {
    return this.tierOf(await this.member(userId), now);
  }

  /** Members among `userIds` whose tier joins presales first (the presale's priority), read by `_id`. */
  async priorityOf(userIds: readonly string[], now = new Date()): Promise<Set<string>> {
    const found = await findEachById(userIds, (_id) => this.members.findOne({ _id }));
    const priority = new Set<string>();
    for (const member of found.values()) if (this.tierOf(member, now).presalePriority) priority.add(member._id);
    return priority;
  }

  /** GET /club/me (without `pass`, which the route asks the pass plugin for): the member and their ledger's head, each by `_id`. */
  async me(userId: string, now: Date): Promise<ClubMe> {
    const member = await this.member(userId);
    const visits = member ? recentVisits(member.visits, now) : 0;
    const tier = tierOf(visits, this.settings.tiers);
    const base = { pointValueCents: this.settings.pointValueCents, pointsPerDollar: this.settings.pointsPerDollar };
    if (!member) return { member: false, tier, points: 0, debt: 0, pointsExpiringSoon: 0, visits: 0, ...base };
    const { balance, summary } = await this.ledger.headOf(userId);
    const soon = expiringSoon(summary.lots, now);
    const next = [...this.settings.tiers].sort((a, b) => a.minVisits - b.minVisits).find((one) => one.minVisits > visits);
    return {
      member: true,
      tier,
      points: Math.max(0, balance),
      debt: Math.max(0, -balance),
      pointsExpiringSoon: soon.points,
      ...(soon.nextExpiry ? { nextExpiry: soon.nextExpiry.toISOString() } : {}),
      visits,
      ...(next ? { nextTier: { name: next.name, visitsToGo: next.minVisits - visits } } : {}),
      ...base,
      joinedAt: member.joinedAt.toISOString(),
    };
  }

  /**
   * GET /club/me/ledger: the member's entries newest first (entries of no points are not moves: left out), the
   * page's seqs worked out on the head and each entry read by `_id`. An earning's points expire 12 months after it.
   */
  async ledgerPage(userId: string, page: number, pageSize: number): Promise<ClubLedgerPage> {
    let total = 0;
    const { entries } = await this.ledger.entriesAt(userId, (head) => {
      const one = pageSeqs(head.seq, head.summary.zeros, page, pageSize);
      total = one.total;
      return one.seqs;
    });
    const items = entries.map((entry) => entryView(entry, entry.kind === 'earn' ? expiryOf(entry.at) : undefined));
    return { items, total, page, pageSize };
  }

  /** The balance a checkout may spend (not a member: null). */
  async spendable(userId: string): Promise<number | null> {
    const member = await this.member(userId);
    return member ? this.ledger.balanceOf(userId) : null;
  }

  /** An order spends `points`, once (a repeat answers the first debit): the points taken (0: the balance fell short meanwhile). */
  async spend(userId: string, orderId: string, points: number, now: Date): Promise<number> {
    const entry = await this.ledger.append(
      userId,
      `spend:${orderId}`,
      (balance) => ({ value: balance >= points ? -points : 0, fields: { kind: 'spend', orderId } }),
      now,
    );
    // A debit given back already (a crash after the release, then the order reserved again) pays nothing: never spent twice.
    if (entry.points !== 0 && (await this.ledger.find(userId, `release:${orderId}`))) return 0;
    return -entry.points;
  }

  /** The order that spent points ended unpaid: its points back, once (nothing spent: nothing). */
  async release(userId: string, orderId: string, now: Date): Promise<void> {
    const spent = await this.ledger.find(userId, `spend:${orderId}`);
    if (!spent || spent.points === 0) return;
    await this.ledger.append(userId, `release:${orderId}`, () => ({ value: -spent.points, fields: { kind: 'release', orderId } }), now);
  }

  /** A refund's points part back as points, once per refund. */
  async refund(userId: string, orderId: string, refundId: string, points: number, now: Date): Promise<void> {
    if (points <= 0) return;
    await this.ledger.append(
      userId,
      `refund:${orderId}:${refundId}`,
      () => ({ value: points, fields: { kind: 'refund', orderId, refundId } }),
      now,
    );
  }

  /**
   * order.paid (the consumer `booking.club`; a redelivery or a replay writes nothing twice): a member who joined
   * before the payment earns on what the bank card and the gift card paid, and the order is a visit.
   */
  async earn(event: OrderPaid, now: Date): Promise<void> {
    const { orderId, userId, total, payments } = event.data;
    const member = await this.member(userId);
    if (!member || member.joinedAt > new Date(event.data.paidAt)) return;
    const paidCents = earningCents(payments, total);
    const points = pointsEarned(paidCents, this.settings.pointsPerDollar);
    await this.ledger.append(
      userId,
      `earn:${orderId}`,
      () => ({
        value: points,
        fields: { kind: 'earn', orderId, ...(event.data.orderCode ? { orderCode: event.data.orderCode } : {}), paidCents, total },
      }),
      now,
    );
    await this.members.updateOne(
      { _id: userId, 'visits.orderId': { $ne: orderId } },
      { $push: { visits: { orderId, day: event.data.date } } },
    );
  }

  /**
   * order.refunded: what the order earned goes back in proportion of what the refund returns of the parts that
   * earned (cumulative rounding over the order's refunds up to it, reversalOf: the refunds of a whole order take
   * back exactly what it earned, in whichever order their events come), even below zero (a debt). Refunded whole,
   * the order is no longer a visit.
   */
  async reverse(event: OrderRefunded, now: Date): Promise<void> {
    const { orderId, userId, refundId, amount, payments } = event.data;
    const earned = await this.ledger.find(userId, `earn:${orderId}`);
    if (!earned) return;
    // The order's refunds up to this one (the event comes once the refund is written among them).
    const refunds = (await this.refundsOf(orderId)) ?? [{ id: refundId, amount, ...(payments ? { payments } : {}) }];
    const upTo = refunds.slice(0, refunds.findIndex((refund) => refund.id === refundId) + 1);
    const points = reversalOf(earned.points, earned.paidCents ?? 0, upTo, refundId);
    await this.ledger.append(
      userId,
      `reversal:${orderId}:${refundId}`,
      () => ({
        value: -points,
        fields: { kind: 'reversal', orderId, refundId, refundedCents: earningCents(payments, amount), refundAmount: amount },
      }),
      now,
      true,
    );
    const refundedWhole = upTo.reduce((sum, refund) => sum + refund.amount, 0) >= (earned.total ?? Infinity);
    if (refundedWhole) await this.forgetVisit(userId, orderId);
  }

  /** The order is no longer a visit. By the visit's whole value: FerretDB's $pull matches whole values only (a condition pulls nothing). */
  private async forgetVisit(userId: string, orderId: string): Promise<void> {
    const member = await this.members.findOne({ _id: userId });
    const visit = member?.visits.find((one) => one.orderId === orderId);
    if (visit) await this.members.updateOne({ _id: userId }, { $pull: { visits: visit } });
  }

  /** POST /club/members/{userId}/adjust (admin): once per request id, audited with its reason and author; never below zero. */
  async adjust(
    userId: string,
    points: number,
    reason: string,
    by: string,
    requestId: string,
    now: Date,
  ): Promise<Result<ClubAdjustResponse>> {
    if (points === 0) return refuse('invalid', CLUB_MESSAGES.adjustZero);
    const member = await this.member(userId);
    if (!member) return refuse('not-found', CLUB_MESSAGES.memberNotFound);
    try {
      const entry = await this.ledger.append(
        userId,
        `adjust:${requestId}`,
        () => ({ value: points, fields: { kind: 'adjust', reason, by } }),
        now,
      );
      return { entry: entryView(entry), member: await this.memberView(member, now) };
    } catch (error) {
      if (error instanceof BelowZeroError) return refuse('conflict', CLUB_MESSAGES.adjustBelowZero(Math.max(0, error.balance)));
      throw error;
    }
  }

  private async memberView(member: MemberDocument, now: Date, buyer?: { name: string; email: string }): Promise<ClubMemberView> {
    const balance = await this.ledger.balanceOf(member._id);
    const visits = recentVisits(member.visits, now);
    return {
      userId: member._id,
      ...(buyer ? { email: buyer.email, name: buyer.name } : {}),
      tier: tierOf(visits, this.settings.tiers).name,
      points: Math.max(0, balance),
      debt: Math.max(0, -balance),
      visits,
      joinedAt: member.joinedAt.toISOString(),
    };
  }

  /** GET /club/members?q= (admin): by part of the e-mail or name (the buyers' projection), newest members first. */
  async search(q: string | undefined, page: number, pageSize: number, now: Date): Promise<ClubMemberPage> {
    const text = q?.trim() ?? '';
    let found: MemberDocument[];
    if (text) {
      const ids = await this.directory.matching(text);
      found = [...(await findEachById(ids, (_id) => this.members.findOne({ _id }))).values()];
    } else found = await this.members.find({}).toArray();
    found.sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime());
    const items = found.slice((page - 1) * pageSize, page * pageSize);
    const buyers = await this.directory.of(items.map((member) => member._id));
    const views = await Promise.all(items.map((member) => this.memberView(member, now, buyers.get(member._id))));
    return { items: views, total: found.length, page, pageSize };
  }

  /**
   * The expiry job's pass: for every member, each lot 12 months old with points left is written off once
   * (`expiry:<seq of the lot>`), never taking the balance below zero. Answers the points written off.
   */
  async expire(now: Date): Promise<number> {
    let expired = 0;
    // One read of the whole ledger (on FerretDB a read by member reads it whole anyway), then each member's lots;
    // a member's head left behind their last entry by a crash is set right on the way (GET /club/me reads it).
    for (const [userId, entries] of await this.ledger.everyMember()) {
      for (const lot of expiredLots(pointLots(entries).lots, now)) {
        const entry = await this.ledger.append(
          userId,
          `expiry:${lot.seq}`,
          (balance) => ({ value: -Math.min(lot.remaining, Math.max(0, balance)), fields: { kind: 'expiry', lot: lot.seq } }),
          now,
        );
        expired -= entry.points;
      }
    }
    return expired;
  }

  /** What `points` pay, in cents. */
  valueOf(points: number): number {
    return pointsValue(points, this.settings.pointValueCents);
  }
}

/** What the presales read of the club (issue 41: Oro joins first): `app.club` is one. */
export type ClubMembers = Pick<Club, 'priorityOf'>;
