import { PROMO_MESSAGES, type CartView } from '@cine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCart, aTicketLine, installFakeApi } from '../test/fixtures';
import { renderCheckoutPage as renderPage } from '../test/checkoutPage';

/** The cart with MARTES-2X1 taking $ 4,25 off F8 (its second ticket), as POST /cart/promo answers it. */
function discountedCart(): CartView {
  const cart = aCart([aTicketLine()]);
  const [first, second] = cart.tickets[0]!.lines;
  return {
    ...cart,
    tickets: [{ ...cart.tickets[0]!, lines: [first!, { ...second!, discount: 425 }] }],
    promo: { code: 'MARTES-2X1', name: 'Martes 2x1', discount: 425 },
    orderPrice: 1700 - 425,
  };
}

test('a promo code typed in the cart (Enter applies it) shows the discounted line, by how much, and the new total; Quitar takes it off', async () => {
  const api = installFakeApi()
    .on('POST', '/api/cart/userCart', { status: 200, body: aCart([aTicketLine()]) })
    .on('POST', '/api/cart/promo', { status: 200, body: discountedCart() })
    .on('DELETE', '/api/cart/promo', { status: 200, body: aCart([aTicketLine()]) });
  renderPage();
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  expect(within(summary).getByText('Total a pagar : $ 17,00')).toBeInTheDocument();

  await userEvent.type(within(summary).getByLabelText('¿Tienes un código de descuento?'), 'martes-2x1{Enter}');
  expect(await within(summary).findByText('Total a pagar : $ 12,75')).toBeInTheDocument();
  // The code goes as the service stores it, upper-case.
  expect(api.onlyRequestTo('POST', '/api/cart/promo').body).toEqual({ code: 'MARTES-2X1' });
  const lines = within(summary).getByRole('list', { name: 'Entradas en tu pedido' });
  const [f7, f8] = within(lines).getAllByRole('listitem');
  expect(f7).toHaveTextContent('Butaca F7 · General$ 8,50');
  expect(f8).toHaveTextContent('Butaca F8 · General$ 4,25');
  expect(f8).toHaveTextContent('Descuento− $ 4,25');
  expect(within(summary).getByRole('status')).toHaveTextContent('Código MARTES-2X1 · Martes 2x1− $ 4,25');

  await userEvent.click(within(summary).getByRole('button', { name: 'Quitar el código MARTES-2X1' }));
  expect(await within(summary).findByText('Total a pagar : $ 17,00')).toBeInTheDocument();
  expect(api.requestsTo('DELETE', '/api/cart/promo')).toHaveLength(1);
});

test.each([
  [404, PROMO_MESSAGES.unknown],
  [409, PROMO_MESSAGES.exhausted],
  [409, 'Este código venció el 31/10/2026.'],
])('a refusal (%i) shows next to the field, in Spanish, tied to it; the total stays', async (status, message) => {
  installFakeApi()
    .on('POST', '/api/cart/userCart', { status: 200, body: aCart([aTicketLine()]) })
    .on('POST', '/api/cart/promo', { status, body: { statusCode: status, error: message } });
  renderPage();
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  const field = within(summary).getByLabelText('¿Tienes un código de descuento?');
  await userEvent.type(field, 'NOEXISTE');
  await userEvent.click(within(summary).getByRole('button', { name: 'Aplicar' }));
  const refusal = await within(summary).findByRole('alert');
  expect(refusal).toHaveTextContent(message);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAttribute('aria-describedby', refusal.id);
  expect(within(summary).getByText('Total a pagar : $ 17,00')).toBeInTheDocument();
});

test('a code that cannot be one is refused before asking the server', async () => {
  const api = installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: aCart([aTicketLine()]) });
  renderPage();
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  await userEvent.type(within(summary).getByLabelText('¿Tienes un código de descuento?'), 'ab!{Enter}');
  expect(await within(summary).findByRole('alert')).toHaveTextContent(PROMO_MESSAGES.badFormat);
  expect(api.requestsTo('POST', '/api/cart/promo')).toHaveLength(0);
});

test('a code that stopped applying (the cart changed) says why and takes nothing off', async () => {
  const cart: CartView = {
    ...aCart([aTicketLine()]),
    promo: { code: 'FINDE', name: 'Fin de semana', discount: 0, problem: PROMO_MESSAGES.notForDay },
  };
  installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: cart });
  renderPage();
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  expect(within(summary).getByRole('status')).toHaveTextContent(`Código FINDE · Fin de semana${PROMO_MESSAGES.notForDay}`);
  expect(within(summary).getByText('Total a pagar : $ 17,00')).toBeInTheDocument();
});
