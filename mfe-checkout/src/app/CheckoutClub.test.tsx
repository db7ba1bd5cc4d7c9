import { DEFAULT_CLUB_TIERS, type ClubMe } from '@cine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCandyLine, aCart, aTicketLine } from '../test/fixtures';
import { ANAS_TICKETS, installPayableCart, paidCheckout, renderCheckoutPage as renderPage } from '../test/checkoutPage';

// Issue 41: a member pays part (or all) of the order with Cine Club points, and books a ticket with the Cine Pase.

const member = (overrides: Partial<ClubMe> = {}): ClubMe => ({
  member: true,
  tier: DEFAULT_CLUB_TIERS[0]!,
  points: 800,
  debt: 0,
  pointsExpiringSoon: 0,
  visits: 1,
  pointValueCents: 1,
  pointsPerDollar: 1,
  ...overrides,
});

function withCart(me: ClubMe | null) {
  const api = installPayableCart();
  if (me) api.on('GET', '/api/club/me', { status: 200, body: me });
  return api;
}

test('"Usar puntos": how many (all the balance by default), their value, the bank card pays the rest', async () => {
  const api = withCart(member());
  renderPage();
  const payment = await screen.findByRole('region', { name: 'Tarjeta de pago' });
  const club = await within(payment).findByRole('group', { name: 'Cine Club' });
  await userEvent.click(within(club).getByRole('checkbox', { name: /Usar puntos \(tienes 800 puntos, \$\s8,00\)/ }));
  const field = within(club).getByRole('spinbutton', { name: 'Puntos a usar (hasta 800)' });
  expect(field).toHaveValue(800);
  expect(within(club).getByRole('status')).toHaveTextContent('800 puntos pagan $ 8,00; con tarjeta bancaria: $ 9,00.');
  await userEvent.clear(field);
  await userEvent.type(field, '300');
  expect(within(club).getByRole('status')).toHaveTextContent('300 puntos pagan $ 3,00; con tarjeta bancaria: $ 14,00.');
  await userEvent.click(within(payment).getByRole('button', { name: 'Realizar Pago' }));
  expect(await paidCheckout(api)).toEqual({
    ...ANAS_TICKETS,
    paymentMethodId: 'pm_card_visa',
    points: 300,
  });
});

test('points never pay more than the total: a large balance covers the order alone, no bank card asked', async () => {
  const api = withCart(member({ points: 5000 }));
  renderPage();
  const payment = await screen.findByRole('region', { name: 'Tarjeta de pago' });
  await userEvent.click(await within(payment).findByRole('checkbox', { name: /Usar puntos/ }));
  const field = within(payment).getByRole('spinbutton', { name: 'Puntos a usar (hasta 1700)' });
  await userEvent.clear(field);
  await userEvent.type(field, '9999');
  expect(within(payment).getByText(/1700 puntos pagan/)).toHaveTextContent('1700 puntos pagan $ 17,00; con tarjeta bancaria: $ 0,00.');
  expect(within(payment).getByText('Tus puntos cubren todo el pedido: no necesitas tarjeta bancaria.')).toBeInTheDocument();
  expect(within(payment).queryByRole('button', { name: 'Realizar Pago' })).not.toBeInTheDocument();
  await userEvent.click(within(payment).getByRole('button', { name: 'Pagar con mis puntos' }));
  expect(await paidCheckout(api)).toEqual({ ...ANAS_TICKETS, points: 1700 });
});

test('"Usar mi Cine Pase" when the pass is usable sends usePass with the bank card for the rest', async () => {
  const api = withCart(
    member({
      points: 0,
      pass: {
        id: 'p1',
        plan: { id: 'pl1', name: 'Pase Mensual', monthlyPrice: 9900, ticketsPerMonth: 4, formats: ['2D'] },
        status: 'cancelling',
        renewsAt: '2026-12-28T15:00:00.000Z',
        periodStart: '2026-11-28T15:00:00.000Z',
        ticketsLeft: 2,
      },
    }),
  );
  renderPage();
  const payment = await screen.findByRole('region', { name: 'Tarjeta de pago' });
  const club = await within(payment).findByRole('group', { name: 'Cine Club' });
  expect(within(club).queryByRole('checkbox', { name: /Usar puntos/ })).not.toBeInTheDocument();
  await userEvent.click(
    within(club).getByRole('checkbox', { name: /Usar mi Cine Pase \(cubre la tarifa General de una entrada; te quedan 2 este mes\)/ }),
  );
  await userEvent.click(within(payment).getByRole('button', { name: 'Realizar Pago' }));
  expect(await paidCheckout(api)).toEqual({
    ...ANAS_TICKETS,
    paymentMethodId: 'pm_card_visa',
    usePass: true,
  });
});

test('no club part for a non-member, a used-up pass, or when the club cannot be read', async () => {
  for (const me of [member({ member: false, points: 0 }), member({ points: 0, pass: undefined }), null]) {
    withCart(me);
    const { unmount } = renderPage();
    const payment = await screen.findByRole('region', { name: 'Tarjeta de pago' });
    expect(await within(payment).findByRole('button', { name: 'Realizar Pago' })).toBeInTheDocument();
    expect(within(payment).queryByRole('group', { name: 'Cine Club' })).not.toBeInTheDocument();
    unmount();
  }
});

test('an Oro member sees the candy discount of the tier in the order, the total net of it', async () => {
  const cart = aCart([aTicketLine()], [aCandyLine({ discount: 250 })]);
  installPayableCart({ ...cart, orderPrice: cart.orderPrice - 250 }).on('GET', '/api/club/me', {
    status: 200,
    body: member({ tier: DEFAULT_CLUB_TIERS[1]! }),
  });
  renderPage();
  const summary = await screen.findByRole('region', { name: 'Tu pedido' });
  expect(await within(summary).findByText('Descuento Cine Club en dulcería')).toBeInTheDocument();
  expect(summary).toHaveTextContent('− $ 2,50');
  expect(summary).toHaveTextContent('Total a pagar : $ 39,50');
});
