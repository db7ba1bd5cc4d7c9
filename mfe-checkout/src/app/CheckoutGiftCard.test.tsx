import { GIFT_CARD_MESSAGES } from '@cine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANAS_TICKETS, installPayableCart, paidCheckout, renderCheckoutPage as renderPage } from '../test/checkoutPage';

const CODE = '7KQ2MX9P4HTRWN3C';

function withCart(balance: number) {
  return installPayableCart().on('GET', `/api/gift-cards/${CODE}`, {
    status: 200,
    body: { balance, currency: 'ARS', expiresAt: '2027-11-28T12:00:00.000Z' },
  });
}

async function useGiftCard(typed: string) {
  const payment = await screen.findByRole('region', { name: 'Tarjeta de pago' });
  // The bank card comes first; the gift card's field opens on request, focused.
  expect(within(payment).getByRole('radio', { name: /4242/ })).toBeInTheDocument();
  await userEvent.click(within(payment).getByRole('button', { name: '¿Pagas con una tarjeta regalo?' }));
  expect(within(payment).getByLabelText('Código de la tarjeta regalo')).toHaveFocus();
  await userEvent.keyboard(typed);
  await userEvent.click(within(payment).getByRole('button', { name: 'Usar tarjeta regalo' }));
  return payment;
}

test('a gift card that covers the whole order pays it alone: no bank card is asked', async () => {
  const api = withCart(5000);
  renderPage();
  // Typed in lower case with spaces: it goes normalised, and only in the balance's URL and the checkout's body.
  const payment = await useGiftCard('7kq2 mx9p 4htr wn3c');
  expect(await within(payment).findByText(/Tarjeta regalo terminada en/)).toHaveTextContent('WN3C: saldo $ 50,00 (vence el 28/11/2027)');
  expect(within(payment).getByText('La tarjeta regalo cubre todo el pedido: no necesitas tarjeta bancaria.')).toBeInTheDocument();
  expect(within(payment).queryByRole('button', { name: 'Realizar Pago' })).not.toBeInTheDocument();
  await userEvent.click(within(payment).getByRole('button', { name: 'Pagar con la tarjeta regalo' }));
  expect(await paidCheckout(api)).toEqual({ ...ANAS_TICKETS, giftCardCode: CODE });
});

test('a gift card that covers part shows the split, and the bank card pays the rest with the code beside it', async () => {
  const api = withCart(1000);
  renderPage();
  const payment = await useGiftCard('7KQ2-MX9P-4HTR-WN3C');
  const parts = await within(payment).findByLabelText('Cómo se paga');
  expect(parts).toHaveTextContent('Con la tarjeta regalo$ 10,00');
  expect(parts).toHaveTextContent('Con tarjeta bancaria$ 7,00');
  await userEvent.click(within(payment).getByRole('button', { name: 'Realizar Pago' }));
  expect(await paidCheckout(api)).toEqual({
    ...ANAS_TICKETS,
    paymentMethodId: 'pm_card_visa',
    giftCardCode: CODE,
  });
});

test('a code that cannot be one is refused here; the server’s refusal shows next to the field', async () => {
  const api = withCart(1000).on('GET', '/api/gift-cards/2222333344445555', {
    status: 404,
    body: { statusCode: 404, error: GIFT_CARD_MESSAGES.notFound },
  });
  renderPage();
  const payment = await useGiftCard('1234');
  expect(await within(payment).findByRole('alert')).toHaveTextContent(GIFT_CARD_MESSAGES.badCode);
  expect(api.requests.filter((request) => request.path.startsWith('/api/gift-cards'))).toHaveLength(0);
  const field = within(payment).getByLabelText('Código de la tarjeta regalo');
  await userEvent.clear(field);
  await userEvent.type(field, '2222-3333-4444-5555');
  await userEvent.click(within(payment).getByRole('button', { name: 'Usar tarjeta regalo' }));
  const refusal = await within(payment).findByText(GIFT_CARD_MESSAGES.notFound);
  expect(field).toHaveAttribute('aria-describedby', refusal.id);
  // Without a card the bank card pays it all, as before.
  expect(within(payment).getByRole('button', { name: 'Realizar Pago' })).toBeInTheDocument();
});
