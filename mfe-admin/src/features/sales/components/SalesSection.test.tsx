import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import type {
  MonthlySalesRow,
  MovieTicketTypeSales,
  SalesOccupancy,
  SalesSummaryRow,
  SalesTotals,
  TicketTypeSalesRow,
  TopSellerRow,
} from '../api/sales';
import { SalesSection } from './SalesSection';

/** The panel's route: the detail's sales link to their order pages. */
const inAdmin = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/admin']}>{children}</MemoryRouter>;

// nivo draws SVG sized by a ResizeObserver jsdom lacks; the charts' data is what matters here.
jest.mock('./CinemaSalesChart', () => ({
  __esModule: true,
  default: ({ rows }: { rows: Array<{ name: string; tickets: number }> }) => (
    <p>bars: {rows.map((row) => `${row.name}=${row.tickets}`).join(', ')}</p>
  ),
}));
jest.mock('./SalesCharts', () => ({
  TopSellersPie: ({ rows }: { rows: TopSellerRow[] }) => <p>pie: {rows.map((row) => `${row.title}=${row.seats}`).join(', ')}</p>,
  MonthlySalesLine: ({ rows }: { rows: MonthlySalesRow[] }) => <p>line: {rows.map((row) => `${row.monthName}=${row.seats}`).join(', ')}</p>,
}));

const TOKEN = 'admin-token';
const matrix: SalesSummaryRow = {
  movieId: 'm1',
  title: 'Matrix',
  type: '3D',
  month: '2026-03',
  monthName: 'Mar',
  seats: 4,
  totalPrice: 4800,
  netPrice: 2880,
  refundedSeats: 0,
  refundedPrice: 0,
};
const dune: SalesSummaryRow = {
  movieId: 'm2',
  title: 'Dune',
  type: '2D',
  month: '2026-02',
  monthName: 'Feb',
  seats: 2,
  totalPrice: 1800,
  netPrice: 1080,
  refundedSeats: 0,
  refundedPrice: 0,
};
const months = (seats: number[]): MonthlySalesRow[] =>
  seats.map((n, index) => ({
    month: `2026-0${index + 1}`,
    monthName: ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago'][index]!,
    seats: n,
    totalPrice: n * 900,
  }));

/** An element's text with the money's no-break space as a plain one. */
const spaced = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

let api: FakeApi;
const clubFigures = {
  pointsEarned: 12500,
  pointsSpent: 3000,
  pointsLiability: 9500,
  activePasses: 7,
  renewals: { charged: 5, declined: 1 },
  passRevenue: 118800,
};

beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/tickets/all', { status: 200, body: [matrix, dune] })
    .on('GET', '/api/sales/top?limit=6', {
      status: 200,
      body: [
        { movieId: 'm1', title: 'Matrix', seats: 4, totalPrice: 4800 },
        { movieId: 'm2', title: 'Dune', seats: 2, totalPrice: 1800 },
      ],
    })
    .on('GET', '/api/sales/monthly?months=8', { status: 200, body: months([0, 2, 4, 0, 0, 0, 0, 0]) })
    .on('GET', '/api/sales/occupancy', { status: 200, body: occupancy })
    .on('GET', '/api/sales/totals', { status: 200, body: totals })
    .on('GET', '/api/sales/ticket-types', { status: 200, body: byType })
    .on('GET', '/api/sales/ticket-types/movies', { status: 200, body: byMovie })
    .on('GET', '/api/sales/cinemas', { status: 200, body: [] })
    .on('GET', '/api/sales/discounts', { status: 200, body: { promotions: [], giftCards: { sold: 0, redeemed: 0, outstanding: 0 } } })
    .on('GET', '/api/sales/club', { status: 200, body: clubFigures });
});

const byType: TicketTypeSalesRow[] = [
  { type: 'general', name: 'General', tickets: 5, totalPrice: 5400, netPrice: 3240, refundedPrice: 1200 },
  { type: 'menor', name: 'Menor (hasta 12 años)', tickets: 1, totalPrice: 1200, netPrice: 720, refundedPrice: 0 },
];
const byMovie: MovieTicketTypeSales[] = [
  { movieId: 'm2', title: 'Dune', types: [byType[0]!] },
  { movieId: 'm1', title: 'Matrix', types: [{ ...byType[0]!, tickets: 3 }, byType[1]!] },
];

const totals: SalesTotals = {
  tickets: { seats: 6, totalPrice: 6600, netPrice: 3960, refundedSeats: 1, refundedPrice: 1200 },
  candy: { quantity: 3, totalPrice: 4500, refundedQuantity: 1, refundedPrice: 1500 },
  candyItems: [
    { itemId: 'c1', name: 'COMBO TRADICIONAL', quantity: 2, totalPrice: 3000, refundedQuantity: 0, refundedPrice: 0 },
    { itemId: 'c2', name: 'COMBO NACHOS', quantity: 1, totalPrice: 1500, refundedQuantity: 1, refundedPrice: 1500 },
  ],
  totalPrice: 11100,
};

const occupancy: SalesOccupancy = {
  shows: [
    { showId: 's1', movieId: 'm1', title: 'Matrix', type: '3D', date: '2026-03-14', schedule: '20:00', roomId: 1, sold: 3, capacity: 8 },
    { showId: 's2', movieId: 'm2', title: 'Dune', type: '2D', date: '2026-02-01', schedule: '18:00', roomId: 2, sold: 2, capacity: null },
  ],
  movies: [{ movieId: 'm1', title: 'Matrix', shows: 1, sold: 3, capacity: 8 }],
};

test('the table has the spec columns with money in the cinema’s format', async () => {
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const table = await screen.findByRole('table', { name: 'Ventas de peliculas' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Nombre', 'Tipo', 'Entradas Vendidas', 'Mes', 'T.Bruto', 'T.Neto', 'Detail']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Matrix3D4Mar 2026$ 48,00$ 28,80');
  expect(api.onlyRequestTo('GET', '/api/tickets/all').headers.Authorization).toBe(`Bearer ${TOKEN}`);
});

test('the totals: sold in all, tickets (T.Bruto and T.Neto), candy and refunds, then the candy per item; the table adds its rows up', async () => {
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const report = await screen.findByRole('region', { name: 'Totales de todas las ventas' });
  const figures = await within(report).findByLabelText('Totales del período');
  expect(figures).toHaveTextContent('Total vendido$ 111,00Entradas y candy, sin lo reembolsado');
  expect(figures).toHaveTextContent('Entradas (T.Bruto)$ 66,006 entradas · T.Neto $ 39,60');
  expect(figures).toHaveTextContent('Candy$ 45,003 unidades');
  expect(figures).toHaveTextContent('Reembolsado$ 27,001 entrada · 1 unidad de candy');
  const candy = within(report).getByRole('table', { name: 'Ventas de candy' });
  expect(
    within(candy)
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s/g, ' ')),
  ).toEqual([
    'ProductoUnidadesTotalReembolsado',
    'COMBO TRADICIONAL2$ 30,00$ 0,00',
    'COMBO NACHOS1$ 15,00$ 15,00',
    'Total candy3$ 45,00$ 15,00',
  ]);
  const table = await screen.findByRole('table', { name: 'Ventas de peliculas' });
  expect(within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent('Total6$ 66,00$ 39,60');
  expect(api.onlyRequestTo('GET', '/api/sales/totals').headers.Authorization).toBe(`Bearer ${TOKEN}`);
});

test('the totals follow the period chosen', async () => {
  api.on('GET', '/api/sales/totals?from=2026-03-01&to=2026-03-31', { status: 200, body: { ...totals, totalPrice: 100 } });
  api.on('GET', '/api/sales/top?limit=6&from=2026-03-01&to=2026-03-31', { status: 200, body: [] });
  api.on('GET', '/api/sales/monthly?months=8&from=2026-03-01&to=2026-03-31', { status: 200, body: months([0]) });
  api.on('GET', '/api/sales/occupancy?from=2026-03-01&to=2026-03-31', { status: 200, body: { shows: [], movies: [] } });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await screen.findByRole('region', { name: 'Totales de todas las ventas' });
  await user.type(screen.getByLabelText('Desde'), '2026-03-01');
  await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
  await user.click(screen.getByRole('button', { name: 'Aplicar período' }));
  const report = await screen.findByRole('region', { name: 'Totales del 01/03/2026 al 31/03/2026' });
  expect(await within(report).findByText('$ 1,00')).toBeInTheDocument();
});

test('both charts, with their titles and footers, draw the real top six and monthly sales', async () => {
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const pie = screen.getByRole('region', { name: 'Peliculas mas vendidas' });
  const line = screen.getByRole('region', { name: 'Ventas mensuales' });
  expect(await within(pie).findByText('pie: Matrix=4, Dune=2')).toBeInTheDocument();
  expect(pie).toHaveTextContent('Top 6 mas vendidas');
  expect(await within(line).findByText('line: Ene=0, Feb=2, Mar=4, Abr=0, May=0, Jun=0, Jul=0, Ago=0')).toBeInTheDocument();
  expect(line).toHaveTextContent('Total de ventas de los ultimos meses');
});

test('with no sales yet the charts and the table say so', async () => {
  api
    .on('GET', '/api/tickets/all', { status: 200, body: [] })
    .on('GET', '/api/sales/top?limit=6', { status: 200, body: [] })
    .on('GET', '/api/sales/monthly?months=8', { status: 200, body: months([0, 0, 0, 0, 0, 0, 0, 0]) });
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await waitFor(() => expect(screen.getAllByText('Todavía no hay ventas.')).toHaveLength(3));
});

test('occupancy per movie and per show: sold of capacity, as a percentage; unknown capacity as —', async () => {
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const byMovie = await screen.findByRole('table', { name: 'Ocupación por película' });
  expect(within(byMovie).getAllByRole('row')[1]).toHaveTextContent(/^Matrix13837,5\s?%$/);
  const byShow = screen.getByRole('table', { name: 'Ocupación por función' });
  expect(within(byShow).getAllByRole('row')[1]).toHaveTextContent(/^Matrix14\/03\/202620:0013D3 de 837,5\s?%$/);
  expect(within(byShow).getAllByRole('row')[2]).toHaveTextContent(/^Dune01\/02\/202618:0022D2—$/);
});

test('a period applies to both charts and the occupancy; a reversed one is refused; Últimos 8 meses goes back', async () => {
  api
    .on('GET', '/api/sales/top?limit=6&from=2026-02-01&to=2026-03-31', { status: 200, body: [] })
    .on('GET', '/api/sales/monthly?months=8&from=2026-02-01&to=2026-03-31', { status: 200, body: months([0, 2, 4]).slice(1) })
    .on('GET', '/api/sales/occupancy?from=2026-02-01&to=2026-03-31', { status: 200, body: { shows: [], movies: [] } });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const form = screen.getByRole('form', { name: 'Período de los reportes' });
  await user.type(within(form).getByLabelText('Desde'), '2026-03-31');
  await user.type(within(form).getByLabelText('Hasta'), '2026-02-01');
  await user.click(within(form).getByRole('button', { name: 'Aplicar período' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('La fecha «Desde» debe ser anterior o igual a «Hasta».');
  await user.clear(within(form).getByLabelText('Desde'));
  await user.type(within(form).getByLabelText('Desde'), '2026-02-01');
  await user.clear(within(form).getByLabelText('Hasta'));
  await user.type(within(form).getByLabelText('Hasta'), '2026-03-31');
  await user.click(within(form).getByRole('button', { name: 'Aplicar período' }));

  const line = screen.getByRole('region', { name: 'Ventas mensuales' });
  expect(await within(line).findByText('line: Feb=2, Mar=4')).toBeInTheDocument();
  expect(line).toHaveTextContent('Total de ventas por mes del período');
  expect(await screen.findByText('No hay ventas en el período.')).toBeInTheDocument();
  expect(await screen.findByText('No hay funciones con ventas en el período.')).toBeInTheDocument();

  await user.click(within(form).getByRole('button', { name: 'Últimos 8 meses' }));
  expect(await within(line).findByText('line: Ene=0, Feb=2, Mar=4, Abr=0, May=0, Jun=0, Jul=0, Ago=0')).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/sales/occupancy').length).toBeGreaterThanOrEqual(2);
});

test('a failed load shows the Spanish message with Reintentar', async () => {
  api.on('GET', '/api/tickets/all', { status: 503, body: { statusCode: 503, error: 'El servicio de ventas no está disponible.' } });
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  expect(await screen.findByText('No se pudieron cargar las ventas. El servicio de ventas no está disponible.')).toBeInTheDocument();
});

test("'Buscar' searches by title and 'Ver todos' shows every row again", async () => {
  api.on('GET', '/api/sales/search?name=dun', { status: 200, body: [dune] });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await screen.findByRole('table', { name: 'Ventas de peliculas' });
  await user.type(screen.getByPlaceholderText('Buscar pelicula...'), 'dun');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  const rows = () => within(screen.getByRole('table', { name: 'Ventas de peliculas' })).getAllByRole('row');
  // The header, the rows and their total.
  await waitFor(() => expect(rows()).toHaveLength(3));
  expect(rows()[1]).toHaveTextContent('Dune');
  await user.click(screen.getByRole('button', { name: 'Ver todos' }));
  await waitFor(() => expect(rows()).toHaveLength(4));
});

test("Detail opens 'Detalles de ventas' with the orders, the min/max sort, the month regrouping and 'Volver'", async () => {
  const order = {
    orderId: 'o1',
    movieId: 'm1',
    title: 'Matrix',
    type: '3D',
    seats: 4,
    date: '2026-03-12T22:00:00.000Z',
    day: '2026-03-12',
    totalPrice: 4800,
    netPrice: 2880,
    refundedSeats: 0,
    refundedPrice: 0,
  };
  api
    .on('GET', '/api/tickets/all/detail?movieId=m1&type=3D&mes=2026-03', { status: 200, body: [order] })
    .on('GET', '/api/tickets/all/detail?movieId=m1&type=3D&mes=2026-03&sort=max', { status: 200, body: [order] })
    .on('GET', '/api/tickets/all/detail?movieId=m1&type=3D&groupBy=month&sort=max', {
      status: 200,
      body: [{ month: '2026-03', monthName: 'Mar', seats: 4, totalPrice: 4800, netPrice: 2880 }],
    });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await user.click(await screen.findByRole('button', { name: 'Detalles de ventas de Matrix 3D Mar' }));
  const dialog = screen.getByRole('dialog', { name: 'Detalles de ventas' });
  const table = await within(dialog).findByRole('table', { name: 'Detalle de ventas' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Nombre', 'Tipo', 'Entradas Vendidas', 'Fecha', 'T.Bruto', 'T.Neto', 'Reembolsado', 'Orden']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Matrix3D4.*\$\s48,00\$\s28,80/);

  await user.selectOptions(within(dialog).getByLabelText('Ordenar por total'), 'max');
  await waitFor(() => expect(api.requestsTo('GET', '/api/tickets/all/detail?movieId=m1&type=3D&mes=2026-03&sort=max')).toHaveLength(1));
  await user.click(within(dialog).getByLabelText('Agrupar por mes'));
  const grouped = await within(dialog).findByRole('table', { name: 'Ventas por mes' });
  expect(within(grouped).getAllByRole('row')[1]).toHaveTextContent('Mar 20264$ 48,00$ 28,80');

  await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("each sale of the detail links to its order's page, where it is refunded", async () => {
  const sale = {
    orderId: 'a'.repeat(24),
    movieId: 'm1',
    title: 'Matrix',
    type: '3D',
    seats: 2,
    date: '2026-03-12T22:00:00.000Z',
    day: '2026-03-12',
    totalPrice: 2400,
    netPrice: 1440,
    refundedSeats: 0,
    refundedPrice: 0,
  };
  api.on('GET', '/api/tickets/all/detail?movieId=m1&type=3D&mes=2026-03', { status: 200, body: [sale] });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await user.click(await screen.findByRole('button', { name: 'Detalles de ventas de Matrix 3D Mar' }));
  const link = await screen.findByRole('link', { name: `Ver orden ${sale.orderId}` });
  expect(link).toHaveAttribute('href', `/admin?seccion=ordenes&orden=${sale.orderId}`);
});

test("'Descargar CSV' fetches the report with the token and saves it as a file", async () => {
  api.on('GET', '/api/sales/export.csv?report=summary', { status: 200, body: 'Nombre,Tipo' });
  const createObjectURL = jest.fn(() => 'blob:ventas');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await screen.findByRole('table', { name: 'Ventas de peliculas' });
  await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(api.onlyRequestTo('GET', '/api/sales/export.csv?report=summary').headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('ventas-resumen.csv');
  click.mockRestore();
});

test('a refused CSV download shows the message', async () => {
  api.on('GET', '/api/sales/export.csv?report=summary', {
    status: 401,
    body: { statusCode: 401, error: 'Tu sesión expiró. Inicia sesión nuevamente.' },
  });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  await screen.findByRole('table', { name: 'Ventas de peliculas' });
  await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión expiró. Inicia sesión nuevamente.');
});

test('sales by ticket type: tickets, T.Bruto, T.Neto and refunded per type with a total, then per movie; they follow the period', async () => {
  api.on('GET', '/api/sales/ticket-types?from=2026-03-01&to=2026-03-31', { status: 200, body: [] });
  api.on('GET', '/api/sales/ticket-types/movies?from=2026-03-01&to=2026-03-31', { status: 200, body: [] });
  const user = userEvent.setup();
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const report = await screen.findByRole('region', { name: 'Ventas por tipo de entrada' });
  const table = await within(report).findByRole('table', { name: 'Ventas por tipo de entrada' });
  expect(within(table).getAllByRole('row').map(spaced)).toEqual([
    'Tipo de entradaEntradasT.BrutoT.NetoReembolsado',
    'General5$ 54,00$ 32,40$ 12,00',
    'Menor (hasta 12 años)1$ 12,00$ 7,20$ 0,00',
    'Total6$ 66,00$ 39,60$ 12,00',
  ]);
  const movies = within(report).getByRole('table', { name: 'Por película' });
  expect(within(movies).getAllByRole('row').slice(1).map(spaced)).toEqual([
    'DuneGeneral5$ 54,00$ 32,40$ 12,00',
    'MatrixGeneral3$ 54,00$ 32,40$ 12,00',
    'MatrixMenor (hasta 12 años)1$ 12,00$ 7,20$ 0,00',
  ]);

  await user.type(screen.getByLabelText('Desde'), '2026-03-01');
  await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
  await user.click(screen.getByRole('button', { name: 'Aplicar período' }));
  expect(await within(report).findByText('No hubo ventas de entradas en el período.')).toBeInTheDocument();
});

test('a failed load of the sales by type says so with Reintentar', async () => {
  api.on('GET', '/api/sales/ticket-types', { status: 503, body: { statusCode: 503, error: 'El servicio de ventas no está disponible.' } });
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const report = await screen.findByRole('region', { name: 'Ventas por tipo de entrada' });
  expect(
    await within(report).findByText('No se pudieron cargar las ventas por tipo de entrada. El servicio de ventas no está disponible.'),
  ).toBeInTheDocument();
  expect(within(report).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
});

describe('the chain (issue 38)', () => {
  const NORTE = 'c1e000000000000000000002';
  const rows = [
    { cinemaId: 'c1e000000000000000000001', name: 'Cine Centro', tickets: 5, totalPrice: 6000, netPrice: 5000 },
    { cinemaId: NORTE, name: 'Cine Norte', tickets: 3, totalPrice: 3600, netPrice: 3600 },
  ];

  test('Ventas compares the cinemas: a row and a bar per cinema, and the chain total', async () => {
    api.on('GET', '/api/sales/cinemas', { status: 200, body: rows });
    render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
    const report = await screen.findByRole('region', { name: 'Ventas por cine de todas las ventas' });
    const table = await within(report).findByRole('table', { name: 'Ventas por cine' });
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => spaced(row));
    expect(lines).toEqual([
      'CineEntradasT.BrutoT.Neto',
      'Cine Centro5$ 60,00$ 50,00',
      'Cine Norte3$ 36,00$ 36,00',
      'Total de la cadena8$ 96,00$ 86,00',
    ]);
    expect(await within(report).findByText('bars: Cine Centro=5, Cine Norte=3')).toBeInTheDocument();
    expect(within(report).getByRole('img')).toHaveAccessibleName(
      'Gráfico de barras: entradas vendidas por cine, Cine Centro 5, Cine Norte 3',
    );
  });

  test('the comparison follows the period; a failure says so with Reintentar', async () => {
    api.on('GET', '/api/sales/cinemas?from=2026-03-01&to=2026-03-31', { status: 200, body: rows });
    api.on('GET', '/api/sales/cinemas', { status: 500, body: { error: 'Falló el servicio de ventas.' } });
    const user = userEvent.setup();
    render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
    expect(await screen.findByText(/No se pudieron cargar las ventas por cine\. Falló el servicio de ventas\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Desde'), '2026-03-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Aplicar período' }));
    const report = await screen.findByRole('region', { name: 'Ventas por cine del 01/03/2026 al 31/03/2026' });
    expect(await within(report).findByText('Total de la cadena')).toBeInTheDocument();
  });

  test("a cinema chosen scopes every report of Ventas to it; the comparison stays the chain's", async () => {
    api.on('GET', '/api/sales/cinemas', { status: 200, body: rows });
    render(<SalesSection token={TOKEN} cinemaId={NORTE} />, { wrapper: inAdmin });
    await screen.findByRole('table', { name: 'Ventas por cine' });
    await waitFor(() => expect(api.requests.filter((request) => request.path.startsWith('/api/tickets/all')).length).toBe(1));
    const paths = api.requests.map((request) => request.path);
    for (const report of [
      '/api/tickets/all',
      '/api/sales/top',
      '/api/sales/monthly',
      '/api/sales/occupancy',
      '/api/sales/totals',
      '/api/sales/ticket-types',
    ]) {
      const sent = paths.filter((path) => path.split('?')[0] === report);
      expect(sent.length).toBeGreaterThan(0);
      for (const path of sent) expect(path).toContain(`cinemaId=${NORTE}`);
    }
    expect(paths.filter((path) => path.startsWith('/api/sales/cinemas'))).toEqual(['/api/sales/cinemas']);
    // The chosen cinema's row is marked in the comparison.
    expect(screen.getByRole('rowheader', { name: 'Cine Norte' }).closest('tr')).toHaveAttribute('aria-current', 'true');
  });
});

test("issue 41: an admin sees the Cine Club figures of the period (GET /sales/club), the chain's", async () => {
  render(<SalesSection token={TOKEN} />, { wrapper: inAdmin });
  const figures = await screen.findByLabelText('Cine Club del período');
  expect(figures).toHaveTextContent(/Puntos ganados12500 puntos/);
  expect(figures).toHaveTextContent(/Puntos canjeados3000 puntos/);
  expect(figures).toHaveTextContent(/Pasivo de puntos\$\s95,00/);
  expect(figures).toHaveTextContent(/Cine Pases vigentes7/);
  expect(figures).toHaveTextContent(/Renovaciones5Cobradas; 1 rechazada/);
  expect(figures).toHaveTextContent(/Ingresos del Cine Pase\$\s1\.188,00/);
});
