import { Elements } from '@stripe/react-stripe-js';
import styled from 'styled-components';
import { useStripeLoader } from '../hooks/useStripeLoader';
import { OfflineCardForm } from './OfflineCardForm';
import { StripeCardForm } from './StripeCardForm';

/** The card entry: Stripe's element when Stripe.js is available, the offline test-card form otherwise. */
export function PaymentForm({ onPay }: { onPay: (paymentMethodId: string) => Promise<void> }) {
  const stripe = useStripeLoader();

  if (stripe.status === 'loading') return <Muted role="status">Cargando el formulario de la tarjeta...</Muted>;
  if (stripe.status === 'offline') return <OfflineCardForm reason={stripe.reason} onPay={onPay} />;
  return (
    <Elements stripe={stripe.stripe} options={{ locale: 'es' }}>
      <StripeCardForm onPay={onPay} />
    </Elements>
  );
}

const Muted = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
