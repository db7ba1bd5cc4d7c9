import type { GiftCardEntryKind } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';

/** One move of a card's balance, appended once and never changed. */
export interface LedgerEntry {
  cardId: string;
  /** 1, 2, 3… per card: unique with the card, so two writers racing for the same place cannot both write. */
  seq: number;
  /** What makes it once-only per card: `kind:orderId[:refundId]` (issue, sale, void: the kind alone). */
  key: string;
  kind: GiftCardEntryKind;
  /** Cents: positive credits, negative debits. */
  amount: number;
  /** The balance after it (the sum of the card's entries up to it). */
  balance: number;
  orderId?: string;
  refundId?: string;
  reason?: string;
  by?: string;
  at: Date;
}

/** An entry to append: its amount decided on the balance as it stands when it is written (`amountFor`). */
export interface NewEntry {
  kind: GiftCardEntryKind;
  orderId?: string;
  refundId?: string;
  reason?: string;
  by?: string;
  amountFor(balance: number): number;
}

/** How many times an append re-reads and retries after losing its place to another writer. */
const MAX_ATTEMPTS = 500;

function entryKey(kind: GiftCardEntryKind, orderId?: string, refundId?: string): string {
  return [kind, orderId, refundId].filter((part) => part !== undefined).join(':');
}

/**
 * THE gift cards' money: an append-only ledger (`gift_card_ledger`). A card's balance is its last entry's
 * running balance (= the sum of its entries); an entry is decided on that balance and written at the next
 * sequence number, under a unique index on (cardId, seq): of two writers deciding on the same balance one
 * wins, the other re-reads and decides again, so no debit ever takes more than the card has. A second unique
 * index on (cardId, key) makes every entry once-only: a step repeated after a crash, or raced by the sweep,
 * finds the entry it wrote before.
 */
export class GiftCardLedger {
  private readonly entries: Collection<LedgerEntry>;

  private constructor(db: Connection) {
    this.entries = db.collection<LedgerEntry>('gift_card_ledger');
  }

  static async open(db: Connection): Promise<GiftCardLedger> {
    const ledger = new GiftCardLedger(db);
    await ledger.entries.createIndex({ cardId: 1, seq: 1 }, { unique: true, name: 'card_seq' });
    await ledger.entries.createIndex({ cardId: 1, key: 1 }, { unique: true, name: 'card_key' });
    return ledger;
  }

  /** The card's entries, oldest first. */
  async entriesOf(cardId: string): Promise<LedgerEntry[]> {
    return (await this.entries.find({ cardId }).toArray()).sort((a, b) => a.seq - b.seq);
  }

  async balanceOf(cardId: string): Promise<number> {
    return (await this.last(cardId))?.balance ?? 0;
  }

  /** The entry of this key, if written. */
  find(cardId: string, kind: GiftCardEntryKind, orderId?: string, refundId?: string): Promise<LedgerEntry | null> {
    return this.entries.findOne({ cardId, key: entryKey(kind, orderId, refundId) }, { projection: { _id: 0 } });
  }

  /**
   * Appends the entry once (its key written before: that entry, unchanged). Its amount is decided on the
   * balance it follows; a balance that would go below zero is never written (`amountFor` must not ask it).
   */
  async append(cardId: string, entry: NewEntry, now: Date): Promise<LedgerEntry> {
    const key = entryKey(entry.kind, entry.orderId, entry.refundId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [written, last] = await Promise.all([this.entries.findOne({ cardId, key }, { projection: { _id: 0 } }), this.last(cardId)]);
      if (written) return written;
      const before = last?.balance ?? 0;
      const amount = entry.amountFor(before);
      if (before + amount < 0) throw new Error(`gift card ${cardId}: an entry of ${amount} would leave ${before + amount}`);
      const next: LedgerEntry = {
        cardId,
        seq: (last?.seq ?? 0) + 1,
        key,
        kind: entry.kind,
        amount,
        balance: before + amount,
        ...(entry.orderId === undefined ? {} : { orderId: entry.orderId }),
        ...(entry.refundId === undefined ? {} : { refundId: entry.refundId }),
        ...(entry.reason === undefined ? {} : { reason: entry.reason }),
        ...(entry.by === undefined ? {} : { by: entry.by }),
        at: now,
      };
      try {
        await this.entries.insertOne({ ...next });
        return next;
      } catch (error) {
        // Another writer took this place (or wrote this key): read again and decide again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error(`gift card ${cardId}: too many writers at once`);
  }

  private last(cardId: string): Promise<LedgerEntry | null> {
    return this.entries
      .find({ cardId }, { projection: { _id: 0 } })
      .sort({ seq: -1 })
      .limit(1)
      .next();
  }
}
