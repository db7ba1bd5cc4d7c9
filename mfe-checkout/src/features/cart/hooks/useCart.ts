import type { CartTicketLine, CartView } from '@cine/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@cine/web-kit';
import type { Session } from '@cine/web-kit';
import { fetchCart } from '../api/cartApi';
import { announceCart } from '../cartAnnouncements';

export type CartState =
  | { status: 'idle' | 'loading'; cart: CartView | null }
  | { status: 'ready'; cart: CartView }
  | { status: 'error'; cart: CartView | null; message: string };

/**
 * The signed-in user's cart, always as the server last answered it: `reload` asks again,
 * `replace` takes an answer that already carries the new cart (candy add/delete). No polling.
 */
export function useCart(session: Session | null) {
  const [state, setState] = useState<CartState>({ status: session ? 'loading' : 'idle', cart: null });
  // Every change of the cart gets a number; an older answer arriving late never overwrites a newer one.
  const version = useRef(0);
  const userId = session?.userId;
  const token = session?.token;

  const reload = useCallback(async () => {
    if (!userId || !token) return;
    const mine = ++version.current;
    setState((current) => ({ status: 'loading', cart: current.cart }));
    try {
      const cart = await fetchCart({ userId, token });
      if (mine === version.current) setState({ status: 'ready', cart });
      announceCart(cart);
    } catch (error) {
      if (mine === version.current) setState((current) => ({ status: 'error', cart: current.cart, message: errorMessage(error) }));
    }
  }, [userId, token]);

  const replace = useCallback((cart: CartView) => {
    version.current++;
    setState({ status: 'ready', cart });
    announceCart(cart);
  }, []);

  useEffect(() => {
    if (userId) void reload();
    else {
      version.current++;
      setState({ status: 'idle', cart: null });
    }
  }, [userId, reload]);

  return { ...state, reload, replace };
}

/** The spec's panel reads the first ticket line of the cart. */
export function firstTicket(cart: CartView | null): CartTicketLine | null {
  return cart?.tickets[0] ?? null;
}
