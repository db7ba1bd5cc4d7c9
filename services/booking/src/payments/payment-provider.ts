/** One card charge, in cents. `idempotencyKey` makes a repeated call answer the first outcome without charging again. */
export interface ChargeRequest {
  amount: number;
  currency: 'usd';
  paymentMethodId: string;
  idempotencyKey: string;
  description: string;
}

/** The card was refused (a charge, or a card to save); `reason` is the provider's message, shown to the buyer, `code` its error code. */
export interface Declined {
  status: 'declined';
  reason: string;
  code: string;
}

export type ChargeOutcome = { status: 'succeeded'; paymentId: string } | Declined;

/** Money of one charge given back, in cents. `idempotencyKey` (derived from the refund's id) makes a repeated call answer the first outcome without refunding again. */
export interface RefundRequest {
  /** The charge's `paymentId`. */
  paymentId: string;
  amount: number;
  idempotencyKey: string;
}

export type RefundOutcome =
  | { status: 'succeeded'; refundId: string }
  /** The provider refused the refund (nothing went back); `reason` is its message, `code` its error code. */
  | { status: 'failed'; reason: string; code: string };

/**
 * Issue 41: a card kept for charges made later without its holder (a Cine Pase's renewals). `customerKey` names the
 * holder (booking's user id); `idempotencyKey` makes a repeated call answer the first outcome.
 */
export interface SaveCardRequest {
  customerKey: string;
  paymentMethodId: string;
  idempotencyKey: string;
}

export type SaveCardOutcome =
  /** Kept: what a later `chargeSaved` names (Stripe: the Customer and the PaymentMethod attached to it). */
  { status: 'saved'; customerId: string; paymentMethodId: string; last4?: string } | Declined;

/** A charge of a saved card made without its holder (off session), in cents; keyed like `charge`. */
export interface SavedChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  currency: 'usd';
  idempotencyKey: string;
  description: string;
}

/**
 * Charges a card and refunds charges. A decline is an answer; any other failure (network, provider
 * outage, bad configuration) is thrown, and the order stays where it was for
 * the recovery sweep to charge again with the same idempotency key.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Refunds part or all of a charge; a refusal is an answer, an outage or timeout is thrown (and retried with the same key). */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Issue 41: keeps a card for later charges (Stripe: a Customer and a SetupIntent confirmed for off-session use). */
  saveCard(request: SaveCardRequest): Promise<SaveCardOutcome>;
  /** Issue 41: charges a saved card off session; a decline is an answer, an outage is thrown (retried with the same key). */
  chargeSaved(request: SavedChargeRequest): Promise<ChargeOutcome>;
}
