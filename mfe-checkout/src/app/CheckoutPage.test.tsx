import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCandyLine, aCart, aTicketLine, ana, emptyCart, installFakeApi } from '../test/fixtures';
import { ANAS_TICKETS, installPayableCart, paidCheckout, renderCheckoutPage as renderPage } from '../test/checkoutPage';

test('asks a guest to log in', () => {
  const api = installFakeApi();
  renderPage(null);
  expect(screen.getByText(/Debes iniciar sesion para Comprar/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  expect(api.requests).toHaveLength(0);
});

test('tells a user with an empty cart there is nothing to pay', async () => {
  installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
  renderPage(ana);
  expect(await screen.findByText('No tienes compras pendientes de pago.')).toBeInTheDocument();
});

test('shows the cart summary with the server total and pays it with a test card', async () => {
  const cart = aCart([aTicketLine()], [aCandyLine()]);
  const api = installPayableCart(cart);
  renderPage(ana);

  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  expect(within(summary).getByText('Dune III')).toBeInTheDocument();
  expect(within(summary).getByText('Fecha: Jueves 20:30 (26/11/2026)')).toBeInTheDocument();
  expect(within(summary).getByText('Entradas: 2 (butacas F7, F8)')).toBeInTheDocument();
  expect(within(summary).getByText('COMBO NACHOS × 2')).toBeInTheDocument();
  expect(within(summary).getByText('Total a pagar : $ 42,00')).toBeInTheDocument();
  expect(within(summary).getByRole('timer')).toHaveTextContent(/reservadas por \d+:\d\d/);

  await userEvent.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  expect(await paidCheckout(api)).toEqual({
    ...ANAS_TICKETS,
    paymentMethodId: 'pm_card_visa',
  });
  expect(await screen.findByText('No tienes compras pendientes de pago.')).toBeInTheDocument();
});

test('a failed cart load offers Reintentar', async () => {
  const api = installFakeApi().on('POST', '/api/cart/userCart', { status: 500, body: { statusCode: 500, error: 'Error interno' } });
  renderPage(ana);
  expect(await screen.findByRole('alert')).toHaveTextContent('Error interno');
  api.on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('No tienes compras pendientes de pago.')).toBeInTheDocument();
});

test('the payment page names the cart’s cinema and its address (issue 38)', async () => {
  const cart = {
    ...aCart([aTicketLine()]),
    cinema: { id: 'c1e000000000000000000002', name: 'Cine Norte', address: 'Av. Maipú 2500, Olivos' },
  };
  installFakeApi().on('POST', '/api/cart/userCart', { status: 200, body: cart });
  renderPage(ana);
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  expect(within(summary).getByText('Cine: Cine Norte · Av. Maipú 2500, Olivos')).toBeInTheDocument();
});
