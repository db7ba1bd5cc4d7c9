import type { CartView } from '@cine/contracts';
import type { Session } from '@cine/web-kit';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CheckoutPage from '../app/CheckoutPage';
import { aCart, aTicketLine, ana, emptyCart, installFakeApi, type FakeApi } from './fixtures';

/** The payment page as the shell mounts it, for `session` (Ana unless told). */
export const renderCheckoutPage = (session: Session | null = ana) =>
  render(
    <MemoryRouter>
      <CheckoutPage session={session} />
    </MemoryRouter>,
  );

/** A fake API whose cart is `cart` (two tickets of show s1 unless told) until the checkout pays it; then empty. */
export function installPayableCart(cart: CartView = aCart([aTicketLine()])): FakeApi {
  const api = installFakeApi()
    .on('POST', '/api/cart/userCart', { status: 200, body: cart })
    .on('POST', '/api/movies/checkout', () => {
      api.on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
      return { status: 200, body: { message: 'Payment received', order: { id: 'o1' } } };
    });
  return api;
}

/** What every checkout of Ana's two tickets of show s1 sends, besides how it is paid. */
export const ANAS_TICKETS = { ticket: 2, show: 's1', idUser: 'u-ana' } as const;

/** The checkout's body, once the page says it was paid. */
export async function paidCheckout(api: FakeApi): Promise<unknown> {
  expect(await screen.findByText('Pago realizado con éxito')).toBeInTheDocument();
  return api.onlyRequestTo('POST', '/api/movies/checkout').body;
}
