import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CINEMA_MESSAGES, type RoomView, type SeatLayout } from '@cine/contracts';
import { chain, CORDOBA, NORTE } from '../../../test/cinemas';
import { installFakeApi, type FakeAnswer, type FakeApi } from '../../../test/fakeApi';
import { renderInPanel } from '../../../test/inPanel';
import { CinemaScopeProvider } from '../../../hooks/useCinemaScope';
import { CinemasSection } from './CinemasSection';

const TOKEN = 'admin-token';
let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/cinemas', { status: 200, body: chain });
});

const renderSection = (cinemaId = '') =>
  renderInPanel(
    <CinemaScopeProvider role="admin" token={TOKEN}>
      <CinemasSection token={TOKEN} cinemaId={cinemaId} />
    </CinemaScopeProvider>,
    '/admin?seccion=cines',
  );

test('lists every cinema with its address, hours, zone and rooms; one cinema when chosen', async () => {
  const { unmount } = renderSection();
  const cordoba = await screen.findByRole('region', { name: 'Cine Córdoba (Córdoba)' });
  expect(within(cordoba).getByText('America/Argentina/Cordoba')).toBeInTheDocument();
  expect(within(cordoba).getByText('?cine=cordoba')).toBeInTheDocument();
  expect(within(within(cordoba).getByRole('list', { name: 'Salas de Cine Córdoba' })).getByText('Sala 9 · 90 butacas')).toBeInTheDocument();
  expect(screen.getAllByRole('region')).toHaveLength(3);
  unmount();
  renderSection(CORDOBA);
  await screen.findByRole('region', { name: 'Cine Córdoba (Córdoba)' });
  expect(screen.getAllByRole('region')).toHaveLength(1);
});

test('adds a cinema: the zone is checked before sending, the server’s 409 is shown in place, then it is created', async () => {
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Agregar cine' }));
  const form = await screen.findByRole('form', { name: 'Agregar cine' });
  await user.type(within(form).getByLabelText('Nombre'), 'Cine Madrid');
  await user.type(within(form).getByLabelText('Slug (en la URL: ?cine=)'), 'madrid');
  await user.type(within(form).getByLabelText('Ciudad'), 'Madrid');
  await user.type(within(form).getByLabelText('Dirección'), 'Gran Vía 1');
  await user.type(within(form).getByLabelText('Horario de atención'), 'Todos los días de 16 a 24 h');
  await user.type(within(form).getByLabelText('Zona horaria (IANA)'), 'UTC+1');
  await user.click(within(form).getByRole('button', { name: 'Agregar cine' }));
  expect(within(form).getByText(CINEMA_MESSAGES.invalidTimeZone)).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/cinemas')).toHaveLength(0);

  await user.clear(within(form).getByLabelText('Zona horaria (IANA)'));
  await user.type(within(form).getByLabelText('Zona horaria (IANA)'), 'Europe/Madrid');
  api.on('POST', '/api/cinemas', { status: 409, body: { statusCode: 409, error: CINEMA_MESSAGES.slugTaken } });
  await user.click(within(form).getByRole('button', { name: 'Agregar cine' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(CINEMA_MESSAGES.slugTaken);

  api.on('POST', '/api/cinemas', { status: 201, body: { ...chain[0], id: 'c1e000000000000000000009' } });
  await user.click(within(form).getByRole('button', { name: 'Agregar cine' }));
  expect(await within(form).findByText('Cine creado con éxito.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/cinemas')[1]?.body).toEqual({
    slug: 'madrid',
    name: 'Cine Madrid',
    city: 'Madrid',
    address: 'Gran Vía 1',
    hours: 'Todos los días de 16 a 24 h',
    timeZone: 'Europe/Madrid',
  });
  // The list (and the selector) are read again.
  expect(api.requestsTo('GET', '/api/cinemas').length).toBeGreaterThanOrEqual(2);
});

test('changes a cinema: only the fields changed are sent', async () => {
  api.on('PUT', `/api/cinemas/${NORTE}`, { status: 200, body: chain[1] });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Modificar Cine Norte' }));
  const form = await screen.findByRole('form', { name: 'Modificar Cine Norte' });
  await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('No hay cambios para guardar.');
  await user.clear(within(form).getByLabelText('Horario de atención'));
  await user.type(within(form).getByLabelText('Horario de atención'), 'De 14 a 23 h');
  await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(form).findByText('Cine actualizado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', `/api/cinemas/${NORTE}`).body).toEqual({ hours: 'De 14 a 23 h' });
});

test('adds a room with its seats: the preview draws them, the request carries the layout, a 409 is shown', async () => {
  const user = userEvent.setup();
  renderSection();
  const norte = await screen.findByRole('region', { name: 'Cine Norte (Buenos Aires)' });
  await user.click(within(norte).getByRole('button', { name: 'Agregar sala a Cine Norte' }));
  const form = await screen.findByRole('form', { name: 'Agregar sala a Cine Norte' });
  await user.click(within(form).getByRole('button', { name: 'Agregar sala' }));
  expect(within(form).getByText('Por favor ingresa el nombre de la sala *')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Nombre de la sala'), 'Sala 8');
  await user.type(within(form).getByLabelText('Asientos por fila, de la A hacia atrás'), '4, 6');
  await user.type(within(form).getByLabelText('Pasillo después de las columnas (opcional)'), '3');
  await user.type(within(form).getByLabelText('Espacios para silla de ruedas (opcional)'), 'A1');
  await user.type(within(form).getByLabelText('Filas premium (opcional)'), 'B');
  await user.click(within(form).getByRole('button', { name: 'Ver butacas' }));
  const preview = screen.getByRole('region', { name: 'Vista previa de las butacas' });
  expect(within(preview).getByRole('status')).toHaveTextContent('10 butacas en 2 filas');
  expect(within(preview).getAllByRole('button', { name: /^Fila B, asiento/ })).toHaveLength(6);

  api.on('POST', `/api/cinemas/${NORTE}/rooms`, { status: 409, body: { statusCode: 409, error: CINEMA_MESSAGES.roomNameTaken } });
  await user.click(within(form).getByRole('button', { name: 'Agregar sala' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(CINEMA_MESSAGES.roomNameTaken);
  const layout = {
    rows: [4, 6],
    aisles: [3],
    wheelchair: ['A1'],
    categories: Object.fromEntries(['B1', 'B2', 'B3', 'B4', 'B5', 'B6'].map((label) => [label, 'premium'])),
  };
  expect(api.requestsTo('POST', `/api/cinemas/${NORTE}/rooms`)[0]?.body).toEqual({ name: 'Sala 8', layout });
  api.on('POST', `/api/cinemas/${NORTE}/rooms`, { status: 201, body: { id: 11, cinemaId: NORTE, name: 'Sala 8', capacity: 10, layout } });
  await user.click(within(form).getByRole('button', { name: 'Agregar sala' }));
  expect(await within(form).findByText('Sala creada con éxito (sala 11, 10 butacas).')).toBeInTheDocument();
});

/** Room 9 of Cine Córdoba as booking stores it: 9 rows of 10 around an aisle, the front row premium, two wheelchair spaces with companions. */
const ROOM_9: RoomView = {
  id: 9,
  cinemaId: CORDOBA,
  name: 'Sala 9',
  capacity: 90,
  layout: {
    rows: [10, 10, 10, 10, 10, 10, 10, 10, 10],
    aisles: [5],
    wheelchair: ['I1', 'I10'],
    categories: {
      ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`A${index + 1}`, 'premium' as const])),
      I1: 'wheelchair',
      I10: 'wheelchair',
      I2: 'companion',
      I9: 'companion',
    },
    companions: { I2: 'I1', I9: 'I10' },
  },
};

test('changing a room reads its seats first ("Cargando butacas…", a retry when that fails) and edits them as stored', async () => {
  let answer: (value: FakeAnswer) => void = () => undefined;
  api.on('GET', `/api/cinemas/${CORDOBA}/rooms/9`, () => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
  const user = userEvent.setup();
  renderSection();
  const cordoba = await screen.findByRole('region', { name: 'Cine Córdoba (Córdoba)' });
  await user.click(within(cordoba).getByRole('button', { name: 'Modificar Sala 9 de Cine Córdoba' }));
  const dialog = await screen.findByRole('dialog', { name: 'Modificar Sala 9 de Cine Córdoba' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Cargando butacas…');
  answer({ status: 500, body: { statusCode: 500, error: 'Error interno del servidor. Intenta de nuevo más tarde.' } });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudieron cargar las butacas de la sala.');

  api.on('GET', `/api/cinemas/${CORDOBA}/rooms/9`, { status: 200, body: ROOM_9 });
  await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
  const form = await within(dialog).findByRole('form', { name: 'Modificar Sala 9 de Cine Córdoba' });
  // The room's own seats are drawn at once.
  const preview = within(dialog).getByRole('region', { name: 'Vista previa de las butacas' });
  expect(within(preview).getByRole('status')).toHaveTextContent('90 butacas en 9 filas');
  expect(within(preview).getAllByRole('button', { name: /^Fila I, asiento/ })).toHaveLength(10);
  await user.click(within(form).getByLabelText('Cambiar las butacas'));
  expect(within(form).getByLabelText('Asientos por fila, de la A hacia atrás')).toHaveValue('10, 10, 10, 10, 10, 10, 10, 10, 10');
  expect(within(form).getByLabelText('Pasillo después de las columnas (opcional)')).toHaveValue('5');
  expect(within(form).getByLabelText('Espacios para silla de ruedas (opcional)')).toHaveValue('I1, I10');
  expect(within(form).getByLabelText('Filas premium (opcional)')).toHaveValue('A');

  // One row more is all the admin types.
  await user.type(within(form).getByLabelText('Asientos por fila, de la A hacia atrás'), ', 12');
  api.on('PUT', `/api/cinemas/${CORDOBA}/rooms/9`, ({ body }) => ({
    status: 200,
    body: { ...ROOM_9, capacity: 102, ...(body as object) },
  }));
  await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(form).findByText('Sala actualizada con éxito.')).toBeInTheDocument();
  const sent = api.onlyRequestTo('PUT', `/api/cinemas/${CORDOBA}/rooms/9`).body as { layout: SeatLayout };
  expect(sent.layout).toMatchObject({ rows: [...ROOM_9.layout.rows, 12], aisles: [5], wheelchair: ['I1', 'I10'] });
  expect(Object.keys(sent.layout.categories ?? {}).filter((label) => sent.layout.categories?.[label] === 'premium')).toHaveLength(10);
  // The companion seats the editor has no field for stay the room's.
  expect(sent.layout.companions).toEqual({ I2: 'I1', I9: 'I10' });
});

test('the cinemas not found (404) when changing a room: the Spanish message is shown in the dialog', async () => {
  api.on('GET', `/api/cinemas/${CORDOBA}/rooms/9`, { status: 200, body: ROOM_9 });
  api.on('PUT', `/api/cinemas/${CORDOBA}/rooms/9`, { status: 404, body: { statusCode: 404, error: CINEMA_MESSAGES.roomNotFound } });
  const user = userEvent.setup();
  renderSection();
  const cordoba = await screen.findByRole('region', { name: 'Cine Córdoba (Córdoba)' });
  await user.click(within(cordoba).getByRole('button', { name: 'Modificar Sala 9 de Cine Córdoba' }));
  const form = await screen.findByRole('form', { name: 'Modificar Sala 9 de Cine Córdoba' });
  await user.click(within(form).getByLabelText('Cambiar las butacas'));
  await user.clear(within(form).getByLabelText('Asientos por fila, de la A hacia atrás'));
  await user.type(within(form).getByLabelText('Asientos por fila, de la A hacia atrás'), '10, 10');
  await user.clear(within(form).getByLabelText('Pasillo después de las columnas (opcional)'));
  await user.clear(within(form).getByLabelText('Espacios para silla de ruedas (opcional)'));
  await user.clear(within(form).getByLabelText('Filas premium (opcional)'));
  await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(CINEMA_MESSAGES.roomNotFound);
  expect(api.onlyRequestTo('PUT', `/api/cinemas/${CORDOBA}/rooms/9`).body).toEqual({
    layout: { rows: [10, 10], aisles: [], wheelchair: [] },
  });
});
