import type { OrderView } from '@cine/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  dayLabel,
  formatMoney,
  paidInParts,
  paymentLabel,
  useAsyncData,
  useDocumentTitle,
  type RemotePageProps,
  type Session,
} from '@cine/web-kit';
import { EmptyState, LoadError, Page, PageTitle, SectionTitle } from '@cine/web-kit/ui';
import { fetchOrderHistory } from '../api/ordersApi';
import { purchasesInOrder } from '../orderTimes';
import { CancelPurchase, RefundStatus } from './CancelPurchase';
import { SignInFirst } from '../../../components/SignInFirst';
import { PricedLinesList } from '../../../components/PricedLinesList';
import { MyGiftCards } from './MyGiftCards';

/** Exposed as 'checkout/MyPurchasesPage': /mis-compras, the buyer's paid orders, upcoming shows first. */
export default function MyPurchasesPage({ session }: RemotePageProps) {
  useDocumentTitle('Mis compras');
  return (
    <Page>
      <PageTitle>Mis compras</PageTitle>
      {session ? <Purchases session={session} /> : <SignInFirst what="tus compras" />}
    </Page>
  );
}

function Purchases({ session }: { session: Session }) {
  const history = useAsyncData(() => fetchOrderHistory(session), session.userId);
  if (history.status === 'loading' || history.status === 'idle') return <Muted role="status">Cargando tus compras...</Muted>;
  if (history.status === 'error') return <LoadError message={history.message} onRetry={history.reload} />;
  if (history.data.length === 0) {
    return (
      <>
        <EmptyState>
          Todavía no compraste entradas. <Link to="/cartelera">Mira la cartelera por día</Link> y elige tu función.
        </EmptyState>
        <MyGiftCards caller={session} />
      </>
    );
  }
  const now = new Date();
  const { upcoming, past } = purchasesInOrder(history.data, now);
  const cancel = { caller: session, now, onCancelled: history.reload };
  return (
    <>
      <OrderList title="Próximas funciones" orders={upcoming} empty="No tienes funciones por ver." cancel={cancel} />
      {past.length > 0 && <OrderList title="Funciones pasadas" orders={past} />}
      <MyGiftCards caller={session} />
    </>
  );
}

interface OrderListProps {
  title: string;
  orders: OrderView[];
  empty?: string;
  /** Orders of shows to come may be cancelled (outside the window). */
  cancel?: Omit<Parameters<typeof CancelPurchase>[0], 'order'>;
}

function OrderList({ title, orders, empty, cancel }: OrderListProps) {
  const headingId = `compras-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{title}</SectionTitle>
      {orders.length === 0 && empty ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <List>
          {orders.map((order) => (
            <li key={order.id}>
              <Link to={`/compra/${order.id}`}>
                <strong>{order.title}</strong>
                <span>Pedido {order.code}</span>
                {order.cinema && <span>{`${order.cinema.name} · ${order.cinema.address}`}</span>}
                <span>
                  {dayLabel(order.date, order.day)}/{order.date.slice(0, 4)} · {order.schedule} · Sala {order.roomId} · {order.type}
                </span>
                <span>
                  {order.seats} {order.seats === 1 ? 'entrada' : 'entradas'} ({order.seatLabels.join(', ')})
                  {order.candy.length > 0 && ' y dulcería'} · {formatMoney(order.total)}
                </span>
                {order.discount > 0 && (
                  <span>
                    Descuento{order.promo ? ` ${order.promo.code}` : ''}: − {formatMoney(order.discount)}
                  </span>
                )}
                {paidInParts(order.payments) && (
                  <span>Pagado con {order.payments.map((part) => `${paymentLabel(part)} ${formatMoney(part.amount)}`).join(' y ')}</span>
                )}
              </Link>
              {order.lines.length > 0 && <PricedLinesList lines={order.lines} label={`Entradas del pedido ${order.code}`} />}
              <RefundStatus order={order} />
              {cancel && <CancelPurchase order={order} {...cancel} />}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const Section = styled.section`
  margin-bottom: 2rem;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.5rem;
  }

  > li > ul {
    align-self: stretch;
    padding: 0 1rem;
  }

  a {
    align-self: stretch;
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    padding: 1rem;
    border-radius: 12px;
    border: 1px solid var(--cine-border, #2e2e42);
    background: var(--cine-surface, #161622);
    color: var(--cine-text, #f3f3f7);
    text-decoration: none;
  }

  a:hover,
  a:focus-visible {
    border-color: var(--cine-gold, #f5c518);
  }

  a span {
    color: var(--cine-muted, #a6a6bb);
  }
`;
