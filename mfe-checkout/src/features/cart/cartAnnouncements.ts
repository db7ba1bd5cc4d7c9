import type { CartView } from '@cine/contracts';
import { announceHold } from '@cine/web-kit';

/** The window event every page of the checkout sends when it learns the cart anew (seats held, candy, a payment, a lapse). */
const CART_CHANGED = 'cine:cart-changed';

/** Tells the header's cart (CartStatus) what the cart is now, so it needs no polling, and the shell whether seats are held. */
export function announceCart(cart: CartView): void {
  announceHold(cart.tickets[0]?.heldUntil ?? null);
  window.dispatchEvent(new CustomEvent<CartView>(CART_CHANGED, { detail: cart }));
}

/** Runs `listener` with each cart announced; answers the unsubscription. */
export function onCartAnnounced(listener: (cart: CartView) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<CartView>).detail);
  window.addEventListener(CART_CHANGED, handle);
  return () => window.removeEventListener(CART_CHANGED, handle);
}
