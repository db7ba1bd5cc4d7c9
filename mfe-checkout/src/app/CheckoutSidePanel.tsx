import type { CartTicketLine, CartView, OrderView } from '@cine/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { PriceLine, PriceLines } from '../components/PriceLines';
import { PricedLinesList } from '../components/PricedLinesList';
import { Button, IconButton } from '@cine/web-kit/ui';
import type { PurchaseMovie } from '@cine/web-kit';
import type { Caller } from '../types';
import { CandyPromosDialog } from '../features/candy/components/CandyPromosDialog';
import { PaymentDialog } from '../features/payment/components/PaymentDialog';
import { PaymentStep } from './PaymentStep';
import { usePayCart } from '../features/payment/hooks/usePayCart';
import { HoldCountdown } from '../features/cart/components/HoldCountdown';
import { PromoCodeBox } from '../features/cart/components/PromoCodeBox';
import { formatMoney } from '@cine/web-kit';
import { clubCandyDiscount } from '../features/cart/clubDiscount';

/** The spec's defaults (§9) for a line the cart does not fill. */
export const DEFAULT_TITLE = 'generic title';
export const DEFAULT_DAY = 'Jueves';
export const DEFAULT_SCHEDULE = '0:00';
export const DEFAULT_LANGUAGE = 'Español';

interface CheckoutSidePanelProps {
  id: string;
  movie: PurchaseMovie;
  caller: Caller;
  cart: CartView;
  ticket: CartTicketLine;
  /** Milliseconds the hold has left (null when the server gave no time). */
  remaining: number | null;
  onClose: () => void;
  onCartChange: (cart: CartView) => void;
  notify: (kind: 'success' | 'error', text: string) => void;
  onPaid: (order: OrderView) => void;
}

/** Spec §2 'Checkout side panel': the order, the candy modal, the grand total and the payment. */
export function CheckoutSidePanel(props: CheckoutSidePanelProps) {
  const { id, movie, caller, cart, ticket, remaining, onClose, onCartChange, notify, onPaid } = props;
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [candyOpen, setCandyOpen] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const payment = usePayCart({ caller, ticket, notify, onPaid });

  useEffect(() => heading.current?.focus(), []);

  const title = ticket.title || movie.Title || DEFAULT_TITLE;
  // The trailer belongs to the page's movie; a held ticket of another movie shows none.
  const trailer = ticket.movieId === movie.id ? movie.Trailer : '';

  const panel = useRef<HTMLElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    // React events bubble out of the portalled dialogs too; their Escape closes only the dialog.
    if (event.key === 'Escape' && panel.current?.contains(event.target as Node)) onClose();
  };

  return (
    <Panel ref={panel} id={id} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <Header>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <IconButton type="button" aria-label="Cerrar carrito" onClick={onClose}>
          ×
        </IconButton>
      </Header>
      {trailer ? (
        <div>
          <Trailer>
            <iframe
              src={trailer}
              title={`Tráiler de ${title}`}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              loading="lazy"
            />
          </Trailer>
          {/* YouTube cannot always load (offline, blocked): a plain link still reaches the trailer. */}
          <Hint>
            ¿No se ve el tráiler?{' '}
            <a href={trailer} target="_blank" rel="noreferrer">
              Ábrelo en YouTube
            </a>
          </Hint>
        </div>
      ) : (
        <NoTrailer>El tráiler no está disponible en este momento.</NoTrailer>
      )}
      <Lines>
        <p>
          Entradas: {ticket.seats}
          {ticket.seatLabels.length > 0 && ` (butacas ${ticket.seatLabels.join(', ')})`}
        </p>
        <p>
          Fecha: {ticket.day || DEFAULT_DAY} {ticket.schedule || DEFAULT_SCHEDULE}
        </p>
        {cart.cinema && (
          <p>
            Cine: {cart.cinema.name} · {cart.cinema.address}
          </p>
        )}
        <p>Sala : {ticket.roomId}</p>
        <p>Idioma: {movie.Language?.trim() || DEFAULT_LANGUAGE}</p>
        <p>Formato: {ticket.type}</p>
      </Lines>
      {ticket.lines.length > 0 && <PricedLinesList lines={ticket.lines} label="Entradas en tu pedido" />}
      {remaining !== null && <HoldCountdown remaining={remaining} />}
      {cart.candy.length > 0 && (
        <PriceLines aria-label="Dulcería en tu pedido">
          {cart.candy.map((line) => (
            <PriceLine key={line.id} label={`${line.name} × ${line.quantity}`} cents={line.totalPrice} />
          ))}
          {clubCandyDiscount(cart) > 0 && (
            <li className="discount">
              <span>Descuento Cine Club</span>
              <span>− {formatMoney(clubCandyDiscount(cart))}</span>
            </li>
          )}
        </PriceLines>
      )}
      <Button type="button" $variant="secondary" aria-haspopup="dialog" onClick={() => setCandyOpen(true)}>
        Dulceria
      </Button>
      <PromoCodeBox caller={caller} cart={cart} onCartChange={onCartChange} />
      <Total>Total a pagar : {formatMoney(cart.orderPrice)}</Total>
      <Button type="button" aria-haspopup="dialog" aria-expanded={paymentOpen} onClick={() => setPaymentOpen((open) => !open)}>
        Realizar Pago
      </Button>
      {candyOpen && <CandyPromosDialog caller={caller} cart={cart} onCartChange={onCartChange} onClose={() => setCandyOpen(false)} />}
      {paymentOpen && (
        <PaymentDialog cart={cart} error={payment.error} onClose={() => setPaymentOpen(false)}>
          <PaymentStep caller={caller} total={cart.orderPrice} onPay={payment.pay} />
        </PaymentDialog>
      )}
    </Panel>
  );
}

const Panel = styled.aside`
  position: fixed;
  z-index: 150;
  top: 0;
  right: 0;
  bottom: 0;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  width: min(100%, 26rem);
  padding: 1.25rem;
  overflow-y: auto;
  background: var(--cine-surface, #161622);
  color: var(--cine-text, #f3f3f7);
  border-left: 1px solid var(--cine-border, #2e2e42);
  box-shadow: -16px 0 40px rgb(0 0 0 / 0.55);
  font-family: var(--cine-font, system-ui, sans-serif);

  @media (max-width: 480px) {
    padding: 1rem;
    border-left: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;

  h2 {
    margin: 0;
    font-size: 1.35rem;
    outline: none;
  }
`;

const Trailer = styled.div`
  position: relative;
  flex: none;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 10px;
  background: #000;

  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Hint = styled.p`
  margin: 0.4rem 0 0;
  font-size: 0.85rem;
  color: var(--cine-muted, #a6a6bb);

  a {
    color: var(--cine-gold, #f5c518);
  }
`;

const NoTrailer = styled.p`
  margin: 0;
  padding: 1rem;
  border-radius: 10px;
  text-align: center;
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-muted, #a6a6bb);
`;

const Lines = styled.div`
  p {
    margin: 0.2rem 0;
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: 1.2rem;
  font-weight: 700;
`;
