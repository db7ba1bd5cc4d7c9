import { Elements } from '@stripe/react-stripe-js';
import styled from 'styled-components';
import { useStripeLoader } from '../hooks/useStripeLoader';
import { OfflineCardForm } from './OfflineCardForm';
import { StripeCardForm } from './StripeCardForm';

/**
 * The card entry: Stripe's element when Stripe.js is available, the offline test-card form otherwise. `submitLabel`
 * names its button ('Realizar Pago' unless told: the Cine Pase's 'Guardar tarjeta').
 */
export function PaymentForm({ onPay, submitLabel }: { onPay: (paymentMethodId: string) => Promise<void>; submitLabel?: string }) {
  const stripe = useStripeLoader();

  if (stripe.status === 'loading') return <Muted role="status">Cargando el formulario de la tarjeta...</Muted>;
  if (stripe.status === 'offline') return <OfflineCardForm reason={stripe.reason} onPay={onPay} submitLabel={submitLabel} />;
  return (
    <Elements stripe={stripe.stripe} options={{ locale: 'es' }}>
      <StripeCardForm onPay={onPay} submitLabel={submitLabel} />
    </Elements>
  );
}

const Muted = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
