import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, paidInParts, paymentLabel, refundDestinations, shortDate } from '@cine/web-kit';
import { Button, Dialog, DialogActions, TextArea } from '@cine/web-kit/ui';
import { ErrorMessage } from '../../../components/FormMessage';
import { refundOrder, type OrderDetail } from '../api/orders';

/** What a refund can still give back, as the server's refund rule says (`order.refundable`). */
function stillRefundable(order: OrderDetail) {
  const candyBack = new Map(order.refundable.candy.filter((line) => line.refundable).map((line) => [line.id, line.amount]));
  return {
    seats: order.refundable.seats.filter((seat) => seat.refundable),
    // Used at the door: shown, marked, never offered.
    admitted: order.refundable.seats.filter((seat) => seat.reason === 'checked_in').map((seat) => seat.seatLabel),
    candy: order.candy.filter((line) => candyBack.has(line.id)).map((line) => ({ ...line, amount: candyBack.get(line.id) ?? 0 })),
  };
}

/** 'Reembolsar' of the order page: the whole order, or the tickets and candy lines chosen, with a reason. */
export function RefundOrderDialog({
  token,
  order,
  onClose,
  onRefunded,
}: {
  token: string;
  order: OrderDetail;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  return (
    <Dialog title="Reembolsar" onClose={onClose}>
      <RefundForm token={token} order={order} onClose={onClose} onRefunded={onRefunded} />
    </Dialog>
  );
}

function RefundForm({
  token,
  order,
  onClose,
  onRefunded,
}: {
  token: string;
  order: OrderDetail;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const left = stillRefundable(order);
  const [seats, setSeats] = useState<string[]>([]);
  const [candy, setCandy] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (left.seats.length === 0 && left.candy.length === 0) {
    return (
      <p>
        {left.admitted.length > 0
          ? 'No queda nada por reembolsar: las demás entradas ya ingresaron a la sala.'
          : 'Esta compra ya fue reembolsada por completo.'}
      </p>
    );
  }

  const toggle = (list: string[], set: (next: string[]) => void, value: string) =>
    set(list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const whole = seats.length === 0 && candy.length === 0;
  const amount = whole
    ? order.refundable.amount
    : [...left.seats.filter((seat) => seats.includes(seat.seatLabel)), ...left.candy.filter((line) => candy.includes(line.id))].reduce(
        (sum, item) => sum + item.amount,
        0,
      );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError('Escribe el motivo del reembolso.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message } = await refundOrder(token, order.id, {
        ...(whole ? {} : { seatLabels: seats, candyIds: candy }),
        reason: reason.trim(),
      });
      onRefunded(message);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      <p>
        Pedido {order.code} · {order.title} · {shortDate(order.date)} {order.schedule}
      </p>
      <fieldset>
        <legend>Entradas y productos a reembolsar (sin elegir nada, toda la compra)</legend>
        {left.seats.map(({ seatLabel: label }) => (
          <label key={label}>
            <input type="checkbox" checked={seats.includes(label)} onChange={() => toggle(seats, setSeats, label)} /> Entrada {label}
          </label>
        ))}
        {left.admitted.map((label) => (
          <label key={label} className="used">
            <input type="checkbox" checked={false} disabled /> Entrada {label}: ya ingresó a la sala, no se reembolsa
          </label>
        ))}
        {left.candy.map((line) => (
          <label key={line.id}>
            <input type="checkbox" checked={candy.includes(line.id)} onChange={() => toggle(candy, setCandy, line.id)} /> {line.name} ×{' '}
            {line.quantity}
          </label>
        ))}
      </fieldset>
      <label>
        Motivo
        <TextArea rows={2} value={reason} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
      </label>
      {paidInParts(order.payments) ? (
        <p>
          Se devuelve{' '}
          {refundDestinations(order, amount).map((part, index) => (
            <span key={part.kind}>
              {index > 0 && ' y '}
              {part.kind === 'points' ? 'en' : 'a la'} {paymentLabel(part)}: <strong>{formatMoney(part.amount)}</strong>
            </span>
          ))}
          . Esta acción no se puede deshacer.
        </p>
      ) : (
        <p>
          Se devuelve a la tarjeta: <strong>{formatMoney(amount)}</strong>. Esta acción no se puede deshacer.
        </p>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" $variant="danger" aria-disabled={busy || undefined}>
          {busy ? 'Reembolsando…' : whole ? 'Reembolsar todo' : 'Reembolsar lo elegido'}
        </Button>
      </DialogActions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }

  fieldset {
    display: flex;
    flex-direction: column;
    gap: 0.4rem;
    margin: 0;
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 10px;
  }

  label {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
  }

  fieldset label {
    flex-direction: row;
    align-items: center;
    min-height: 2.75rem;
  }
`;
