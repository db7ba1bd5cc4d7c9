import { giftCardLast4 } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { formatMoney, shortDate } from '@cine/web-kit';
import { Button } from '@cine/web-kit/ui';
import type { Caller } from '../types';
import { GiftCardCodeForm, type FoundGiftCard } from '../features/gift-cards/components/GiftCardCodeForm';
import type { PayCart } from '../features/payment/hooks/usePayCart';
import { PaymentForm } from '../features/payment/components/PaymentForm';

interface PaymentStepProps {
  caller: Caller;
  /** What the order costs (the cart's orderPrice, net of its promo code). */
  total: number;
  onPay: PayCart;
}

/**
 * The payment (issue 39): a gift card first, if the buyer has one, then the bank card for what it leaves. The
 * card covers what its balance can; the split shows before paying. When it covers the whole order no bank card
 * is asked: one button pays with the gift card alone.
 */
export function PaymentStep({ caller, total, onPay }: PaymentStepProps) {
  const [giftCard, setGiftCard] = useState<FoundGiftCard | null>(null);
  // Most buyers pay by bank card: the gift card's field opens on request, and the card form keeps the first focus.
  const [giftCardAsked, setGiftCardAsked] = useState(false);
  const [paying, setPaying] = useState(false);
  const covered = giftCard ? Math.min(giftCard.balance.balance, total) : 0;
  const rest = total - covered;

  const payWithGiftCardOnly = async () => {
    if (!giftCard || paying) return;
    setPaying(true);
    try {
      await onPay(undefined, giftCard.code);
    } finally {
      setPaying(false);
    }
  };

  return (
    <Step>
      {giftCard ? (
        <Applied aria-label="Tarjeta regalo">
          <p>
            Tarjeta regalo terminada en <strong>{giftCardLast4(giftCard.code)}</strong>: saldo {formatMoney(giftCard.balance.balance)}{' '}
            (vence el {shortDate(giftCard.balance.expiresAt.slice(0, 10))}).
          </p>
          <Split aria-label="Cómo se paga">
            <div>
              <dt>Con la tarjeta regalo</dt>
              <dd>{formatMoney(covered)}</dd>
            </div>
            <div>
              <dt>Con tarjeta bancaria</dt>
              <dd>{formatMoney(rest)}</dd>
            </div>
          </Split>
          <Button type="button" $variant="link" onClick={() => setGiftCard(null)}>
            No usar la tarjeta regalo
          </Button>
        </Applied>
      ) : giftCardAsked ? (
        <GiftCardCodeForm
          caller={caller}
          label="Código de la tarjeta regalo"
          submitLabel="Usar tarjeta regalo"
          busyLabel="Buscando..."
          autoFocus
          onFound={setGiftCard}
        />
      ) : (
        <Ask>
          <Button type="button" $variant="link" aria-expanded="false" onClick={() => setGiftCardAsked(true)}>
            ¿Pagas con una tarjeta regalo?
          </Button>
        </Ask>
      )}
      {giftCard && rest === 0 ? (
        <Covered>
          <p role="status">La tarjeta regalo cubre todo el pedido: no necesitas tarjeta bancaria.</p>
          <Button type="button" aria-disabled={paying || undefined} onClick={() => void payWithGiftCardOnly()}>
            {paying ? 'Procesando...' : 'Pagar con la tarjeta regalo'}
          </Button>
        </Covered>
      ) : (
        <PaymentForm onPay={(paymentMethodId) => onPay(paymentMethodId, giftCard?.code)} />
      )}
    </Step>
  );
}

const Step = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Applied = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.4rem;
  padding: 0.75rem;
  border-radius: 10px;
  border: 1px dashed var(--cine-success, #3ddc84);

  p {
    margin: 0;
  }
`;

const Split = styled.dl`
  align-self: stretch;
  margin: 0;

  div {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
  }

  dd {
    margin: 0;
    white-space: nowrap;
    font-weight: 700;
  }
`;

const Ask = styled.div`
  display: flex;
`;

const Covered = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  p {
    margin: 0;
    font-weight: 600;
  }
`;
