import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import type { Show } from '../api/shows';
import { ShowsSection } from './ShowsSection';

const TOKEN = 'admin-token';
const show: Show = {
  id: '64c000000000000000000001',
  schedule: '18:30',
  day: 'Jueves',
  date: '2026-03-12',
  startsAt: '2026-03-12T21:30:00.000Z',
  movieId: '64b000000000000000000001',
  roomId: 2,
  type: '3D',
  price: 1200,
  seats: 98,
  capacity: 100,
  movie: { Title: 'Matrix' },
};
const movie = { id: show.movieId, Title: 'Matrix' };
const FIRST = '/api/show/all?page=1&pageSize=25&sort=startsAt';
const page = (items: Show[], total = items.length) => ({ status: 200, body: { items, total, page: 1, pageSize: 25 } });

const renderSection = () => renderInPanel(<ShowsSection token={TOKEN} />, '/admin?seccion=funciones');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/show/all', page([show]))
    .on('GET', '/api/show/occupancy', { status: 200, body: [{ showId: show.id, capacity: 100, sold: 1, held: 1, free: 98, admitted: 0 }] })
    .on('GET', `/api/show/${show.id}/seats`, {
      status: 200,
      body: {
        showId: show.id,
        roomId: 2,
        version: 3,
        layout: { rows: [4, 4], aisles: [], wheelchair: ['A1'] },
        taken: { B2: 'sold', B3: 'held' },
      },
    })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } })
    .on('GET', '/api/movies/billboard', { status: 200, body: [movie] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] });
});
afterEach(() => jest.useRealTimers());

test('lists the upcoming shows with the spec columns', async () => {
  renderSection();
  expect(screen.getByText('Cargando funciones…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Funciones' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Horarios ▲', 'Dia', 'Pelicula ↕', 'Sala ↕', 'Tipo ↕', 'Asientos ↕', 'Ocupación', 'Modificar']);
  expect(within(table).getByRole('columnheader', { name: /Horarios/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/18:30\s*Jueves 12\/03\s*Matrix\s*2\s*3D\s*98\/100/);
  await within(table).findByText('1 vendido · 1 reservado · 98 libres · ingresaron 0 de 1');
});

test("opens a show's seat map, read-only, with its sold, held and free seats", async () => {
  renderSection();
  await userEvent.click(
    await screen.findByRole('button', { name: 'Ver el mapa de asientos de la función de Matrix del Jueves a las 18:30' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Mapa de asientos: Matrix, Jueves 18:30, sala 2' });
  const grid = await within(dialog).findByRole('grid', { name: 'Asientos de la sala 2' });
  expect(grid).toHaveAttribute('aria-readonly', 'true');
  expect(within(dialog).getByText('1 vendidos · 1 reservados · 6 libres')).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: 'Fila B, asiento 2, vendido' })).toHaveAttribute('aria-disabled', 'true');
  expect(within(grid).getByRole('button', { name: 'Fila B, asiento 3, reservado' })).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: 'Fila A, asiento 1, espacio para silla de ruedas, libre' })).not.toHaveAttribute(
    'aria-pressed',
  );
});

test('filters by days, movie, room and format and sorts by a column on the server; the URL keeps them', async () => {
  const filtered = '/api/show/all?page=1&pageSize=25&sort=startsAt&from=2026-03-13&movieId=64b000000000000000000001&roomId=2&type=3D';
  const friday: Show = { ...show, id: '64c000000000000000000002', day: 'Viernes', date: '2026-03-13', schedule: '20:00' };
  api.on('GET', filtered, page([friday]));
  api.on('GET', `${filtered.replace('sort=startsAt', 'sort=-seats')}`, page([friday]));
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.type(screen.getByLabelText('Desde'), '2026-03-13');
  await screen.findByRole('option', { name: 'Matrix' });
  await user.selectOptions(screen.getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(screen.getByLabelText('Sala'), '2');
  await user.selectOptions(screen.getByLabelText('Tipo'), '3D');
  await waitFor(() => expect(api.requestsTo('GET', filtered)).toHaveLength(1));
  expect(await screen.findByText('20:00')).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: /Asientos/ }));
  await user.click(screen.getByRole('button', { name: /Asientos/ }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: /Asientos/ })).toHaveAttribute('aria-sort', 'descending'));
  expect(currentSearch()).toBe('?seccion=funciones&from=2026-03-13&movieId=64b000000000000000000001&roomId=2&type=3D&sort=-seats');

  await user.click(screen.getByRole('button', { name: 'Ver todas' }));
  await waitFor(() => expect(currentSearch()).toBe('?seccion=funciones&sort=-seats'));
});

test('no shows and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/show/all', page([]));
  const { unmount } = renderSection();
  expect(await screen.findByText('No hay funciones programadas.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/show/all', { status: 500, body: { statusCode: 500, error: 'Hubo problemas. Intente nuevamente.' } });
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las funciones. Hubo problemas. Intente nuevamente.');
});

test("'Crear Funciones' shows the five §5 messages, creates the show, reloads the list and shows the green message for 5 s", async () => {
  api.on('POST', '/api/show', { status: 201, body: show });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  jest.useFakeTimers();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  const dialog = screen.getByRole('dialog', { name: 'Crear Funciones' });
  const form = await within(dialog).findByRole('form', { name: 'Crear Funciones' });
  await user.click(within(form).getByRole('button', { name: 'Crear Funcion' }));
  for (const message of [
    'Por favor ingresa un horario inicial *',
    'Por favor seleccione una pelicula *',
    'Por favor seleccione una sala *',
    'Por favor seleccione un dia *',
    'Por favor seleccione un tipo *',
  ]) {
    expect(within(form).getByText(message)).toBeInTheDocument();
  }

  await user.type(within(form).getByLabelText('Horario'), '18:30');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
  await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
  await user.selectOptions(within(form).getByLabelText('Dia'), 'Jueves');
  await user.selectOptions(within(form).getByLabelText('Tipo'), '3D');
  await user.click(within(form).getByRole('button', { name: 'Crear Funcion' }));

  expect(await within(form).findByText('Función creada con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/show').body).toEqual({
    data: { schedule: '18:30', movieId: show.movieId, roomId: 2, day: 'Jueves', type: '3D' },
  });
  await waitFor(() => expect(api.requestsTo('GET', FIRST)).toHaveLength(2));
  act(() => jest.advanceTimersByTime(5000));
  expect(within(form).queryByText('Función creada con éxito.')).not.toBeInTheDocument();
});

test("the server's overlap refusal is shown in the create dialog", async () => {
  const refusal = 'La sala 2 está ocupada por «Matrix» de 18:00 a 20:16; entre funciones se dejan 20 minutos de limpieza.';
  api.on('POST', '/api/show', { status: 409, body: { statusCode: 409, error: refusal } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  const form = await screen.findByRole('form', { name: 'Crear Funciones' });
  await user.type(within(form).getByLabelText('Horario'), '19:00');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
  await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
  await user.selectOptions(within(form).getByLabelText('Dia'), 'Jueves');
  await user.selectOptions(within(form).getByLabelText('Tipo'), '2D');
  await user.click(within(form).getByRole('button', { name: 'Crear Funcion' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
});

test("'error no autorizado' when the authorization flag is false", async () => {
  api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: false } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  expect(await within(screen.getByRole('dialog')).findByRole('heading', { name: 'error no autorizado' })).toBeInTheDocument();
});

test("'Modificar' sends the show back with the new time, room and type", async () => {
  api.on('PUT', `/api/show/one/${show.id}`, { status: 200, body: { ...show, schedule: '21:00', roomId: 4, type: '2D' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Modificar la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar Funcion' });
  await user.clear(within(dialog).getByLabelText('Horario'));
  await user.type(within(dialog).getByLabelText('Horario'), '21:00');
  await user.selectOptions(within(dialog).getByLabelText('Sala'), 'Sala 4');
  await user.selectOptions(within(dialog).getByLabelText('Tipo'), '2D');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Función actualizada con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', `/api/show/one/${show.id}`).body).toEqual({ ...show, schedule: '21:00', roomId: 4, type: '2D' });
});

test("'Borrar Funcion' deletes on confirmation, or shows the server's refusal when tickets were sold", async () => {
  api.on('DELETE', `/api/show/one/${show.id}`, {
    status: 409,
    body: { statusCode: 409, error: 'No se puede borrar una función con entradas vendidas.' },
  });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Borrar la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Borrar Funcion' });
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se puede borrar una función con entradas vendidas.');

  api.on('DELETE', `/api/show/one/${show.id}`, { status: 200, body: { message: 'Función eliminada.' } });
  api.on('GET', '/api/show/all', page([]));
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await screen.findByText('No hay funciones programadas.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
