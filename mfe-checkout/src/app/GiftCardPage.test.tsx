import { GIFT_CARD_MESSAGES } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Session } from '@cine/web-kit';
import { ana, installFakeApi } from '../test/fixtures';
import { GIFT_CARD_FORM_MESSAGES } from '../features/gift-cards/giftCardForm';
import GiftCardPage from './GiftCardPage';

const renderPage = (session: Session | null = ana) =>
  render(
    <MemoryRouter initialEntries={['/tarjeta-regalo']}>
      <GiftCardPage session={session} />
    </MemoryRouter>,
  );

async function fillIn(buy: HTMLElement) {
  await userEvent.type(within(buy).getByLabelText(/^Monto/), '5000');
  await userEvent.type(within(buy).getByLabelText('Correo de quien la recibe'), 'bruno@cine.test');
  await userEvent.type(within(buy).getByLabelText('Su nombre (opcional)'), 'Bruno');
  await userEvent.type(within(buy).getByLabelText('Mensaje (opcional)'), '¡Feliz cumple!');
}

test('buying a gift card: the form is checked first, then the card pays; success says where the code went', async () => {
  const api = installFakeApi().on('POST', '/api/gift-cards', {
    status: 201,
    body: { orderId: 'o9', giftCard: { last4: 'WN3C', amount: 500000, expiresAt: '2027-11-28T12:00:00.000Z' } },
  });
  renderPage();
  const buy = screen.getByRole('region', { name: 'Comprar una tarjeta regalo' });
  await userEvent.click(within(buy).getByRole('button', { name: 'Realizar Pago' }));
  expect(within(buy).getByText(GIFT_CARD_FORM_MESSAGES.amountMissing)).toBeInTheDocument();
  expect(within(buy).getByText(GIFT_CARD_FORM_MESSAGES.emailMissing)).toBeInTheDocument();
  expect(within(buy).getByLabelText(/^Monto/)).toHaveFocus();
  expect(api.requests).toHaveLength(0);

  await fillIn(buy);
  await userEvent.click(within(buy).getByRole('button', { name: 'Realizar Pago' }));
  const done = await within(buy).findByRole('status');
  expect(done).toHaveTextContent('¡Listo! Compraste una tarjeta regalo de $ 5.000,00.');
  expect(done).toHaveTextContent('Le enviamos el código por correo a bruno@cine.test. Termina en WN3C y vence el 28/11/2027.');
  expect(within(buy).getByRole('link', { name: 'Ver Mis compras' })).toHaveAttribute('href', '/mis-compras');
  const request = api.onlyRequestTo('POST', '/api/gift-cards');
  expect(request.body).toEqual({
    amount: 500000,
    recipientEmail: 'bruno@cine.test',
    recipientName: 'Bruno',
    message: '¡Feliz cumple!',
    paymentMethodId: 'pm_card_visa',
  });
  expect(request.headers.Authorization).toBe('Bearer tok-ana');
});

test('a declined card says so and that nothing was charged; an amount out of bounds shows the server’s words', async () => {
  const api = installFakeApi().on('POST', '/api/gift-cards', {
    status: 402,
    body: { statusCode: 402, error: 'Fondos insuficientes.' },
  });
  renderPage();
  const buy = screen.getByRole('region', { name: 'Comprar una tarjeta regalo' });
  await fillIn(buy);
  await userEvent.click(within(buy).getByRole('button', { name: 'Realizar Pago' }));
  expect(await within(buy).findByRole('alert')).toHaveTextContent(
    'Su tarjeta ha sido rechazada. Intente nuevamente. Fondos insuficientes. No se cobró nada.',
  );
  api.on('POST', '/api/gift-cards', {
    status: 400,
    body: { statusCode: 400, error: 'El monto de una tarjeta regalo va de $ 10,00 a $ 1.000,00.' },
  });
  await userEvent.click(within(buy).getByRole('button', { name: 'Realizar Pago' }));
  expect(await within(buy).findByText('El monto de una tarjeta regalo va de $ 10,00 a $ 1.000,00.')).toBeInTheDocument();
});

test('a guest is asked to sign in to buy, and may still check a card’s balance', async () => {
  const api = installFakeApi()
    .on('GET', '/api/gift-cards/7KQ2MX9P4HTRWN3C', {
      status: 200,
      body: { balance: 3725, currency: 'ARS', expiresAt: '2027-11-28T12:00:00.000Z' },
    })
    .on('GET', '/api/gift-cards/2222333344445555', { status: 404, body: { statusCode: 404, error: GIFT_CARD_MESSAGES.notFound } });
  renderPage(null);
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', expect.stringContaining('/login'));
  const balance = screen.getByRole('region', { name: 'Consultar el saldo' });
  const field = within(balance).getByLabelText('Código de la tarjeta regalo');
  await userEvent.type(field, '2222-3333-4444-5555{Enter}');
  expect(await within(balance).findByRole('alert')).toHaveTextContent(GIFT_CARD_MESSAGES.notFound);
  await userEvent.clear(field);
  await userEvent.type(field, '7kq2-mx9p-4htr-wn3c');
  await userEvent.click(within(balance).getByRole('button', { name: 'Consultar saldo' }));
  expect(await within(balance).findByRole('status')).toHaveTextContent(
    'Tu tarjeta terminada en WN3C tiene $ 37,25 de saldo y vence el 28/11/2027.',
  );
  expect(api.requestsTo('GET', '/api/gift-cards/7KQ2MX9P4HTRWN3C')[0]?.headers.Authorization).toBeUndefined();
});
