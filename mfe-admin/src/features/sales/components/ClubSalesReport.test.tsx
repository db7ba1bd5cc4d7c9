import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../test/fakeApi';
import { ClubSalesReport } from './ClubSalesReport';

test('Ventas: the Cine Club figures of the period, asked with its days (GET /sales/club)', async () => {
  const api = installFakeApi().on('GET', '/api/sales/club?from=2026-11-01&to=2026-11-30', {
    status: 200,
    body: {
      pointsEarned: 1,
      pointsSpent: 0,
      pointsLiability: 1,
      activePasses: 1,
      renewals: { charged: 0, declined: 2 },
      passRevenue: 9900,
    },
  });
  render(<ClubSalesReport token="t" period={{ from: '2026-11-01', to: '2026-11-30' }} version={0} />);
  const report = screen.getByRole('region', { name: 'Cine Club del 01/11/2026 al 30/11/2026' });
  const figures = await within(report).findByLabelText('Cine Club del período');
  expect(figures).toHaveTextContent('Puntos ganados1 punto');
  expect(figures).toHaveTextContent('Renovaciones0Cobradas; 2 rechazadas');
  expect(figures).toHaveTextContent('Ingresos del Cine Pase$ 99,00');
  expect(api.onlyRequestTo('GET', '/api/sales/club?from=2026-11-01&to=2026-11-30').headers.Authorization).toBe('Bearer t');
});

test('a failed load says so, and Reintentar asks again', async () => {
  const api = installFakeApi().on('GET', '/api/sales/club', { status: 500, body: { statusCode: 500, error: 'Hubo problemas.' } });
  render(<ClubSalesReport token="t" period={{ from: '', to: '' }} version={0} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las cifras de Cine Club. Hubo problemas.');
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(api.requestsTo('GET', '/api/sales/club')).toHaveLength(2);
});
