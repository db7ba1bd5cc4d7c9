import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aTicketLine, ana, emptyCart, installFakeApi } from '../../../test/fixtures';
import { announceCart } from '../cartAnnouncements';
import CartStatus, { HOLD_ENDING_TEXT } from './CartStatus';

function renderStatus(session = ana) {
  return render(
    <MemoryRouter>
      <CartStatus session={session} />
    </MemoryRouter>,
  );
}

test('without seats held the header shows no cart; a guest is never asked', async () => {
  const api = installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
  const { container } = renderStatus();
  await act(async () => undefined);
  expect(container).toBeEmptyDOMElement();
  expect(api.requestsTo('POST', '/api/cart/userCart')).toHaveLength(1);

  const guest = installFakeApi();
  render(
    <MemoryRouter>
      <CartStatus session={null} />
    </MemoryRouter>,
  );
  expect(guest.requestsTo('POST', '/api/cart/userCart')).toHaveLength(0);
});

test('seats held show the cart with the countdown, linking to the payment; no warning while more than a minute is left', async () => {
  const heldUntil = new Date(Date.now() + 5 * 60_000 + 30_000).toISOString();
  installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: { ...emptyCart, tickets: [aTicketLine({ heldUntil })] } });
  renderStatus();
  const cart = await screen.findByRole('link', { name: /Carrito \(2\)/ });
  expect(cart).toHaveAttribute('href', '/Checkout');
  expect(screen.getByRole('timer')).toHaveTextContent(/^5:(30|29)$/);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a minute before the hold lapses it warns; a cart another page learns shows at once', async () => {
  installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
  renderStatus();
  await act(async () => undefined);
  expect(screen.queryByRole('link')).not.toBeInTheDocument();

  act(() => announceCart({ ...emptyCart, tickets: [aTicketLine({ heldUntil: new Date(Date.now() + 50_000).toISOString() })] }));
  expect(screen.getByRole('link', { name: /Carrito \(2\)/ })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(HOLD_ENDING_TEXT);
});
