import type { OrderView, TicketView } from '@cine/contracts';
import { useAsyncData, type Session } from '@cine/web-kit';
import styled from 'styled-components';
import { TicketQr } from '../../../components/TicketQr';
import { fetchTicketsOfOrder } from '../api/ordersApi';

/** How long the page waits for a just-paid order's tickets (issued from its order.paid, a moment after the payment). */
const ISSUE_WAIT_MS = 15_000;
const ISSUE_POLL_MS = 1_000;

/** The order's tickets among the buyer's, waiting a little for those of an order just paid. */
async function ticketsOf(session: Session, order: OrderView): Promise<TicketView[]> {
  const until = Date.now() + ISSUE_WAIT_MS;
  for (;;) {
    const mine = await fetchTicketsOfOrder(session, order.id);
    if (mine.length >= order.seatLabels.length || Date.now() >= until) return mine;
    await new Promise((resolve) => setTimeout(resolve, ISSUE_POLL_MS));
  }
}

/** Each seat of the order: its QR code to show at the door and its code, or why it is not valid any more. */
export function OrderTickets({ session, order, when }: { session: Session; order: OrderView; when: string }) {
  const tickets = useAsyncData(() => ticketsOf(session, order), `${session.userId}/${order.id}/${order.refundedAmount}`);
  const bySeat = new Map((tickets.status === 'ready' ? tickets.data : []).map((ticket) => [ticket.seatLabel, ticket]));
  const refundedSeats = new Set(order.refunds.flatMap((refund) => refund.seatLabels));
  const typeOf = new Map(order.lines.map((line) => [line.seatLabel, line.typeName]));
  return (
    <Tickets>
      {order.seatLabels.map((seat) => {
        const ticket = bySeat.get(seat);
        return (
          <li key={seat}>
            <strong>
              Butaca {seat}
              {typeOf.has(seat) && ` · ${typeOf.get(seat)}`}
            </strong>
            <span>{order.title}</span>
            <span>
              {when} · {order.cinema ? `${order.cinema.name} · ` : ''}Sala {order.roomId} · {order.type}
            </span>
            {refundedSeats.has(seat) ? (
              <strong className="refunded">Reembolsada: ya no es válida</strong>
            ) : ticket?.state === 'used' ? (
              <strong>Ya ingresó a la sala</strong>
            ) : ticket ? (
              <TicketQr token={ticket.token} label={`Código QR de la entrada ${seat}`} />
            ) : tickets.status === 'loading' ? (
              <span role="status">Preparando tu entrada...</span>
            ) : (
              <span>El código QR estará en Mis entradas en unos minutos.</span>
            )}
            {ticket && <span className="code">Código {ticket.code}</span>}
          </li>
        );
      })}
    </Tickets>
  );
}

const Tickets = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
  gap: 1rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: 0.4rem;
    padding: 1rem;
    border-radius: 10px;
    border: 1px dashed var(--cine-gold, #f5c518);
    background: var(--cine-surface, #161622);
  }

  .code {
    font-family: monospace;
    font-size: 1rem;
    letter-spacing: 0.1em;
  }

  .refunded {
    color: var(--cine-error, #ff4d4f);
  }
`;
