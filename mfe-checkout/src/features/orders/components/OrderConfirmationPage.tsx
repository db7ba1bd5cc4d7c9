import type { OrderView } from '@cine/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PriceLine, PriceLines } from '../../../components/PriceLines';
import { PricedLinesList } from '../../../components/PricedLinesList';
import { ApiError, dayLabel, useAsyncData, useDocumentTitle, type RemotePageProps, type Session } from '@cine/web-kit';
import { EmptyState, LoadError, Page, PageTitle, SectionTitle } from '@cine/web-kit/ui';
import { fetchOrder } from '../api/ordersApi';
import { CancelPurchase, RefundStatus } from './CancelPurchase';
import { OrderTickets } from './OrderTickets';
import { DiscountLine, PaymentLines } from './OrderPayments';
import { SignInFirst } from '../../../components/SignInFirst';
import { Facts } from '../../../components/Facts';

/** Exposed as 'checkout/OrderConfirmationPage': /compra/:orderId, what was bought, for its buyer (others: 404). */
export default function OrderConfirmationPage({ session }: RemotePageProps) {
  useDocumentTitle('Compra confirmada');
  return <Page>{session ? <Confirmation session={session} /> : <SignInFirst what="tu compra" />}</Page>;
}

function Confirmation({ session }: { session: Session }) {
  const { orderId = '' } = useParams();
  const justPaid = (useLocation().state as { justPaid?: boolean } | null)?.justPaid === true;
  const order = useAsyncData(() => fetchOrder(session, orderId), `${session.userId}/${orderId}`);

  if (order.status === 'loading' || order.status === 'idle') return <Muted role="status">Cargando tu compra...</Muted>;
  if (order.status === 'error') {
    return order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400) ? (
      <EmptyState>
        No encontramos esa compra en tu cuenta. <Link to="/mis-compras">Ver Mis compras</Link>
      </EmptyState>
    ) : (
      <LoadError message={order.message} onRetry={order.reload} />
    );
  }
  return (
    <OrderDetails order={order.data} session={session} justPaid={justPaid}>
      <CancelPurchase order={order.data} caller={session} now={new Date()} onCancelled={order.reload} />
    </OrderDetails>
  );
}

function OrderDetails({
  order,
  session,
  justPaid,
  children,
}: {
  order: OrderView;
  session: Session;
  justPaid: boolean;
  children: ReactNode;
}) {
  const { email } = session;
  const refunded = order.state === 'refunded';
  const [year] = order.date.split('-');
  const when = `${dayLabel(order.date, order.day)}/${year} · ${order.schedule}`;
  return (
    <>
      {justPaid && !refunded && <Paid role="status">Pago realizado con éxito</Paid>}
      <PageTitle>{refunded ? 'Compra reembolsada' : 'Compra confirmada'}</PageTitle>
      <Card aria-labelledby="order-facts">
        <h2 id="order-facts">{order.title}</h2>
        <Facts>
          <dt>Pedido</dt>
          <dd className="code">{order.code}</dd>
          <dt>Fecha y hora</dt>
          <dd>{when}</dd>
          {order.cinema && (
            <>
              <dt>Cine</dt>
              <dd>
                {order.cinema.name}
                <br />
                <span className="address">{order.cinema.address}</span>
              </dd>
            </>
          )}
          <dt>Sala</dt>
          <dd>{order.roomId}</dd>
          <dt>Formato</dt>
          <dd>{order.type}</dd>
          <dt>Butacas</dt>
          <dd>{order.seatLabels.join(', ')}</dd>
        </Facts>
        {order.lines.length > 0 && <PricedLinesList lines={order.lines} label="Tus entradas y sus precios" />}
        <Lines aria-label="Lo que pagaste">
          <PriceLine label={`${order.seats} ${order.seats === 1 ? 'entrada' : 'entradas'}`} cents={order.ticketTotal} />
          {order.candy.map((line) => (
            <PriceLine key={line.id} label={`${line.name} × ${line.quantity}`} cents={line.totalPrice} />
          ))}
          <DiscountLine order={order} />
          <PriceLine className="total" label="Total" cents={order.total} />
          <PaymentLines payments={order.payments} />
        </Lines>
        <RefundStatus order={order} />
        {email && (
          <p>
            Te enviamos el comprobante a <strong>{email}</strong>.
          </p>
        )}
        <Links>
          <Link to="/mis-entradas">Ver entradas con QR</Link>
          <a href="#entradas">Ver butacas</a>
          <Link to="/mis-compras">Mis compras</Link>
          {children}
        </Links>
      </Card>
      <section aria-labelledby="entradas">
        <SectionTitle id="entradas" tabIndex={-1}>
          Tus entradas
        </SectionTitle>
        <OrderTickets session={session} order={order} when={when} />
        <Muted>
          En la entrada de la sala muestra el código QR de cada entrada (o dicta su código): también están en{' '}
          <Link to="/mis-entradas">Mis entradas</Link> (también sin conexión, una vez abiertas) y en el comprobante del correo.
        </Muted>
      </section>
    </>
  );
}

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const Paid = styled.p`
  margin: 0 0 1rem;
  padding: 0.75rem 1rem;
  border-radius: 10px;
  font-weight: 700;
  color: var(--cine-success, #3ddc84);
  border: 1px solid var(--cine-success, #3ddc84);
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  /* A long e-mail address (the receipt's) wraps instead of widening the page on a phone. */
  overflow-wrap: anywhere;
  margin-bottom: 2rem;
  padding: 1.25rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);

  h2,
  p {
    margin: 0;
  }
`;

const Lines = styled(PriceLines)`
  .discount {
    color: var(--cine-success, #3ddc84);
  }

  .payment {
    font-size: 0.95rem;
    color: var(--cine-muted, #a6a6bb);
  }

  .total {
    border-bottom: none;
    font-size: 1.15rem;
    font-weight: 700;
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    padding: 0 1rem;
    border-radius: var(--cine-radius, 10px);
    border: 1px solid var(--cine-gold, #f5c518);
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
    text-decoration: none;
  }
`;
