import { readEnv } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { OfflinePaymentProvider } from './offline-provider';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';

export type { ChargeRequest, PaymentProvider } from './payment-provider';
export { OfflinePaymentProvider } from './offline-provider';
export { StripePaymentProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the offline provider honouring Stripe's test payment methods. */
export function paymentProviderFromEnv(db: Connection): PaymentProvider {
  const secretKey = readEnv('STRIPE_SECRET_KEY');
  return secretKey ? new StripePaymentProvider({ secretKey }) : new OfflinePaymentProvider(db);
}
