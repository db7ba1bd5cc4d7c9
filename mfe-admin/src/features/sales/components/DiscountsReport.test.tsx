import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../test/fakeApi';
import { DiscountsReport } from './DiscountsReport';

test('Ventas: discounts by code and the gift cards sold, redeemed and outstanding of the period', async () => {
  const api = installFakeApi().on('GET', '/api/sales/discounts?from=2026-11-01&to=2026-11-30', {
    status: 200,
    body: {
      promotions: [
        { code: 'MARTES-2X1', uses: 20, amount: 17000 },
        { code: 'VERANO-26', uses: 1, amount: 425 },
      ],
      giftCards: { sold: 150000, redeemed: 42500, outstanding: 207500 },
    },
  });
  render(<DiscountsReport token="t" period={{ from: '2026-11-01', to: '2026-11-30' }} version={0} />);
  const report = screen.getByRole('region', { name: 'Descuentos y tarjetas regalo del 01/11/2026 al 30/11/2026' });
  const figures = await within(report).findByLabelText('Tarjetas regalo del período');
  expect(figures).toHaveTextContent('Tarjetas regalo vendidas$ 1.500,00');
  expect(figures).toHaveTextContent('Canjeado$ 425,00');
  expect(figures).toHaveTextContent('Saldo pendiente$ 2.075,00');
  expect(figures).toHaveTextContent('Descuentos$ 174,2521 pedidos con código');
  const rows = within(within(report).getByRole('table', { name: 'Descuentos por código' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('MARTES-2X120$ 170,00');
  expect(rows[2]).toHaveTextContent('VERANO-261$ 4,25');
  expect(api.onlyRequestTo('GET', '/api/sales/discounts?from=2026-11-01&to=2026-11-30').headers.Authorization).toBe('Bearer t');
});

test('a period without codes says so', async () => {
  installFakeApi().on('GET', '/api/sales/discounts', {
    status: 200,
    body: { promotions: [], giftCards: { sold: 0, redeemed: 0, outstanding: 0 } },
  });
  render(<DiscountsReport token="t" period={{ from: '', to: '' }} version={0} />);
  expect(await screen.findByText('Ningún pedido usó un código en el período.')).toBeInTheDocument();
});

test('the discounts CSV is the sales service’s report=discounts of the period; a refusal shows its message', async () => {
  const api = installFakeApi()
    .on('GET', '/api/sales/discounts', { status: 200, body: { promotions: [], giftCards: { sold: 0, redeemed: 0, outstanding: 0 } } })
    .on('GET', '/api/sales/export.csv?report=discounts&from=2026-11-01&to=2026-11-30', {
      status: 403,
      body: { statusCode: 403, error: 'No tienes permiso para ver este reporte.' },
    });
  render(<DiscountsReport token="t" period={{ from: '2026-11-01', to: '2026-11-30' }} version={0} />);
  await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV de descuentos' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para ver este reporte.');
  expect(api.onlyRequestTo('GET', '/api/sales/export.csv?report=discounts&from=2026-11-01&to=2026-11-30').headers.Accept).toBe('text/csv');
});
