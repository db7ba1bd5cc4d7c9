import type { ClubEntryKind, ClubLedgerEntryView } from '@cine/contracts';
import { createEvent, outboxPlugin, type OutboxRelay, type WithOutbox } from '@cine/service-kit';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { AppendOnlyLedger, type Decided, type OwnerHead } from '../ledger/append-only-ledger';
import { clubSummary, type ClubSummary } from './point-lots';

/** One move of a member's points (`club_ledger`), appended once and never changed; the balance is the sum of `points`. */
export interface ClubEntry {
  userId: string;
  seq: number;
  /**
   * Once-only per member: `earn:<orderId>`, `spend:<orderId>`, `release:<orderId>`, `refund:<orderId>:<refundId>`,
   * `reversal:<orderId>:<refundId>`, `expiry:<seq of the lot>`, `adjust:<request id>`.
   */
  key: string;
  kind: ClubEntryKind;
  /** Positive credits, negative debits. */
  points: number;
  /** The balance after it: below zero only after a reversal (a debt the next credits pay first). */
  balance: number;
  orderId?: string;
  orderCode?: string;
  refundId?: string;
  reason?: string;
  /** An adjustment's admin (user id). */
  by?: string;
  /** An expiry: the seq of the lot it wrote off. */
  lot?: number;
  /** An earning: the cents of the order paid by bank card and gift card (what earns), and the order's total. */
  paidCents?: number;
  total?: number;
  /** A reversal: the cents of the refund that had earned (bank card and gift card), and the refund's whole amount. */
  refundedCents?: number;
  refundAmount?: number;
  at: Date;
}

type ClubEntryDocument = ClubEntry & WithOutbox;

const entrySchema = new Schema<ClubEntryDocument>({}, { collection: 'club_ledger', strict: false, autoIndex: false, versionKey: false });
entrySchema.plugin(outboxPlugin);

/** The ledger's model: only the outbox relay reads through it (the ledger writes the collection itself). */
export function clubLedgerModel(db: Connection): Model<ClubEntryDocument> {
  return (db.models.ClubLedgerEntry as Model<ClubEntryDocument> | undefined) ?? db.model<ClubEntryDocument>('ClubLedgerEntry', entrySchema);
}

/**
 * Cine Club's points ledger: the append-only ledger (ledger/append-only-ledger.ts) by member, each entry written
 * with its club.points-moved in its own outbox (one insert: the entry and its event, never one without the
 * other), published by the relay and pulled. An entry of no points (an order paid all by points earns nothing,
 * yet is a visit) is kept for the sums of later refunds and announced to no one.
 */
export class ClubLedger {
  private readonly ledger: AppendOnlyLedger<ClubEntry, ClubSummary>;

  constructor(
    model: Model<ClubEntryDocument>,
    private readonly relay: OutboxRelay,
    private readonly pointValueCents: number,
  ) {
    this.ledger = new AppendOnlyLedger<ClubEntry, ClubSummary>(
      model.collection as never,
      { owner: 'userId', value: 'points' },
      model.db.collection('club_ledger_heads') as never,
      clubSummary,
    );
  }

  init(): Promise<void> {
    return this.ledger.createIndexes('member');
  }

  /** The member's balance, open lots and entries of no points, by `_id` (their head: see docs/club.md for a head left one entry behind). */
  headOf(userId: string): Promise<OwnerHead<ClubSummary>> {
    return this.ledger.headOf(userId);
  }

  /** The member's head and the entries of the seqs `pick` chooses on it, each read by `_id` (a page of the ledger). */
  entriesAt(
    userId: string,
    pick: (head: OwnerHead<ClubSummary>) => number[],
  ): Promise<{ head: OwnerHead<ClubSummary>; entries: ClubEntry[] }> {
    return this.ledger.entriesAt(userId, pick);
  }

  /** Every member's entries (one read of the whole ledger: the expiry job's), each head left behind its last entry set right. */
  everyMember(): Promise<Map<string, ClubEntry[]>> {
    return this.ledger.everyOwnerHealed();
  }

  balanceOf(userId: string): Promise<number> {
    return this.ledger.balanceOf(userId);
  }

  find(userId: string, key: string): Promise<ClubEntry | null> {
    return this.ledger.find(userId, key);
  }

  /** Appends the entry of `key` once, with its club.points-moved (none for no points); `mayGoBelowZero` only for a reversal. */
  async append(
    userId: string,
    key: string,
    decide: (balance: number) => Decided<ClubEntry>,
    now: Date,
    mayGoBelowZero = false,
  ): Promise<ClubEntry> {
    let written: { entry: ClubEntry; id: Types.ObjectId; events: ReturnType<typeof createEvent<'club.points-moved'>>[] } | undefined;
    const entry = await this.ledger.append(userId, key, decide, now, {
      mayGoBelowZero,
      extra: (next, id) => {
        const events =
          next.points === 0
            ? []
            : [
                createEvent('club.points-moved', {
                  entryId: entryId(next),
                  userId,
                  kind: next.kind,
                  points: next.points,
                  pointValueCents: this.pointValueCents,
                  ...(next.orderId ? { orderId: next.orderId } : {}),
                  at: now.toISOString(),
                }),
              ];
        written = { entry: next, id, events };
        return { outbox: events };
      },
    });
    // Written by this very attempt (not found from before, nor lost to another writer): its event goes now; after a crash the relay's look finds it.
    if (written?.entry === entry && written.events.length > 0) this.relay.nudge(written.id, written.events);
    return entry;
  }
}

function entryId(entry: Pick<ClubEntry, 'userId' | 'seq'>): string {
  return `${entry.userId}:${entry.seq}`;
}

export function entryView(entry: ClubEntry, expiresAt?: Date): ClubLedgerEntryView {
  return {
    id: entryId(entry),
    kind: entry.kind,
    points: entry.points,
    balance: entry.balance,
    ...(entry.orderId ? { orderId: entry.orderId } : {}),
    ...(entry.orderCode ? { orderCode: entry.orderCode } : {}),
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.by ? { by: entry.by } : {}),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    at: entry.at.toISOString(),
  };
}
