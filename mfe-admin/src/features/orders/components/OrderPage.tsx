import { useState } from 'react';
import styled from 'styled-components';
import { formatMoney, instantLabel, paidInParts, paymentLabel, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError } from '@cine/web-kit/ui';
import { SuccessMessage } from '../../../components/FormMessage';
import { fetchOrder, type OrderDetail } from '../api/orders';
import { HISTORY_LABELS, ORDER_STATE_LABELS, REFUNDED_BY_LABELS } from '../orderLabels';
import { RefundOrderDialog } from './RefundOrderDialog';

/**
 * An order's page: buyer, show, seats, candy, amounts, payment and history, and 'Reembolsar'.
 * Its URL (`/admin?orden=<id>`) opens it directly, so it can be shared.
 */
export function OrderPage({ token, orderId, onBack }: { token: string; orderId: string; onBack: () => void }) {
  const order = useAsyncData(() => fetchOrder(token, orderId), orderId);
  const [refunding, setRefunding] = useState(false);
  const [refunded, setRefunded] = useState<string | null>(null);

  return (
    <div>
      <Back type="button" $variant="secondary" onClick={onBack}>
        Volver a las órdenes
      </Back>
      {order.status === 'loading' || order.status === 'idle' ? (
        <EmptyState role="status">Cargando la orden…</EmptyState>
      ) : order.status === 'error' ? (
        <LoadError message={`No se pudo cargar la orden. ${order.message}`} onRetry={order.reload} />
      ) : (
        <>
          {refunded && <SuccessMessage>{refunded}</SuccessMessage>}
          <OrderFacts order={order.data} onRefund={() => setRefunding(true)} />
          {refunding && (
            <RefundOrderDialog
              token={token}
              order={order.data}
              onClose={() => setRefunding(false)}
              onRefunded={(message) => {
                setRefunding(false);
                setRefunded(message);
                order.reload();
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

function OrderFacts({ order, onRefund }: { order: OrderDetail; onRefund: () => void }) {
  const candyTotal = order.candy.reduce((sum, line) => sum + line.totalPrice, 0);
  // Offered while something can still be given back (a seat used at the door cannot).
  const refundable =
    !order.refunding && (order.refundable.seats.some((seat) => seat.refundable) || order.refundable.candy.some((line) => line.refundable));
  return (
    <Article aria-labelledby="order-title">
      <Heading>
        <h3 id="order-title">
          Orden <span className="code">{order.code}</span>
        </h3>
        <strong className={`state ${order.state}`}>{ORDER_STATE_LABELS[order.state]}</strong>
      </Heading>

      <Facts>
        <section aria-label="Comprador">
          <h4>Comprador</h4>
          {order.buyer ? (
            <p>
              {order.buyer.name}
              <br />
              <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
            </p>
          ) : (
            <p>Usuario eliminado o desconocido ({order.userId})</p>
          )}
        </section>
        <section aria-label="Función">
          <h4>Función</h4>
          <p>
            {order.title}
            <br />
            {order.day} {shortDate(order.date)} · {order.schedule} · Sala {order.roomId} · {order.type}
            <br />
            {order.cinema.name} · {order.cinema.address}
          </p>
        </section>
        <section aria-label="Butacas">
          <h4>Butacas</h4>
          <p>{order.seatLabels.join(', ')}</p>
        </section>
        <section aria-label="Candy">
          <h4>Candy</h4>
          {order.candy.length === 0 ? (
            <p>Sin productos.</p>
          ) : (
            <ul>
              {order.candy.map((line) => (
                <li key={line.id}>
                  {line.name} × {line.quantity}: {formatMoney(line.totalPrice)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Importes">
          <h4>Importes</h4>
          <dl>
            <dt>Entradas</dt>
            <dd>{formatMoney(order.ticketTotal)}</dd>
            <dt>Candy</dt>
            <dd>{formatMoney(candyTotal)}</dd>
            {order.discount > 0 && (
              <>
                <dt>Descuento{order.promo ? ` (${order.promo.code})` : ''}</dt>
                <dd>− {formatMoney(order.discount)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>{formatMoney(order.total)}</dd>
            <dt>Reembolsado</dt>
            <dd>{formatMoney(order.refundedAmount)}</dd>
          </dl>
        </section>
        <section aria-label="Pago">
          <h4>Pago</h4>
          <p>
            <span className="code">{order.paymentId}</span>
            <br />
            {ORDER_STATE_LABELS[order.state]}
            {order.refunding && ' · reembolso en curso'}
          </p>
          {paidInParts(order.payments) && (
            <ul aria-label="Partes del pago">
              {order.payments.map((part) => (
                <li key={part.kind}>
                  {paymentLabel(part, true)}: {formatMoney(part.amount)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </Facts>

      <section aria-label="Historial">
        <h4>Historial</h4>
        <History>
          {order.history.map((entry, index) => (
            <li key={`${entry.kind}-${index}`}>
              <time dateTime={entry.at}>{instantLabel(entry.at)}</time>{' '}
              <span>
                {HISTORY_LABELS[entry.kind]}
                {entry.by && ` (${REFUNDED_BY_LABELS[entry.by]})`}
                {entry.seatLabels.length > 0 && ` · ${entry.seatLabels.join(', ')}`}
                {entry.amount !== undefined && ` · ${formatMoney(entry.amount)}`}
                {entry.reason && ` · «${entry.reason}»`}
              </span>
            </li>
          ))}
        </History>
      </section>

      {refundable && (
        <Button type="button" $variant="danger" onClick={onRefund}>
          Reembolsar
        </Button>
      )}
    </Article>
  );
}

const Back = styled(Button)`
  margin-bottom: 1rem;
`;

const Article = styled.article`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 1rem;

  h4 {
    margin: 0 0 0.35rem;
    font-size: 0.95rem;
    color: var(--cine-muted, #a6a6bb);
  }

  p,
  ul {
    margin: 0;
  }

  .code {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
  }
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.5rem 1rem;

  h3 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }

  .state.refunded {
    color: var(--cine-error, #ff4d4f);
  }
`;

const Facts = styled.div`
  display: grid;
  width: 100%;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;

  section {
    padding: 0.75rem 1rem;
    background: var(--cine-surface, #161622);
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 12px;
    overflow-wrap: anywhere;
  }

  dl {
    display: grid;
    grid-template-columns: auto auto;
    gap: 0.2rem 1rem;
    margin: 0;
  }

  dd {
    margin: 0;
    text-align: right;
  }
`;

const History = styled.ol`
  margin: 0;
  padding-left: 1.25rem;

  li {
    margin-bottom: 0.3rem;
  }

  time {
    font-variant-numeric: tabular-nums;
    color: var(--cine-muted, #a6a6bb);
  }
`;
