import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import type { PlatformStatusView, ServiceStatusRow } from '../api/status';
import { STATUS_REFRESH_MS, StatusSection } from './StatusSection';

// nivo draws SVG sized by a ResizeObserver jsdom lacks; the charts' data is what matters here.
jest.mock('./StatusCharts', () => ({
  ServiceBars: ({ rows, value }: { rows: ServiceStatusRow[]; value: (row: ServiceStatusRow) => number }) => (
    <p>bars: {rows.map((row) => `${row.name}=${value(row)}`).join(', ')}</p>
  ),
}));

const service = (name: ServiceStatusRow['name'], fields: Partial<ServiceStatusRow> = {}): ServiceStatusRow => ({
  name,
  status: 'ok',
  requestsPerSecond: 0,
  errorsPerSecond: 0,
  p95Ms: null,
  ...fields,
});

const status = (fields: Partial<PlatformStatusView> = {}): PlatformStatusView => ({
  windowSeconds: 300,
  services: [service('gateway', { requestsPerSecond: 120.5, p95Ms: 48 }), service('booking', { status: 'down', errorsPerSecond: 2 })],
  consumers: [
    { consumer: 'sales.orders', handledPerSecond: 3.25, lagP95Ms: 120, deadLetters: 0 },
    { consumer: 'notification.receipt', handledPerSecond: 3, lagP95Ms: null, deadLetters: 4 },
  ],
  ...fields,
});

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/status', { status: 200, body: status() });
});

test('each service’s state, requests/s, p95 and errors, and each consumer’s lag and dead letters, with the admin’s token', async () => {
  render(<StatusSection token="admin-token" />);
  const services = await screen.findByRole('table', { name: 'Servicios' });
  const rows = within(services)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows.slice(1)).toEqual([
    ['gateway', 'En servicio', '120,5', '48 ms', '0'],
    ['booking', 'Caído', '0', '—', '2'],
  ]);
  expect(screen.getByText('Últimos 5 min · se actualiza cada 15 s')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /solicitudes por segundo, gateway 120,5, booking 0/ })).toBeInTheDocument();
  expect(await screen.findByText('bars: gateway=48, booking=0')).toBeInTheDocument();
  const consumers = screen.getByRole('table', { name: 'Eventos por consumidor' });
  expect(within(consumers).getByRole('row', { name: /notification\.receipt/ })).toHaveTextContent('notification.receipt3—4');
  expect(within(consumers).getByRole('row', { name: /sales\.orders/ })).toHaveTextContent('sales.orders3,3120 ms0');
  expect(api.onlyRequestTo('GET', '/api/status').headers.Authorization).toBe('Bearer admin-token');
});

test('says when nothing was processed yet, and when the status cannot be read (with Reintentar)', async () => {
  api.on('GET', '/api/status', { status: 200, body: status({ consumers: [], windowSeconds: 20 }) });
  const { unmount } = render(<StatusSection token="t" />);
  expect(await screen.findByText('Todavía no se procesaron eventos.')).toBeInTheDocument();
  expect(screen.getByText('Desde hace 20 s · se actualiza cada 15 s')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/status', { status: 403, body: { statusCode: 403, error: 'Solo un administrador puede realizar esta acción.' } });
  render(<StatusSection token="t" />);
  expect(await screen.findByText(/No se pudo cargar el estado\. Solo un administrador puede realizar esta acción\./)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
});

test('reads the status again every 15 s and on Actualizar, keeping the last one on screen meanwhile', async () => {
  jest.useFakeTimers();
  try {
    render(<StatusSection token="t" />);
    await screen.findByRole('table', { name: 'Servicios' });
    const reads = () => api.requestsTo('GET', '/api/status').length;
    expect(reads()).toBe(1);
    api.on('GET', '/api/status', { status: 200, body: status({ services: [service('gateway', { requestsPerSecond: 7 })] }) });
    await act(async () => {
      jest.advanceTimersByTime(STATUS_REFRESH_MS);
    });
    expect(screen.getByRole('table', { name: 'Servicios' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '7' })).toBeInTheDocument();
    expect(reads()).toBe(2);
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Actualizar' }));
    await screen.findByRole('cell', { name: '7' });
    expect(reads()).toBe(3);
  } finally {
    jest.useRealTimers();
  }
});
