import type { CartTicketLine, CartView, OrderView } from '@cine/contracts';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState, LoadError, Page, PageTitle, SectionTitle } from '@cine/web-kit/ui';
import { PricedLinesList } from '../components/PricedLinesList';
import { Toasts } from '../components/Toasts';
import { useToasts } from '../hooks/useToasts';
import type { RemotePageProps, Session } from '@cine/web-kit';
import { HoldCountdown } from '../features/cart/components/HoldCountdown';
import { firstTicket, useCart } from '../features/cart/hooks/useCart';
import { HOLD_LAPSED_TEXT, useHoldCountdown } from '../features/cart/hooks/useHoldCountdown';
import { PaymentFailureNotice } from '../features/payment/components/PaymentFailureNotice';
import { PaymentStep } from './PaymentStep';
import { clubCandyDiscount } from '../features/cart/clubDiscount';
import { PromoCodeBox } from '../features/cart/components/PromoCodeBox';
import { usePayCart } from '../features/payment/hooks/usePayCart';
import { formatMoney, shortDate } from '@cine/web-kit';

/** /Checkout: the signed-in user's cart and the card payment (spec §2). */
export default function CheckoutPage({ session }: RemotePageProps) {
  return (
    <Page>
      <PageTitle>Metodo de Pago</PageTitle>
      {session ? (
        <UserCheckout session={session} />
      ) : (
        <EmptyState>
          Debes iniciar sesion para Comprar. <Link to="/login">Iniciar sesión</Link>
        </EmptyState>
      )}
    </Page>
  );
}

function UserCheckout({ session }: { session: Session }) {
  const cart = useCart(session);
  const toasts = useToasts();
  const [lapsed, setLapsed] = useState(false);
  const ticket = firstTicket(cart.cart);
  const { reload } = cart;
  // The server frees a lapsed hold by itself; the page says so and shows the cart as it is now.
  const onLapse = useCallback(() => {
    setLapsed(true);
    void reload();
  }, [reload]);

  return (
    <>
      {lapsed && <Notice role="status">{HOLD_LAPSED_TEXT}</Notice>}
      {cart.status === 'loading' && !cart.cart && <Muted role="status">Cargando tu carrito...</Muted>}
      {cart.status === 'error' && <LoadError message={cart.message} onRetry={() => void cart.reload()} />}
      {cart.cart && !ticket && cart.status !== 'error' && <EmptyState>No tienes compras pendientes de pago.</EmptyState>}
      {cart.cart && ticket && (
        <PayableCart
          session={session}
          cart={cart.cart}
          ticket={ticket}
          reload={cart.reload}
          replace={cart.replace}
          onLapse={onLapse}
          notify={toasts.show}
        />
      )}
      <Toasts toasts={toasts.toasts} onDismiss={toasts.dismiss} />
    </>
  );
}

interface PayableCartProps {
  session: Session;
  cart: CartView;
  ticket: CartTicketLine;
  reload: () => Promise<void>;
  replace: (cart: CartView) => void;
  onLapse: () => void;
  notify: (kind: 'success' | 'error', text: string) => void;
}

function PayableCart({ session, cart, ticket, reload, replace, onLapse, notify }: PayableCartProps) {
  const navigate = useNavigate();
  const onPaid = useCallback(
    (order: OrderView) => {
      void reload();
      navigate(`/compra/${order.id}`, { state: { justPaid: true } });
    },
    [reload, navigate],
  );
  const payment = usePayCart({ caller: session, ticket, notify, onPaid });
  const remaining = useHoldCountdown(ticket.heldUntil, onLapse);

  return (
    <Layout>
      <Summary aria-labelledby="checkout-summary">
        <SectionTitle id="checkout-summary">Tu pedido</SectionTitle>
        <h3>{ticket.title}</h3>
        <p>
          Fecha: {ticket.day} {ticket.schedule} ({shortDate(ticket.date)})
        </p>
        {cart.cinema && (
          <p>
            Cine: {cart.cinema.name} · {cart.cinema.address}
          </p>
        )}
        <p>Sala : {ticket.roomId}</p>
        <p>Formato: {ticket.type}</p>
        <Row>
          <span>
            Entradas: {ticket.seats}
            {ticket.seatLabels.length > 0 && ` (butacas ${ticket.seatLabels.join(', ')})`}
          </span>
          <span>{formatMoney(ticket.totalPrice)}</span>
        </Row>
        {cart.candy.map((line) => (
          <Row key={line.id}>
            <span>
              {line.name} × {line.quantity}
            </span>
            <span>{formatMoney(line.totalPrice)}</span>
          </Row>
        ))}
        {ticket.lines.length > 0 && <PricedLinesList lines={ticket.lines} label="Entradas en tu pedido" />}
        {clubCandyDiscount(cart) > 0 && (
          <Row className="discount">
            <span>Descuento Cine Club en dulcería</span>
            <span>− {formatMoney(clubCandyDiscount(cart))}</span>
          </Row>
        )}
        {cart.promo && cart.promo.discount > 0 && (
          <Row className="discount">
            <span>Descuento ({cart.promo.code})</span>
            <span>− {formatMoney(cart.promo.discount)}</span>
          </Row>
        )}
        <PromoCodeBox caller={session} cart={cart} onCartChange={replace} />
        <p className="total">Total a pagar : {formatMoney(cart.orderPrice)}</p>
        {remaining !== null && <HoldCountdown remaining={remaining} />}
      </Summary>
      <section aria-label="Tarjeta de pago">
        <PaymentStep caller={session} total={cart.orderPrice} onPay={payment.pay} />
        {payment.error && <PaymentFailureNotice failure={payment.error} heldUntil={ticket.heldUntil} />}
      </section>
    </Layout>
  );
}

const Notice = styled.p`
  font-weight: 600;
  color: var(--cine-gold, #f5c518);
`;

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: 2rem;
  align-items: start;
`;

const Summary = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  padding: 1.25rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);

  h3,
  p {
    margin: 0;
  }

  .discount {
    color: var(--cine-success, #3ddc84);
  }

  .total {
    margin-top: 0.5rem;
    font-size: 1.2rem;
    font-weight: 700;
  }
`;

const Row = styled.p`
  display: flex;
  justify-content: space-between;
  gap: 1rem;

  span:last-child {
    white-space: nowrap;
  }
`;
