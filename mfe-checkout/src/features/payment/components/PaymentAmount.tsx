import type { CartView } from '@cine/contracts';
import styled from 'styled-components';
import { formatMoney } from '@cine/web-kit';
import { PricedLinesList } from '../../../components/PricedLinesList';

/**
 * What the buyer is about to pay and what it covers, as the server priced the cart: the tickets (and
 * each one's type, base price and surcharges), each candy line, the promo code's discount, the total.
 */
export function PaymentAmount({ cart }: { cart: CartView }) {
  return (
    <Amount aria-label="Resumen del pago">
      {cart.tickets.map((ticket) => (
        <div key={ticket.showId} className="tickets">
          <dt>
            {ticket.seats} {ticket.seats === 1 ? 'entrada' : 'entradas'} · {ticket.title}
            {ticket.seatLabels.length > 0 && ` (butacas ${ticket.seatLabels.join(', ')})`}
          </dt>
          <dd>{formatMoney(ticket.totalPrice)}</dd>
          {ticket.lines.length > 0 && (
            <dd className="lines">
              <PricedLinesList lines={ticket.lines} label={`Entradas de ${ticket.title}`} />
            </dd>
          )}
        </div>
      ))}
      {cart.candy.map((line) => (
        <div key={line.id}>
          <dt>
            {line.name} × {line.quantity}
          </dt>
          <dd>{formatMoney(line.totalPrice)}</dd>
        </div>
      ))}
      {cart.promo && cart.promo.discount > 0 && (
        <div className="discount">
          <dt>Descuento ({cart.promo.code})</dt>
          <dd>− {formatMoney(cart.promo.discount)}</dd>
        </div>
      )}
      <div className="total">
        <dt>Total a pagar :</dt>
        <dd>{formatMoney(cart.orderPrice)}</dd>
      </div>
    </Amount>
  );
}

const Amount = styled.dl`
  margin: 0 0 1rem;
  padding: 0.75rem;
  border-radius: 10px;
  background: var(--cine-surface-2, #20202f);

  div {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.2rem 0;
  }

  dd {
    margin: 0;
    white-space: nowrap;
  }

  .tickets {
    flex-wrap: wrap;
  }

  dd.lines {
    flex-basis: 100%;
    margin: 0 0 0.1rem 0.75rem;
    font-size: 0.9rem;
    white-space: normal;
  }

  .discount {
    color: var(--cine-success, #3ddc84);
  }

  .total {
    margin-top: 0.3rem;
    padding-top: 0.4rem;
    border-top: 1px solid var(--cine-border, #2e2e42);
    font-size: 1.1rem;
    font-weight: 700;
  }
`;
