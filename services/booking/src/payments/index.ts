import type { Connection } from 'mongoose';
import { OfflinePaymentProvider } from './offline-provider';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';

export type { ChargeOutcome, ChargeRequest, PaymentProvider, RefundRequest } from './payment-provider';
export { OfflinePaymentProvider } from './offline-provider';
export { StripePaymentProvider } from './stripe-provider';

/** Stripe with a secret key (STRIPE_SECRET_KEY); otherwise the offline provider honouring Stripe's test payment methods. */
export function paymentProviderFor(stripeSecretKey: string | undefined, db: Connection): PaymentProvider {
  return stripeSecretKey ? new StripePaymentProvider({ secretKey: stripeSecretKey }) : new OfflinePaymentProvider(db);
}
