import { localDateTime, type OrderView } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, paymentLabel, refundDestinations, shortDate } from '@cine/web-kit';
import { Button, Dialog, DialogActions, DialogBody, ErrorText } from '@cine/web-kit/ui';
import type { Caller } from '../../../types';
import { cancelOrder } from '../api/ordersApi';

/** 'dd/mm/aaaa' of an instant, in the cinema's time zone. */
function dayOf(instant: string): string {
  return shortDate(localDateTime(new Date(instant)).date);
}

/** "Reembolsada" (or a partial refund) with the amount and the date; nothing for an order not refunded. */
export function RefundStatus({ order }: { order: OrderView }) {
  const last = order.refunds[order.refunds.length - 1];
  if (order.state === 'paid' || !last) return null;
  const label = order.state === 'refunded' ? 'Reembolsada' : 'Reembolso parcial';
  return (
    <Refunded>
      <strong>{label}</strong>: {formatMoney(order.refundedAmount)} el {dayOf(last.refundedAt)}
      {last.payments && last.payments.length > 0 && (
        <> (último reembolso: {last.payments.map((part) => `${paymentLabel(part, true)} ${formatMoney(part.amount)}`).join(' y ')})</>
      )}
    </Refunded>
  );
}

/** What a cancellation gives back and what it leaves out, as the server's refund rule decides it (`order.refundable`). */
function whatComesBack(order: OrderView): { seats: string[]; leftOut: string[]; candy: string[]; amount: number } {
  const candyBack = new Set(order.refundable.candy.filter((line) => line.refundable).map((line) => line.id));
  return {
    seats: order.refundable.seats.filter((seat) => seat.refundable).map((seat) => seat.seatLabel),
    // A seat refunded before is told by the refund's status; one used at the door is why the amount is less.
    leftOut: order.refundable.seats
      .filter((seat) => seat.reason === 'checked_in')
      .map((seat) => `Entrada ${seat.seatLabel}: ya ingresó a la sala, no se reembolsa`),
    candy: order.candy.filter((line) => candyBack.has(line.id)).map((line) => `${line.name} × ${line.quantity}`),
    amount: order.refundable.amount,
  };
}

/**
 * "Cancelar compra" while the order may still be cancelled (not refunded, before `cancellableUntil`):
 * a dialog says what comes back and that it cannot be undone; `onCancelled` runs once it is done.
 */
export function CancelPurchase({
  order,
  caller,
  now,
  onCancelled,
}: {
  order: OrderView;
  caller: Caller;
  now: Date;
  onCancelled: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = whatComesBack(order);
  const destinations = refundDestinations(order, back.amount);
  // Nothing left to give back (all refunded, or used at the door): no button that could only fail.
  if (order.state === 'refunded' || now >= new Date(order.cancellableUntil) || (back.seats.length === 0 && back.candy.length === 0)) {
    return null;
  }
  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
  };
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await cancelOrder(caller, order.id);
      setOpen(false);
      onCancelled();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        Cancelar compra
      </Button>
      {open && (
        <Dialog title="Cancelar compra" onClose={close}>
          <DialogBody>
            <p>Se te devuelve:</p>
            <ul aria-label="Lo que se devuelve">
              {back.seats.length > 0 && (
                <li>
                  {back.seats.length} {back.seats.length === 1 ? 'entrada' : 'entradas'} ({back.seats.join(', ')})
                </li>
              )}
              {back.candy.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {back.leftOut.length > 0 && (
              <ul aria-label="Lo que no se devuelve">
                {back.leftOut.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {destinations.length === 1 && destinations[0]?.kind === 'card' ? (
              <p>
                Reembolso a tu tarjeta: <strong>{formatMoney(back.amount)}</strong>
              </p>
            ) : (
              <ul aria-label="Adónde vuelve el reembolso">
                {destinations.map((part) => (
                  <li key={part.kind}>
                    Reembolso {part.kind === 'points' ? 'en' : 'a tu'} {paymentLabel(part)}: <strong>{formatMoney(part.amount)}</strong>
                  </li>
                ))}
              </ul>
            )}
            <p>Las butacas vuelven a la venta. Esta acción no se puede deshacer.</p>
            {error && <ErrorText role="alert">{error}</ErrorText>}
            <DialogActions>
              <Button type="button" $variant="secondary" onClick={close}>
                Volver
              </Button>
              <Button type="button" $variant="danger" onClick={() => void confirm()} aria-disabled={busy || undefined}>
                {busy ? 'Cancelando…' : 'Cancelar compra'}
              </Button>
            </DialogActions>
          </DialogBody>
        </Dialog>
      )}
    </>
  );
}

const Refunded = styled.p`
  margin: 0;
  color: var(--cine-gold, #f5c518);
`;
