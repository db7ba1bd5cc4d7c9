import type { CartView } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { aCart, aTicketLine, ana, installFakeApi, movie } from '../test/fixtures';
import { CheckoutSidePanel } from './CheckoutSidePanel';

function discountedCart(): CartView {
  const cart = aCart([aTicketLine()]);
  const [first, second] = cart.tickets[0]!.lines;
  return {
    ...cart,
    tickets: [
      {
        ...cart.tickets[0]!,
        lines: [
          { ...first!, discount: 170 },
          { ...second!, discount: 170 },
        ],
      },
    ],
    promo: { code: 'VERANO-26', name: 'Verano', discount: 340 },
    orderPrice: 1360,
  };
}

/** The side panel as the purchase box keeps it: the cart it shows is the last one the server answered. */
function Panel() {
  const [cart, setCart] = useState(aCart([aTicketLine()]));
  return (
    <CheckoutSidePanel
      id="panel"
      movie={movie}
      caller={ana}
      cart={cart}
      ticket={cart.tickets[0]!}
      remaining={null}
      onClose={() => undefined}
      onCartChange={setCart}
      notify={() => undefined}
      onPaid={() => undefined}
    />
  );
}

test('the movie page’s cart panel takes a promo code too: each line’s discount, the new total, and the discount in the payment step', async () => {
  installFakeApi().on('POST', '/api/cart/promo', { status: 200, body: discountedCart() });
  render(
    <MemoryRouter>
      <Panel />
    </MemoryRouter>,
  );
  expect(screen.getByText('Total a pagar : $ 17,00')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('¿Tienes un código de descuento?'), 'verano-26{Enter}');
  expect(await screen.findByText('Total a pagar : $ 13,60')).toBeInTheDocument();
  const lines = within(screen.getByRole('list', { name: 'Entradas en tu pedido' })).getAllByRole('listitem');
  expect(lines[0]).toHaveTextContent('Butaca F7 · General$ 6,80');
  expect(lines[0]).toHaveTextContent('Descuento− $ 1,70');

  await userEvent.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  const dialog = screen.getByRole('dialog', { name: 'Metodo de Pago' });
  expect(within(dialog).getByLabelText('Resumen del pago')).toHaveTextContent('Descuento (VERANO-26)− $ 3,40Total a pagar :$ 13,60');
  expect(within(dialog).getByRole('button', { name: '¿Pagas con una tarjeta regalo?' })).toBeInTheDocument();
});
