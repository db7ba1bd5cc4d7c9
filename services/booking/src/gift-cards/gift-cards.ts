import {
  GIFT_CARD_MESSAGES,
  normalizeGiftCardCode,
  giftCardLast4,
  type GiftCardBalance,
  type GiftCardIssued,
  type GiftCardIssueRequest,
  type GiftCardLedgerEntry,
  type GiftCardPage,
  type GiftCardView,
  type MyGiftCard,
} from '@cine/contracts';
import { createEvent, escapeRegex, isDuplicateKeyError, type OutboxRelay } from '@cine/service-kit';
import { Types, type Model } from 'mongoose';
import { refuse, type Result } from '../refusal';
import { giftCardCodeHash, isCodeOf, newGiftCardCode } from './codes';
import type { GiftCardDocument, StoredGiftCard } from './gift-card-model';
import type { GiftCardLedger, LedgerEntry } from './ledger';

const WITHOUT_OUTBOX = { outbox: 0 };

export interface GiftCardSettings {
  currency: string;
  validMonths: number;
}

/** What a sold card is made of (the purchase order that paid it). */
export interface SoldCard {
  cardId: Types.ObjectId;
  orderId: string;
  buyerId: string;
  amount: number;
  recipientEmail: string;
  recipientName?: string | undefined;
  message?: string | undefined;
}

function expiryFrom(now: Date, months: number): Date {
  const expiresAt = new Date(now);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + months);
  return expiresAt;
}

const NOT_FOUND = refuse('not-found', GIFT_CARD_MESSAGES.notFound);

/**
 * The gift cards: their documents (codes.ts: hash and last four only) and their money (ledger.ts). A card
 * that is void or expired is, to a buyer, a card that does not exist. Admin operations (issue, void) record
 * their event in the card's outbox in the same write as the card.
 */
export class GiftCards {
  constructor(
    private readonly cards: Model<GiftCardDocument>,
    readonly ledger: GiftCardLedger,
    private readonly relay: OutboxRelay,
    private readonly settings: GiftCardSettings,
  ) {}

  get currency(): string {
    return this.settings.currency;
  }

  /** The card of this code as typed (null: no such card), found by the code's hash and compared in constant time. */
  async byCode(typed: string): Promise<StoredGiftCard | null> {
    const code = normalizeGiftCardCode(typed);
    if (!code) return null;
    const card = await this.cards.findOne({ codeHash: giftCardCodeHash(code) }, WITHOUT_OUTBOX).lean<StoredGiftCard>();
    return card && isCodeOf(card, code) ? card : null;
  }

  /** The card of an admin's `{code}`: its id or its whole code. */
  async byRef(ref: string): Promise<StoredGiftCard | null> {
    if (/^[0-9a-f]{24}$/i.test(ref)) return this.cards.findById(ref, WITHOUT_OUTBOX).lean<StoredGiftCard>();
    return this.byCode(ref);
  }

  /** A card a buyer may spend now: not void, not expired (else answered as unknown). */
  async usable(typed: string, now: Date): Promise<Result<StoredGiftCard & { balance: number }>> {
    const card = await this.byCode(typed);
    if (!card || card.voidedAt || card.expiresAt <= now) return NOTHING_FOUND();
    return { ...card, balance: await this.ledger.balanceOf(card._id.toHexString()) };
  }

  /** GET /gift-cards/{code}: the balance and expiry; unknown, void and expired cards answer alike. */
  async balance(typed: string, now: Date): Promise<Result<GiftCardBalance>> {
    const card = await this.usable(typed, now);
    if ('outcome' in card) return card;
    return { balance: card.balance, currency: card.currency, expiresAt: card.expiresAt.toISOString() };
  }

  /** An order spends up to `want` of the card, once (a repeat answers the first debit): the cents taken. */
  async debit(cardId: string, orderId: string, want: number, now: Date): Promise<number> {
    const entry = await this.ledger.append(cardId, { kind: 'debit', orderId, amountFor: (balance) => -Math.min(balance, want) }, now);
    // A debit given back already (a crash after the release, then the order reserved again) pays nothing: never spent twice.
    if (entry.amount !== 0 && (await this.ledger.find(cardId, 'release', orderId))) return 0;
    return -entry.amount;
  }

  /** The order that spent the card ended unpaid: its debit back, once (nothing debited: nothing). */
  async release(cardId: string, orderId: string, now: Date): Promise<void> {
    const debit = await this.ledger.find(cardId, 'debit', orderId);
    if (!debit || debit.amount === 0) return;
    await this.ledger.append(cardId, { kind: 'release', orderId, amountFor: () => -debit.amount }, now);
  }

  /** A refund's gift-card part back to the card, once per refund. */
  async refund(cardId: string, orderId: string, refundId: string, amount: number, now: Date): Promise<void> {
    if (amount <= 0) return;
    await this.ledger.append(cardId, { kind: 'refund', orderId, refundId, amountFor: () => amount }, now);
  }

  /**
   * A paid purchase's card: written with a new code (a repeat after a crash writes a new one over the
   * card nobody was told of yet) and its `sale` entry once; answers gift-card.issued for the purchase's
   * outbox (the only place the code goes).
   */
  async sell(sold: SoldCard, now: Date): Promise<GiftCardIssued> {
    const code = newGiftCardCode();
    const cardId = sold.cardId.toHexString();
    const expiresAt = expiryFrom(now, this.settings.validMonths);
    await this.cards.updateOne(
      { _id: sold.cardId },
      {
        $set: { codeHash: giftCardCodeHash(code), last4: giftCardLast4(code), expiresAt },
        $setOnInsert: {
          amount: sold.amount,
          currency: this.settings.currency,
          origin: 'sold',
          recipientEmail: sold.recipientEmail,
          ...(sold.recipientName ? { recipientName: sold.recipientName } : {}),
          buyerId: sold.buyerId,
          orderId: sold.orderId,
          createdAt: now,
          outbox: [],
        },
      },
      { upsert: true },
    );
    await this.ledger.append(cardId, { kind: 'sale', orderId: sold.orderId, amountFor: () => sold.amount }, now);
    return createEvent('gift-card.issued', {
      cardId,
      code,
      last4: giftCardLast4(code),
      amount: sold.amount,
      currency: this.settings.currency,
      expiresAt: expiresAt.toISOString(),
      origin: 'sold',
      orderId: sold.orderId,
      buyerId: sold.buyerId,
      recipientEmail: sold.recipientEmail,
      ...(sold.recipientName ? { recipientName: sold.recipientName } : {}),
      ...(sold.message ? { message: sold.message } : {}),
      issuedAt: now.toISOString(),
    });
  }

  /** POST /gift-cards/issue: a card given by an admin without payment (its `issue` entry first, then the card with its event). */
  async issue(request: GiftCardIssueRequest, adminId: string, now: Date): Promise<GiftCardView> {
    for (;;) {
      const code = newGiftCardCode();
      const _id = new Types.ObjectId();
      const cardId = _id.toHexString();
      const expiresAt = expiryFrom(now, this.settings.validMonths);
      await this.ledger.append(cardId, { kind: 'issue', reason: request.reason, by: adminId, amountFor: () => request.amount }, now);
      const card: StoredGiftCard = {
        _id,
        codeHash: giftCardCodeHash(code),
        last4: giftCardLast4(code),
        amount: request.amount,
        currency: this.settings.currency,
        origin: 'issued',
        recipientEmail: request.recipientEmail,
        ...(request.recipientName ? { recipientName: request.recipientName } : {}),
        reason: request.reason,
        by: adminId,
        createdAt: now,
        expiresAt,
      };
      const event = createEvent('gift-card.issued', {
        cardId,
        code,
        last4: card.last4,
        amount: card.amount,
        currency: card.currency,
        expiresAt: expiresAt.toISOString(),
        origin: 'issued',
        recipientEmail: card.recipientEmail,
        ...(card.recipientName ? { recipientName: card.recipientName } : {}),
        issuedAt: now.toISOString(),
      });
      try {
        await this.cards.create({ ...card, outbox: [event] });
      } catch (error) {
        // The same code drawn twice (31^16: never seen): draw again.
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
      this.relay.nudge(_id);
      return this.view(card, request.amount, now);
    }
  }

  /** POST /gift-cards/{code}/void: what is left of it goes (`void` entry), then the card is marked with gift-card.voided. */
  async void(ref: string, adminId: string, reason: string, now: Date): Promise<Result<GiftCardView>> {
    const card = await this.byRef(ref);
    if (!card) return NOTHING_FOUND();
    if (card.voidedAt) return refuse('conflict', GIFT_CARD_MESSAGES.alreadyVoid);
    const cardId = card._id.toHexString();
    const entry = await this.ledger.append(cardId, { kind: 'void', reason, by: adminId, amountFor: (balance) => -balance }, now);
    const event = createEvent('gift-card.voided', { cardId, last4: card.last4, amount: -entry.amount, voidedAt: now.toISOString() });
    const written = await this.cards.updateOne(
      { _id: card._id, voidedAt: { $exists: false } },
      { $set: { voidedAt: now }, $push: { outbox: event } },
    );
    if (written.modifiedCount !== 1) return refuse('conflict', GIFT_CARD_MESSAGES.alreadyVoid);
    this.relay.nudge(card._id);
    return this.view({ ...card, voidedAt: now }, 0, now);
  }

  /** GET /gift-cards?q= (admin): by whole code, by its last four characters, or by part of the recipient's e-mail; newest first. */
  async search(q: string | undefined, page: number, pageSize: number, now: Date): Promise<GiftCardPage> {
    let found: StoredGiftCard[];
    const text = q?.trim() ?? '';
    const byCode = text ? await this.byCode(text) : null;
    if (byCode) found = [byCode];
    else if (/^[A-Za-z0-9]{4}$/.test(text)) {
      found = await this.cards.find({ last4: text.toUpperCase() }, WITHOUT_OUTBOX).lean<StoredGiftCard[]>();
    } else {
      const filter = text ? { recipientEmail: { $regex: escapeRegex(text.toLowerCase()), $options: 'i' } } : {};
      found = await this.cards.find(filter, WITHOUT_OUTBOX).lean<StoredGiftCard[]>();
    }
    found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const items = found.slice((page - 1) * pageSize, page * pageSize);
    const views = await Promise.all(items.map(async (card) => this.view(card, await this.ledger.balanceOf(card._id.toHexString()), now)));
    return { items: views, total: found.length, page, pageSize };
  }

  /** GET /gift-cards/{code}/ledger (admin), oldest first. */
  async ledgerOf(ref: string): Promise<Result<GiftCardLedgerEntry[]>> {
    const card = await this.byRef(ref);
    if (!card) return NOTHING_FOUND();
    return (await this.ledger.entriesOf(card._id.toHexString())).map(entryView);
  }

  /** GET /gift-cards/mine: the cards the buyer bought, newest first. */
  async mine(buyerId: string): Promise<MyGiftCard[]> {
    const cards = await this.cards.find({ buyerId }, WITHOUT_OUTBOX).sort({ createdAt: -1 }).lean<StoredGiftCard[]>();
    return cards.map((card) => ({
      id: card._id.toHexString(),
      orderId: card.orderId ?? '',
      last4: card.last4,
      amount: card.amount,
      expiresAt: card.expiresAt.toISOString(),
      recipientEmail: card.recipientEmail,
      ...(card.recipientName ? { recipientName: card.recipientName } : {}),
      boughtAt: card.createdAt.toISOString(),
    }));
  }

  view(card: StoredGiftCard, balance: number, now: Date): GiftCardView {
    const state = card.voidedAt ? 'void' : card.expiresAt <= now ? 'expired' : balance === 0 ? 'spent' : 'active';
    return {
      id: card._id.toHexString(),
      last4: card.last4,
      amount: card.amount,
      expiresAt: card.expiresAt.toISOString(),
      balance,
      currency: card.currency,
      origin: card.origin,
      state,
      recipientEmail: card.recipientEmail,
      ...(card.recipientName ? { recipientName: card.recipientName } : {}),
      ...(card.buyerId ? { buyerId: card.buyerId } : {}),
      ...(card.orderId ? { orderId: card.orderId } : {}),
      ...(card.reason ? { reason: card.reason } : {}),
      createdAt: card.createdAt.toISOString(),
      ...(card.voidedAt ? { voidedAt: card.voidedAt.toISOString() } : {}),
    };
  }
}

function NOTHING_FOUND() {
  return NOT_FOUND;
}

function entryView(entry: LedgerEntry): GiftCardLedgerEntry {
  return {
    kind: entry.kind,
    amount: entry.amount,
    balance: entry.balance,
    ...(entry.orderId ? { orderId: entry.orderId } : {}),
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.by ? { by: entry.by } : {}),
    at: entry.at.toISOString(),
  };
}
