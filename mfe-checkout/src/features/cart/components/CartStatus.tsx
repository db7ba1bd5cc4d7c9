import type { CartView } from '@cine/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { announceHold, type CartStatusProps } from '@cine/web-kit';
import { fetchCart } from '../api/cartApi';
import { onCartAnnounced } from '../cartAnnouncements';
import { firstTicket } from '../hooks/useCart';
import { formatRemaining, useHoldCountdown } from '../hooks/useHoldCountdown';

/** How long before the hold lapses the header warns. */
const HOLD_WARNING_MS = 60_000;
export const HOLD_ENDING_TEXT = 'Tu reserva vence en menos de un minuto: paga ahora o las butacas vuelven a la venta.';

/**
 * Exposed as 'checkout/CartStatus': the shell's header shows it on every page. While seats are held
 * it links to the payment with the hold's countdown, and warns a minute before the hold lapses;
 * otherwise it shows nothing. The cart is read when the page changes and taken from every cart
 * the checkout's pages learn (cartAnnouncements), so holding seats shows it at once.
 */
export default function CartStatus({ session }: CartStatusProps) {
  const { pathname } = useLocation();
  const [cart, setCart] = useState<CartView | null>(null);
  const userId = session?.userId;
  const token = session?.token;

  const read = useCallback(() => {
    if (!userId || !token) return () => undefined;
    let current = true;
    fetchCart({ userId, token }).then(
      (answer) => {
        if (current) setCart(answer);
        announceHold(firstTicket(answer)?.heldUntil ?? null);
      },
      // The header stays quiet: the pages say what went wrong with the cart.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId, token]);

  useEffect(() => onCartAnnounced(setCart), []);
  useEffect(() => {
    if (!userId) setCart(null);
    return read();
  }, [userId, read, pathname]);

  const ticket = userId ? firstTicket(cart) : null;
  // The server frees a lapsed hold by itself: read the cart as it is now.
  const remaining = useHoldCountdown(ticket?.heldUntil, read);
  if (!ticket || remaining === null || remaining === 0) return null;
  const seats = `${ticket.seats} ${ticket.seats === 1 ? 'entrada' : 'entradas'}`;
  return (
    <Wrapper>
      <CartLink to="/Checkout" title={`${seats} de ${ticket.title} reservadas: ir a pagar`}>
        <span aria-hidden="true">🛒</span> Carrito ({ticket.seats}) <time role="timer">{formatRemaining(remaining)}</time>
      </CartLink>
      {remaining <= HOLD_WARNING_MS && <Warning role="alert">{HOLD_ENDING_TEXT}</Warning>}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const CartLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  min-height: 2.5rem;
  padding: 0.3rem 0.7rem;
  border: 1px solid var(--cine-gold, #f5c518);
  border-radius: var(--cine-radius, 10px);
  color: var(--cine-gold, #f5c518);
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;

  time {
    font-variant-numeric: tabular-nums;
  }
`;

const Warning = styled.p`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  width: min(20rem, calc(100vw - 2rem));
  margin: 0;
  padding: 0.6rem 0.8rem;
  border-radius: 8px;
  background: #3a0d0f;
  border: 1px solid var(--cine-error, #ff4d4f);
  color: #ffdede;
  font-weight: 700;
`;
