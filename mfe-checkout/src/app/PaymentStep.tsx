import { giftCardLast4, pointsFor, pointsValue, PASS_USABLE_STATUSES, type ClubMe } from '@cine/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { fetchClubMe, formatMoney, pointsText, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, ChoiceGroup, NumberInput } from '@cine/web-kit/ui';
import type { Caller } from '../types';
import { GiftCardCodeForm, type FoundGiftCard } from '../features/gift-cards/components/GiftCardCodeForm';
import type { PayCart, PaymentExtras } from '../features/payment/hooks/usePayCart';
import { PaymentForm } from '../features/payment/components/PaymentForm';

interface PaymentStepProps {
  caller: Caller;
  /** What the order costs (the cart's orderPrice, net of its promo code). */
  total: number;
  onPay: PayCart;
}

/**
 * The payment (issue 39): a gift card first, if the buyer has one, then (issue 41) a member's Cine Club points
 * and Cine Pase, then the bank card for what they leave. The card covers what its balance can, the points what
 * is left (never more); the split shows before paying. When they cover the whole order no bank card is asked:
 * one button pays without it. The pass covers one ticket's General base, which the server prices: with it the
 * bank card stays for the rest.
 */
export function PaymentStep({ caller, total, onPay }: PaymentStepProps) {
  const [giftCard, setGiftCard] = useState<FoundGiftCard | null>(null);
  // Most buyers pay by bank card: the gift card's field opens on request, and the card form keeps the first focus.
  const [giftCardAsked, setGiftCardAsked] = useState(false);
  const [paying, setPaying] = useState(false);
  const club = useAsyncData(() => fetchClubMe(caller.token), caller.token);
  const me = club.status === 'ready' && club.data.member ? club.data : null;
  const [usePoints, setUsePoints] = useState(false);
  const [pointsAsked, setPointsAsked] = useState('');
  const [usePass, setUsePass] = useState(false);
  const covered = giftCard ? Math.min(giftCard.balance.balance, total) : 0;
  const pointsMax = me ? Math.min(me.points, pointsFor(total - covered, me.pointValueCents)) : 0;
  const points = me && usePoints ? Math.max(0, Math.min(pointsMax, Math.floor(Number(pointsAsked) || 0))) : 0;
  const pointsPay = me ? pointsValue(points, me.pointValueCents) : 0;
  const passUsable = Boolean(me?.pass && PASS_USABLE_STATUSES.includes(me.pass.status) && me.pass.ticketsLeft > 0);
  const rest = total - covered - pointsPay;
  const extras: PaymentExtras = {
    ...(giftCard ? { giftCardCode: giftCard.code } : {}),
    ...(points > 0 ? { points } : {}),
    ...(usePass && passUsable ? { usePass: true } : {}),
  };
  const withoutCard = rest === 0 && (giftCard !== null || points > 0) && !extras.usePass;

  const payWithoutCard = async () => {
    if (!withoutCard || paying) return;
    setPaying(true);
    try {
      await onPay(undefined, extras);
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
      {me && (
        <ClubPayment
          me={me}
          pointsMax={pointsMax}
          usePoints={usePoints}
          pointsAsked={pointsAsked}
          points={points}
          pointsPay={pointsPay}
          passUsable={passUsable}
          usePass={usePass}
          rest={extras.usePass ? null : rest}
          onUsePoints={(on) => {
            setUsePoints(on);
            if (on && pointsAsked === '') setPointsAsked(String(pointsMax));
          }}
          onPointsAsked={setPointsAsked}
          onUsePass={setUsePass}
        />
      )}
      {withoutCard ? (
        <Covered>
          <p role="status">
            {points > 0
              ? 'Tus puntos cubren todo el pedido: no necesitas tarjeta bancaria.'
              : 'La tarjeta regalo cubre todo el pedido: no necesitas tarjeta bancaria.'}
          </p>
          <Button type="button" aria-disabled={paying || undefined} onClick={() => void payWithoutCard()}>
            {paying ? 'Procesando...' : points > 0 ? 'Pagar con mis puntos' : 'Pagar con la tarjeta regalo'}
          </Button>
        </Covered>
      ) : (
        <PaymentForm onPay={(paymentMethodId) => onPay(paymentMethodId, extras)} />
      )}
    </Step>
  );
}

interface ClubPaymentProps {
  me: ClubMe;
  pointsMax: number;
  usePoints: boolean;
  pointsAsked: string;
  points: number;
  pointsPay: number;
  passUsable: boolean;
  usePass: boolean;
  /** What the bank card pays (null when the pass is used: the server prices what it covers). */
  rest: number | null;
  onUsePoints: (on: boolean) => void;
  onPointsAsked: (text: string) => void;
  onUsePass: (on: boolean) => void;
}

/** Issue 41: a member's 'Usar puntos' (how many, their value, the balance) and 'Usar mi Cine Pase'. */
function ClubPayment(props: ClubPaymentProps) {
  const id = useId();
  const { me, pointsMax, usePoints, pointsAsked, points, pointsPay, passUsable, usePass, rest } = props;
  const canUsePoints = pointsMax > 0;
  if (!canUsePoints && !passUsable) return null;
  return (
    <Club aria-label="Cine Club">
      <legend>Cine Club</legend>
      {canUsePoints && (
        <label>
          <input type="checkbox" checked={usePoints} onChange={(event) => props.onUsePoints(event.target.checked)} />
          <span>
            Usar puntos{' '}
            <span className="muted">
              (tienes {pointsText(me.points)}, {formatMoney(pointsValue(me.points, me.pointValueCents))})
            </span>
          </span>
        </label>
      )}
      {canUsePoints && usePoints && (
        <div className="points">
          <label htmlFor={`${id}-points`}>Puntos a usar (hasta {pointsMax})</label>
          <NumberInput
            id={`${id}-points`}
            min={1}
            max={pointsMax}
            step={1}
            value={pointsAsked}
            aria-describedby={`${id}-points-value`}
            onChange={(event) => props.onPointsAsked(event.target.value)}
          />
          <span id={`${id}-points-value`} role="status">
            {pointsText(points)} pagan {formatMoney(pointsPay)}
            {rest !== null && `; con tarjeta bancaria: ${formatMoney(rest)}`}.
          </span>
        </div>
      )}
      {passUsable && me.pass && (
        <label>
          <input type="checkbox" checked={usePass} onChange={(event) => props.onUsePass(event.target.checked)} />
          <span>
            Usar mi Cine Pase{' '}
            <span className="muted">
              (cubre la tarifa General de una entrada; te {me.pass.ticketsLeft === 1 ? 'queda 1' : `quedan ${me.pass.ticketsLeft}`} este
              mes)
            </span>
          </span>
        </label>
      )}
    </Club>
  );
}

const Club = styled(ChoiceGroup)`
  label {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
  }

  .points {
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
  }

  .points label {
    font-weight: 600;
  }

  .muted {
    color: var(--cine-muted, #a6a6bb);
  }
`;

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
