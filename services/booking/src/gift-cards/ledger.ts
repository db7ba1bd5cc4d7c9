import type { GiftCardEntryKind } from '@cine/contracts';
import type { Connection } from 'mongoose';
import { AppendOnlyLedger } from '../ledger/append-only-ledger';

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

function entryKey(kind: GiftCardEntryKind, orderId?: string, refundId?: string): string {
  return [kind, orderId, refundId].filter((part) => part !== undefined).join(':');
}

/**
 * THE gift cards' money: the append-only ledger (ledger/append-only-ledger.ts) of `gift_card_ledger`, by card.
 * A card's balance is its last entry's running balance and never goes below zero; each entry is once-only by
 * its key (`kind:orderId[:refundId]`; issue, sale, void: the kind alone).
 */
export class GiftCardLedger {
  private constructor(private readonly ledger: AppendOnlyLedger<LedgerEntry>) {}

  static async open(db: Connection): Promise<GiftCardLedger> {
    const ledger = new AppendOnlyLedger<LedgerEntry>(db.collection('gift_card_ledger'), { owner: 'cardId', value: 'amount' });
    await ledger.createIndexes('card');
    return new GiftCardLedger(ledger);
  }

  /** The card's entries, oldest first. */
  entriesOf(cardId: string): Promise<LedgerEntry[]> {
    return this.ledger.entriesOf(cardId);
  }

  balanceOf(cardId: string): Promise<number> {
    return this.ledger.balanceOf(cardId);
  }

  /** The entry of this key, if written. */
  find(cardId: string, kind: GiftCardEntryKind, orderId?: string, refundId?: string): Promise<LedgerEntry | null> {
    return this.ledger.find(cardId, entryKey(kind, orderId, refundId));
  }

  /**
   * Appends the entry once (its key written before: that entry, unchanged). Its amount is decided on the
   * balance it follows; a balance that would go below zero is never written (`amountFor` must not ask it).
   */
  append(cardId: string, entry: NewEntry, now: Date): Promise<LedgerEntry> {
    return this.ledger.append(
      cardId,
      entryKey(entry.kind, entry.orderId, entry.refundId),
      (balance) => ({
        value: entry.amountFor(balance),
        fields: {
          kind: entry.kind,
          ...(entry.orderId === undefined ? {} : { orderId: entry.orderId }),
          ...(entry.refundId === undefined ? {} : { refundId: entry.refundId }),
          ...(entry.reason === undefined ? {} : { reason: entry.reason }),
          ...(entry.by === undefined ? {} : { by: entry.by }),
        },
      }),
      now,
    );
  }
}
