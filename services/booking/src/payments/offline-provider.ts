import { isDuplicateKeyError } from '@cine/service-kit';
import { randomBytes } from 'node:crypto';
import type { Collection, Connection } from 'mongoose';
import type {
  ChargeOutcome,
  ChargeRequest,
  Declined,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
  SavedChargeRequest,
  SaveCardOutcome,
  SaveCardRequest,
} from './payment-provider';

const DECLINED = 'Your card was declined.';

/** Stripe's test payment methods that are declined, with Stripe's message and error code. */
const DECLINING_TEST_METHODS: Readonly<Record<string, Omit<Declined, 'status'>>> = {
  pm_card_chargeDeclined: { reason: DECLINED, code: 'card_declined' },
  pm_card_visa_chargeDeclined: { reason: DECLINED, code: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: { reason: 'Your card has insufficient funds.', code: 'card_declined' },
  pm_card_chargeDeclinedLostCard: { reason: DECLINED, code: 'card_declined' },
  pm_card_chargeDeclinedStolenCard: { reason: DECLINED, code: 'card_declined' },
  pm_card_chargeDeclinedFraudulent: { reason: DECLINED, code: 'card_declined' },
  pm_card_chargeDeclinedExpiredCard: { reason: 'Your card has expired.', code: 'expired_card' },
  pm_card_chargeDeclinedIncorrectCvc: { reason: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
  pm_card_chargeDeclinedProcessingError: {
    reason: 'An error occurred while processing your card. Try again in a little bit.',
    code: 'processing_error',
  },
  // Saved on a customer without a fault, then every charge of it declined (Stripe's "decline after attaching").
  pm_card_chargeCustomerFail: { reason: DECLINED, code: 'card_declined' },
  // Needs 3-D Secure, which a server-confirmed payment without redirects cannot do: Stripe leaves it in requires_action.
  pm_card_authenticationRequired: {
    reason: 'Tu tarjeta requiere una autenticación que este pago no admite. Prueba con otra tarjeta.',
    code: 'requires_action',
  },
};

/** Stripe's test card whose charge succeeds and whose refunds fail (Stripe: "refund_fail"). */
const REFUND_FAILING_TEST_METHOD = 'pm_card_refundFail';

/** Stripe's test payment methods that succeed: the brands, and the cards of a few countries. */
const SUCCEEDING_TEST_METHODS: ReadonlySet<string> = new Set([
  REFUND_FAILING_TEST_METHOD,
  'pm_card_visa',
  'pm_card_visa_debit',
  'pm_card_mastercard',
  'pm_card_mastercard_debit',
  'pm_card_mastercard_prepaid',
  'pm_card_amex',
  'pm_card_discover',
  'pm_card_diners',
  'pm_card_jcb',
  'pm_card_unionpay',
  'pm_card_us',
  'pm_card_ar',
  'pm_card_br',
  'pm_card_mx',
  'pm_card_es',
]);

/** Issue 41: Stripe's test card that is saved on a customer and then declined on every charge. */
const SAVES_THEN_DECLINES = 'pm_card_chargeCustomerFail';

/** The last four digits of Stripe's test cards (what a saved card shows). */
const TEST_CARD_LAST4: Readonly<Record<string, string>> = {
  pm_card_visa: '4242',
  pm_card_visa_debit: '5556',
  pm_card_mastercard: '4444',
  pm_card_amex: '8431',
  pm_card_chargeCustomerFail: '0341',
};

const OBJECT_ID = /^[0-9a-f]{24}$/;

/**
 * The payment id of the charge made with `idempotencyKey`: the key is in it, so a refund finds its charge by
 * `_id` (FerretDB narrows a query in SQLite only by `_id`; a look-up by another field reads every payment).
 * An order's key (its id, 24 hex digits) is used as it is; any other key as hex after a `k`.
 */
function paymentIdOf(idempotencyKey: string): string {
  return OBJECT_ID.test(idempotencyKey) ? `pi_offline_${idempotencyKey}` : `pi_offline_k${Buffer.from(idempotencyKey).toString('hex')}`;
}

/** The charge's key from its payment id (payments made before the key was in it: a random id, found by the scan). */
function chargeKeyOf(paymentId: string): string | undefined {
  const match = /^pi_offline_(k?)([0-9a-f]+)$/.exec(paymentId);
  if (!match) return undefined;
  return match[1] ? Buffer.from(match[2] as string, 'hex').toString() : match[2];
}

/** What Stripe's test cards answer for a payment method id. An unknown id is declined with Stripe's own message. */
export function testCardOutcome(paymentMethodId: string, idempotencyKey?: string): ChargeOutcome {
  if (SUCCEEDING_TEST_METHODS.has(paymentMethodId))
    return {
      status: 'succeeded',
      paymentId: idempotencyKey === undefined ? `pi_offline_${randomBytes(12).toString('hex')}` : paymentIdOf(idempotencyKey),
    };
  const decline = DECLINING_TEST_METHODS[paymentMethodId];
  if (decline) return { status: 'declined', ...decline };
  return { status: 'declined', reason: `No such PaymentMethod: '${paymentMethodId}'`, code: 'resource_missing' };
}

interface PaymentRecord {
  _id: string;
  amount: number;
  currency: string;
  paymentMethodId: string;
  description: string;
  outcome: ChargeOutcome;
  createdAt: Date;
  /** Cents refunded so far, and the refunds' keys (absent on charges recorded before: their refunds are summed once). */
  refunded?: number;
  refundKeys?: string[];
}

/** Issue 41: a card saved for a holder, keyed by the request's idempotency key. */
interface SavedCardRecord {
  _id: string;
  customerKey: string;
  paymentMethodId: string;
  outcome: SaveCardOutcome;
  createdAt: Date;
}

interface RefundRecord {
  _id: string;
  paymentId: string;
  amount: number;
  outcome: RefundOutcome;
  createdAt: Date;
}

/**
 * The provider used without STRIPE_SECRET_KEY: answers as Stripe's test
 * payment methods do, and keeps every charge in `payments` keyed by its
 * idempotency key, so a repeated charge answers the first outcome and
 * never charges twice (as Stripe's idempotent requests do). Refunds the
 * same way, in `payment_refunds`: never more than was charged, and a card
 * charged with pm_card_refundFail refuses every refund, as on Stripe.
 */
export class OfflinePaymentProvider implements PaymentProvider {
  readonly name = 'offline';
  private readonly payments: Collection<PaymentRecord>;
  private readonly refunds: Collection<RefundRecord>;
  private readonly savedCards: Collection<SavedCardRecord>;

  constructor(db: Connection) {
    this.payments = db.collection<PaymentRecord>('payments');
    this.savedCards = db.collection<SavedCardRecord>('payment_saved_cards');
    this.refunds = db.collection<RefundRecord>('payment_refunds');
  }

  async charge({ amount, currency, paymentMethodId, idempotencyKey, description }: ChargeRequest): Promise<ChargeOutcome> {
    const record: PaymentRecord = {
      _id: idempotencyKey,
      amount,
      currency,
      paymentMethodId,
      description,
      outcome: testCardOutcome(paymentMethodId, idempotencyKey),
      createdAt: new Date(),
      refunded: 0,
      refundKeys: [],
    };
    try {
      // Inserted first (one round trip for a new charge): the key is unique, so a repeated charge fails here and answers the first outcome.
      await this.payments.insertOne(record);
      return record.outcome;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const first = await this.payments.findOne({ _id: idempotencyKey });
      if (!first) throw error;
      return this.replay(first, amount, paymentMethodId);
    }
  }

  /**
   * Issue 41: as Stripe's SetupIntent answers the test cards: a declining card is not saved (its setup is declined),
   * pm_card_chargeCustomerFail is saved and then declined on every charge. Kept by key: a repeat answers the first.
   */
  async saveCard({ customerKey, paymentMethodId, idempotencyKey }: SaveCardRequest): Promise<SaveCardOutcome> {
    const first = await this.savedCards.findOne({ _id: idempotencyKey });
    if (first) return first.outcome;
    const tried = paymentMethodId === SAVES_THEN_DECLINES ? undefined : testCardOutcome(paymentMethodId);
    const last4 = TEST_CARD_LAST4[paymentMethodId];
    const outcome: SaveCardOutcome =
      tried?.status === 'declined'
        ? tried
        : {
            status: 'saved',
            customerId: `cus_offline_${Buffer.from(customerKey).toString('hex').slice(0, 48)}`,
            paymentMethodId,
            ...(last4 ? { last4 } : {}),
          };
    try {
      await this.savedCards.insertOne({ _id: idempotencyKey, customerKey, paymentMethodId, outcome, createdAt: new Date() });
      return outcome;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.savedCards.findOne({ _id: idempotencyKey });
      if (!winner) throw error;
      return winner.outcome;
    }
  }

  /** Issue 41: a saved card charged off session: the test card's answer, once per key (as `charge`). */
  chargeSaved({ customerId, paymentMethodId, amount, currency, idempotencyKey, description }: SavedChargeRequest): Promise<ChargeOutcome> {
    return this.charge({ amount, currency, paymentMethodId, idempotencyKey, description: `${description} (${customerId}, off session)` });
  }

  async refund({ paymentId, amount, idempotencyKey }: RefundRequest): Promise<RefundOutcome> {
    const first = await this.refunds.findOne({ _id: idempotencyKey });
    if (first) return this.replayRefund(first, paymentId, amount);
    const record: RefundRecord = {
      _id: idempotencyKey,
      paymentId,
      amount,
      outcome: await this.refundOutcome(paymentId, amount, idempotencyKey),
      createdAt: new Date(),
    };
    try {
      await this.refunds.insertOne(record);
      return record.outcome;
    } catch (error) {
      // The same refund at once: the first insert's outcome is the answer.
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.refunds.findOne({ _id: idempotencyKey });
      if (!winner) throw error;
      return this.replayRefund(winner, paymentId, amount);
    }
  }

  /**
   * Stripe's answers: an unknown charge, more than is left of it, a refund_fail card. The charge is read by
   * `_id` and its refunded amount taken by one conditional write (never past the charge, once per key).
   */
  private async refundOutcome(paymentId: string, amount: number, idempotencyKey: string): Promise<RefundOutcome> {
    const key = chargeKeyOf(paymentId);
    const byKey = key === undefined ? null : await this.payments.findOne({ _id: key });
    const charge =
      byKey?.outcome.status === 'succeeded' && byKey.outcome.paymentId === paymentId ? byKey : await this.legacyCharge(paymentId);
    if (!charge) return { status: 'failed', reason: `No such payment_intent: '${paymentId}'`, code: 'resource_missing' };
    if (charge.paymentMethodId === REFUND_FAILING_TEST_METHOD)
      return { status: 'failed', reason: 'The refund failed at the card issuer.', code: 'refund_failed' };
    const taken = await this.payments.updateOne(
      { _id: charge._id, refundKeys: { $ne: idempotencyKey }, refunded: { $lte: charge.amount - amount } },
      { $inc: { refunded: amount }, $push: { refundKeys: idempotencyKey } },
    );
    if (taken.matchedCount === 0) {
      const now = await this.payments.findOne({ _id: charge._id });
      // Taken by this key before a crash (its record was not written): refunded then.
      if (!now?.refundKeys?.includes(idempotencyKey)) {
        const left = charge.amount - (now?.refunded ?? 0);
        return {
          status: 'failed',
          reason: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          code: 'amount_too_large',
        };
      }
    }
    return { status: 'succeeded', refundId: `re_offline_${randomBytes(12).toString('hex')}` };
  }

  /** A charge recorded before its refunds were kept on it: found by payment id, its earlier refunds summed onto it once. */
  private async legacyCharge(paymentId: string): Promise<PaymentRecord | null> {
    const charge = await this.payments.findOne({ 'outcome.paymentId': paymentId });
    if (!charge || charge.refundKeys) return charge;
    const earlier = await this.refunds.find({ paymentId, 'outcome.status': 'succeeded' }).toArray();
    const refunded = earlier.reduce((sum, refund) => sum + refund.amount, 0);
    const refundKeys = earlier.map((refund) => refund._id);
    await this.payments.updateOne({ _id: charge._id, refundKeys: { $exists: false } }, { $set: { refunded, refundKeys } });
    return (await this.payments.findOne({ _id: charge._id })) ?? charge;
  }

  private replayRefund(first: RefundRecord, paymentId: string, amount: number): RefundOutcome {
    if (first.paymentId !== paymentId || first.amount !== amount) {
      throw new Error(`idempotency key ${first._id} was first used with other parameters`);
    }
    return first.outcome;
  }

  private replay(first: PaymentRecord, amount: number, paymentMethodId: string): ChargeOutcome {
    // Stripe refuses a key reused with other parameters; so does this provider (a programming error, not a decline).
    if (first.amount !== amount || first.paymentMethodId !== paymentMethodId) {
      throw new Error(`idempotency key ${first._id} was first used with other parameters`);
    }
    return first.outcome;
  }
}
