import { PRESALE_MESSAGES, type PresaleView, type ShowView } from '@cine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cinemaRefOf, generalPricing, withChainCinemas } from '@cine/web-kit/testing';
import { CinemaScopeProvider } from '../../../hooks/useCinemaScope';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderInPanel } from '../../../test/inPanel';
import PresalesSection from './PresalesSection';

const CENTRO = 'c1e000000000000000000001';

function aShow(id: string, schedule: string, overrides: Partial<ShowView> = {}): ShowView {
  return {
    id,
    schedule,
    day: 'Martes',
    date: '2026-12-01',
    startsAt: '2026-12-01T23:00:00.000Z',
    movieId: 'm1',
    roomId: 1,
    type: '2D',
    price: 850,
    ...generalPricing(850),
    seats: 120,
    capacity: 120,
    movie: { Title: 'Dune III' },
    ...cinemaRefOf('centro'),
    ...overrides,
  };
}

const early = aShow('s1', '20:00');
const late = aShow('s2', '23:00');

const presale: PresaleView = {
  id: 'p1',
  showIds: ['s1', 's2'],
  opensAt: '2026-11-30T13:00:00.000Z',
  state: 'open',
  seatsLeft: 180,
  waiting: 312,
  admitPerMinute: 600,
  sessionMinutes: 10,
  maxTicketsPerBuyer: 4,
  admittedThrough: 40,
  cinemaId: CENTRO,
};

let api: FakeApi;
beforeEach(() => {
  api = withChainCinemas(installFakeApi())
    .on('GET', '/api/presales', { status: 200, body: [presale] })
    .on('GET', '/api/show/all', { status: 200, body: [early, late] })
    .on('GET', '/api/movies/billboard', { status: 200, body: [{ id: 'm1', Title: 'Dune III' }] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', `/api/show/all?movieId=m1&cinemaId=${CENTRO}`, { status: 200, body: [early, late] });
});

const renderSection = () =>
  renderInPanel(
    <CinemaScopeProvider role="admin" token="t">
      <PresalesSection token="t" />
    </CinemaScopeProvider>,
    '/admin?seccion=preventas',
  );

test("lists each presale: its shows, its opening on the cinema's clock, state, seats left and people waiting", async () => {
  renderSection();
  const table = await screen.findByRole('table', { name: 'Preventas' });
  await waitFor(() =>
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Dune III · Martes 01/12/2026 20:00 · Sala 1Dune III · Martes 01/12/2026 23:00 · Sala 130/11/2026 10:00Abierta180312Cerrar',
    ),
  );
});

test('creating one: the shows of a movie at a cinema (all or chosen), the opening in its time, the limits; the service’s refusal shows', async () => {
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Nueva preventa' }));
  const dialog = screen.getByRole('dialog', { name: 'Nueva preventa' });
  await waitFor(() => expect(within(dialog).getByLabelText('Cine')).toHaveDisplayValue('Cine Centro'));
  await user.selectOptions(within(dialog).getByLabelText('Película'), await within(dialog).findByRole('option', { name: 'Dune III' }));
  const choices = await within(dialog).findByRole('list', { name: 'Funciones de la preventa' });
  expect(within(choices).getAllByRole('checkbox')).toHaveLength(2);

  // Nothing chosen, no opening: refused before sending.
  await user.click(within(dialog).getByRole('radio', { name: 'Elegir funciones' }));
  await user.click(within(dialog).getByRole('button', { name: 'Crear preventa' }));
  expect(within(dialog).getByText(PRESALE_MESSAGES.noShows)).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/presales')).toHaveLength(0);

  await user.click(within(choices).getByRole('checkbox', { name: /23:00/ }));
  await user.type(within(dialog).getByLabelText('Apertura (hora de Cine Centro)'), '2099-12-01T10:00');
  await user.clear(within(dialog).getByLabelText('Entradas por persona (máximo)'));
  await user.type(within(dialog).getByLabelText('Entradas por persona (máximo)'), '2');
  await user.type(within(dialog).getByLabelText('Personas admitidas por minuto (opcional)'), '120');

  api.on('POST', '/api/presales', { status: 409, body: { statusCode: 409, error: PRESALE_MESSAGES.showInPresale('Martes 01/12 23:00') } });
  await user.click(within(dialog).getByRole('button', { name: 'Crear preventa' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('La función Martes 01/12 23:00 ya está en otra preventa.');
  expect(api.requestsTo('POST', '/api/presales')[0]?.body).toEqual({
    showIds: ['s2'],
    opensAt: '2099-12-01T13:00:00.000Z',
    admitPerMinute: 120,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 2,
  });

  api.on('POST', '/api/presales', { status: 201, body: { ...presale, id: 'p2' } });
  await user.click(within(dialog).getByRole('radio', { name: /Todas las funciones/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Crear preventa' }));
  expect(await within(dialog).findByText('Preventa creada con éxito.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/presales')[1]?.body).toMatchObject({ showIds: ['s1', 's2'] });
});

test('closing one asks first, then says its shows sell without a line', async () => {
  const user = userEvent.setup();
  api.on('POST', '/api/presales/p1/close', { status: 200, body: { ...presale, state: 'closed' } });
  renderSection();
  await user.click(await screen.findByRole('button', { name: /^Cerrar la preventa del/ }));
  const dialog = screen.getByRole('dialog', { name: 'Cerrar preventa' });
  await user.click(within(dialog).getByRole('button', { name: 'Cerrar preventa' }));
  expect(await screen.findByText('Preventa cerrada: sus funciones se venden sin fila.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/presales/p1/close').headers.Authorization).toBe('Bearer t');
});

test('an empty list and a failed one', async () => {
  api.on('GET', '/api/presales', { status: 200, body: [] });
  const { unmount } = renderSection();
  expect(await screen.findByText('Todavía no hay preventas.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/presales', { status: 500, body: { error: 'Hubo problemas.' } });
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las preventas. Hubo problemas.');
});
