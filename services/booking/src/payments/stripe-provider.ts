import Stripe from 'stripe';
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

export interface StripeProviderOptions {
  secretKey: string;
  /** Where the API is; tests point it at a local stand-in. Default: Stripe's own. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries network failures with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
}

/** A PaymentIntent that ends in another status than `succeeded` (e.g. one needing 3-D Secure, which this flow cannot do). */
const NOT_COMPLETED = 'Tu tarjeta requiere una autenticación que este pago no admite. Prueba con otra tarjeta.';

/**
 * Charges through Stripe: one PaymentIntent created and confirmed in one call,
 * with the order's idempotency key, so a repeated charge (a retry, the
 * recovery sweep) answers the first PaymentIntent instead of charging again.
 * Refunds likewise: one Refund of the PaymentIntent per refund id (the key).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor({ secretKey, host, port, protocol, maxNetworkRetries = 2 }: StripeProviderOptions) {
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries,
      telemetry: false,
      ...(host ? { host } : {}),
      ...(port ? { port } : {}),
      ...(protocol ? { protocol } : {}),
    });
  }

  async charge({ amount, currency, paymentMethodId, idempotencyKey, description }: ChargeRequest): Promise<ChargeOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount,
          currency,
          payment_method: paymentMethodId,
          description,
          confirm: true,
          // Card only, confirmed on the server: no redirect-based method can complete here.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
      return { status: 'declined', reason: NOT_COMPLETED, code: intent.status };
    } catch (error) {
      const decline = declineOf(error);
      if (decline) return decline;
      throw error;
    }
  }

  /**
   * Issue 41: a Customer for the holder and a SetupIntent confirmed with the card for off-session use (the card is
   * attached to the Customer). Both keyed from `idempotencyKey`: a repeat answers the same Customer and SetupIntent.
   */
  async saveCard({ customerKey, paymentMethodId, idempotencyKey }: SaveCardRequest): Promise<SaveCardOutcome> {
    try {
      const customer = await this.stripe.customers.create(
        { metadata: { cineUserId: customerKey }, description: `Cine Club ${customerKey}` },
        { idempotencyKey: `${idempotencyKey}:customer` },
      );
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customer.id,
          payment_method: paymentMethodId,
          usage: 'off_session',
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: `${idempotencyKey}:setup` },
      );
      if (setup.status !== 'succeeded') return { status: 'declined', reason: NOT_COMPLETED, code: setup.status };
      const saved = typeof setup.payment_method === 'string' ? setup.payment_method : (setup.payment_method?.id ?? paymentMethodId);
      const last4 = typeof setup.payment_method === 'object' ? setup.payment_method?.card?.last4 : undefined;
      return { status: 'saved', customerId: customer.id, paymentMethodId: saved, ...(last4 ? { last4 } : {}) };
    } catch (error) {
      const decline = declineOf(error);
      if (decline) return decline;
      throw error;
    }
  }

  /** Issue 41: a PaymentIntent of the saved card confirmed off session (the holder is not there to authenticate). */
  async chargeSaved({
    customerId,
    paymentMethodId,
    amount,
    currency,
    idempotencyKey,
    description,
  }: SavedChargeRequest): Promise<ChargeOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        { amount, currency, customer: customerId, payment_method: paymentMethodId, description, off_session: true, confirm: true },
        { idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
      return { status: 'declined', reason: NOT_COMPLETED, code: intent.status };
    } catch (error) {
      const decline = declineOf(error);
      if (decline) return decline;
      throw error;
    }
  }

  async refund({ paymentId, amount, idempotencyKey }: RefundRequest): Promise<RefundOutcome> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, amount, reason: 'requested_by_customer' },
        { idempotencyKey },
      );
      // 'pending' (and 'requires_action') refunds complete on Stripe's side: the money is on its way back.
      if (refund.status === 'failed' || refund.status === 'canceled') {
        return { status: 'failed', reason: refund.failure_reason ?? 'The refund failed.', code: refund.status };
      }
      return { status: 'succeeded', refundId: refund.id };
    } catch (error) {
      // Stripe refused this refund (already refunded, more than is left, a disputed charge): an answer, not an outage.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code) {
        return { status: 'failed', reason: error.message, code: error.code };
      }
      throw error;
    }
  }
}

/**
 * A card error, or an unknown payment method (the buyer's input, not an outage: answered as a decline, as the
 * offline provider does), as a decline; anything else is not one.
 */
function declineOf(error: unknown): Declined | undefined {
  if (error instanceof Stripe.errors.StripeCardError)
    return { status: 'declined', reason: error.message, code: error.code ?? 'card_declined' };
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && error.param === 'payment_method')
    return { status: 'declined', reason: error.message, code: 'resource_missing' };
  return undefined;
}
