/** One card charge, in cents. `idempotencyKey` makes a repeated call answer the first outcome without charging again. */
export interface ChargeRequest {
  amount: number;
  currency: 'usd';
  paymentMethodId: string;
  idempotencyKey: string;
  description: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: string }
  /** The card was refused; `reason` is the provider's message, shown to the buyer. */
  | { status: 'declined'; reason: string; code: string };

/**
 * Charges a card. A decline is an answer; any other failure (network, provider
 * outage, bad configuration) is thrown, and the order stays where it was for
 * the recovery sweep to charge again with the same idempotency key.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}
