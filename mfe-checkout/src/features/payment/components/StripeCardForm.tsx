import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText } from '@cine/web-kit/ui';
import { Form } from './OfflineCardForm';

const CARD_STYLE = {
  style: {
    base: { color: '#f3f3f7', fontSize: '16px', '::placeholder': { color: '#a6a6bb' } },
    invalid: { color: '#ff4d4f' },
  },
  hidePostalCode: true,
};

/** Stripe's card element: Stripe turns the card into a payment method, whose id goes to the server. */
export function StripeCardForm({
  onPay,
  submitLabel = 'Realizar Pago',
}: {
  onPay: (paymentMethodId: string) => Promise<void>;
  submitLabel?: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        // Spec §8: a card-creation error is logged; here it is also shown so it is not swallowed.
        console.error('Stripe createPaymentMethod', error);
        setCardError(error?.message ?? 'No se pudo validar la tarjeta. Inténtalo de nuevo.');
        return;
      }
      await onPay(paymentMethod.id);
    } finally {
      setPaying(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Tarjeta">
      <CardBox>
        <CardElement options={CARD_STYLE} />
      </CardBox>
      {cardError && <ErrorText role="alert">{cardError}</ErrorText>}
      <Button type="submit" aria-disabled={!stripe || paying}>
        {paying ? 'Procesando...' : submitLabel}
      </Button>
    </Form>
  );
}

const CardBox = styled.div`
  padding: 0.85rem 0.75rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface-2, #20202f);
`;
