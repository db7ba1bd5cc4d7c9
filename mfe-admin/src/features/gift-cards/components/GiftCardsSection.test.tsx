import type { GiftCardLedgerEntry, GiftCardView } from '@cine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInPanel } from '../../../test/inPanel';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { GiftCardsSection } from './GiftCardsSection';

const CARD_ID = '64e000000000000000000001';
const card: GiftCardView = {
  id: CARD_ID,
  last4: 'WN3C',
  amount: 5000,
  balance: 3725,
  currency: 'ARS',
  origin: 'sold',
  state: 'active',
  recipientEmail: 'bruno@cine.test',
  recipientName: 'Bruno',
  orderId: 'o9',
  expiresAt: '2027-11-20T12:00:00.000Z',
  createdAt: '2026-11-20T12:00:00.000Z',
};
const page = (items: GiftCardView[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 20 } });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/gift-cards?page=1', page([card]));
});

test('lists the cards by their last four characters, never the code; searches by code or e-mail', async () => {
  api.on('GET', '/api/gift-cards?q=bruno&page=1', page([card])).on('GET', '/api/gift-cards?q=nadie&page=1', page([]));
  const user = userEvent.setup();
  renderInPanel(<GiftCardsSection token="t" />);
  const table = await screen.findByRole('table', { name: 'Tarjetas regalo' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('···· WN3CBruno (bruno@cine.test)$ 50,00$ 37,25ActivaVendida');
  await user.type(screen.getByPlaceholderText('Buscar por código o correo...'), 'bruno');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(await screen.findByRole('table', { name: 'Tarjetas regalo' })).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/gift-cards?q=bruno&page=1')).toHaveLength(1);
  await user.clear(screen.getByPlaceholderText('Buscar por código o correo...'));
  await user.type(screen.getByPlaceholderText('Buscar por código o correo...'), 'nadie');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(await screen.findByText('No hay tarjetas regalo que coincidan con «nadie».')).toBeInTheDocument();
});

test('issuing a card without payment asks for a reason; the card issued is announced', async () => {
  api.on('POST', '/api/gift-cards/issue', {
    status: 201,
    body: { ...card, id: '64e000000000000000000002', last4: 'Q9RT', amount: 2000, balance: 2000, origin: 'issued', reason: 'Reclamo 123' },
  });
  const user = userEvent.setup();
  renderInPanel(<GiftCardsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Emitir tarjeta' }));
  const dialog = screen.getByRole('dialog', { name: 'Emitir tarjeta regalo' });
  await user.type(within(dialog).getByLabelText(/^Monto/), '20');
  await user.type(within(dialog).getByLabelText('Correo de quien la recibe'), 'bruno@cine.test');
  await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
  expect(within(dialog).getByText('Escribe por qué se emite.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/gift-cards/issue')).toHaveLength(0);
  await user.type(within(dialog).getByLabelText('Motivo'), 'Reclamo 123');
  await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(
    'Tarjeta ···· Q9RT de $ 20,00 emitida: le enviamos el código a bruno@cine.test.',
  );
  expect(api.onlyRequestTo('POST', '/api/gift-cards/issue').body).toEqual({
    amount: 2000,
    recipientEmail: 'bruno@cine.test',
    reason: 'Reclamo 123',
  });
});

test('voiding a card names it by its id, with the reason; the server’s refusal shows in the dialog', async () => {
  api.on('POST', `/api/gift-cards/${CARD_ID}/void`, {
    status: 409,
    body: { statusCode: 409, error: 'La tarjeta regalo ya está anulada.' },
  });
  const user = userEvent.setup();
  renderInPanel(<GiftCardsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Anular ···· WN3C' }));
  const dialog = screen.getByRole('dialog', { name: 'Anular tarjeta ···· WN3C' });
  expect(dialog).toHaveTextContent('Se anula el saldo que le queda ($ 37,25)');
  await user.type(within(dialog).getByLabelText('Motivo'), 'Fraude');
  await user.click(within(dialog).getByRole('button', { name: 'Anular tarjeta' }));
  expect(await within(dialog).findByText('La tarjeta regalo ya está anulada.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', `/api/gift-cards/${CARD_ID}/void`).body).toEqual({ reason: 'Fraude' });
  api.on('POST', `/api/gift-cards/${CARD_ID}/void`, { status: 200, body: { ...card, state: 'void', balance: 0 } });
  await user.click(within(dialog).getByRole('button', { name: 'Anular tarjeta' }));
  await screen.findByRole('table', { name: 'Tarjetas regalo' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a card’s ledger: each move with its amount and the balance after it, and the order it belongs to', async () => {
  const ledger: GiftCardLedgerEntry[] = [
    { kind: 'sale', amount: 5000, balance: 5000, orderId: 'o9', at: '2026-11-20T12:00:00.000Z' },
    { kind: 'debit', amount: -1700, balance: 3300, orderId: 'o10', at: '2026-11-21T12:00:00.000Z' },
    { kind: 'refund', amount: 425, balance: 3725, orderId: 'o10', at: '2026-11-22T12:00:00.000Z' },
  ];
  api.on('GET', `/api/gift-cards/${CARD_ID}/ledger`, { status: 200, body: ledger });
  const user = userEvent.setup();
  renderInPanel(<GiftCardsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Movimientos de ···· WN3C' }));
  const table = await within(screen.getByRole('dialog')).findByRole('table', { name: 'Movimientos de ···· WN3C' });
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Venta$ 50,00$ 50,00Ver orden');
  expect(rows[2]).toHaveTextContent('Pago de un pedido− $ 17,00$ 33,00');
  expect(rows[3]).toHaveTextContent('Reembolso$ 4,25$ 37,25');
  expect(within(rows[2]!).getByRole('link', { name: 'Ver orden o10' })).toHaveAttribute('href', '/admin?seccion=ordenes&orden=o10');
});

test('more cards than a page: the pages follow with Siguiente (page 2 was out of reach before)', async () => {
  const other: GiftCardView = { ...card, id: '64e000000000000000000009', last4: 'ZZ99' };
  api
    .on('GET', '/api/gift-cards?page=1', { status: 200, body: { items: [card], total: 21, page: 1, pageSize: 20 } })
    .on('GET', '/api/gift-cards?page=2', { status: 200, body: { items: [other], total: 21, page: 2, pageSize: 20 } });
  const user = userEvent.setup();
  renderInPanel(<GiftCardsSection token="t" />);
  const pages = await screen.findByRole('navigation', { name: 'Páginas de tarjetas regalo' });
  expect(within(pages).getByText('1–20 de 21 · página 1 de 2')).toBeInTheDocument();
  await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByText('···· ZZ99')).toBeInTheDocument();
  expect(within(pages).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
});
