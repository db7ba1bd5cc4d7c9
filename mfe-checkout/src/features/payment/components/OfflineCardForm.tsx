import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ChoiceGroup } from '@cine/web-kit/ui';
import { TEST_CARDS } from '../paymentMessages';

interface OfflineCardFormProps {
  reason: 'no-key' | 'unavailable';
  onPay: (paymentMethodId: string) => Promise<void>;
  submitLabel?: string;
}

/**
 * In place of Stripe's card element when no publishable key is configured or Stripe.js cannot
 * load: the user picks one of Stripe's test cards, whose payment method id goes to the server.
 */
export function OfflineCardForm({ reason, onPay, submitLabel = 'Realizar Pago' }: OfflineCardFormProps) {
  const [paymentMethodId, setPaymentMethodId] = useState<string>(TEST_CARDS[0].paymentMethodId);
  const [paying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setPaying(true);
    try {
      await onPay(paymentMethodId);
    } finally {
      setPaying(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Tarjeta de prueba">
      <Note>
        {reason === 'no-key'
          ? 'Modo de prueba: no se realizan cobros reales. Elige una tarjeta de prueba.'
          : 'No se pudo cargar el formulario seguro de tarjetas. Puedes probar el pago con una tarjeta de prueba.'}
      </Note>
      <ChoiceGroup>
        <legend>Tarjeta</legend>
        {TEST_CARDS.map((card) => (
          <label key={card.paymentMethodId}>
            <input
              type="radio"
              name="test-card"
              value={card.paymentMethodId}
              checked={paymentMethodId === card.paymentMethodId}
              onChange={() => setPaymentMethodId(card.paymentMethodId)}
            />
            <span>
              <strong>{card.number}</strong> {card.label}
            </span>
          </label>
        ))}
      </ChoiceGroup>
      <Button type="submit" aria-disabled={paying}>
        {paying ? 'Procesando...' : submitLabel}
      </Button>
    </Form>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;

  label {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    min-height: 2.75rem;
    cursor: pointer;
  }

  input[type='radio'] {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: var(--cine-accent, #e50914);
  }
`;

const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: var(--cine-muted, #a6a6bb);
`;
