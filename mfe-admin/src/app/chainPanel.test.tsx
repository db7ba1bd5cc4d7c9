import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotePageProps } from '@cine/web-kit';
import { chain, NORTE, tokenClaiming } from '../test/cinemas';
import { installFakeApi, type FakeApi } from '../test/fakeApi';
import { currentSearch, renderInPanel } from '../test/inPanel';
import AdminPanel from './AdminPanel';

const admin: RemotePageProps['session'] = { token: 'admin-token', userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' };
const managerToken = tokenClaiming({ sub: 'g1', role: 'manager', cin: [NORTE], ver: 1 });
const manager: RemotePageProps['session'] = {
  token: managerToken,
  userId: 'g1',
  username: 'gerente',
  email: 'gerente@cine.test',
  role: 'manager',
};
const emptyPage = { status: 200, body: { items: [], total: 0, page: 1, pageSize: 25 } };
const SHOWS = '/api/show/all?page=1&pageSize=25&sort=startsAt';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/cinemas', { status: 200, body: chain })
    .on('GET', '/api/show/all', emptyPage)
    .on('GET', '/api/show/occupancy', { status: 200, body: [] })
    .on('GET', '/api/movies/billboard', { status: 200, body: [{ id: '64b000000000000000000001', Title: 'Matrix' }] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } })
    .on('GET', '/api/pricing/ticket-types', { status: 200, body: [] })
    .on('GET', '/api/pricing/cards', { status: 200, body: [] })
    .on('GET', '/api/pricing/surcharges', { status: 200, body: { premium: 0, wheelchair: 0, companion: 0, formats: {} } });
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Secciones del panel' }));

describe('an admin', () => {
  test('chooses every cinema or one: the choice goes in the URL and every shows request names it', async () => {
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={admin} />, '/admin?seccion=funciones');
    const selector = await screen.findByRole('combobox', { name: 'Cine' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos los cines', 'Cine Centro (Buenos Aires)', 'Cine Norte (Buenos Aires)', 'Cine Córdoba (Córdoba)']);
    await waitFor(() => expect(api.requestsTo('GET', SHOWS)).toHaveLength(1));
    await user.selectOptions(selector, 'Cine Norte (Buenos Aires)');
    expect(currentSearch()).toBe('?seccion=funciones&cine=norte');
    await waitFor(() => expect(api.requestsTo('GET', `${SHOWS}&cinemaId=${NORTE}`)).toHaveLength(1));
    // The room filter offers the chosen cinema's rooms.
    const rooms = within(screen.getByRole('group', { name: 'Filtrar funciones' })).getByLabelText('Sala');
    expect(
      within(rooms)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Sala 6', 'Sala 7']);
    // Another section keeps the cinema.
    await user.click(sidebar().getByRole('button', { name: 'Órdenes' }));
    expect(currentSearch()).toBe('?seccion=ordenes&cine=norte');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path.startsWith('/api/orders?') && request.path.includes(`cinemaId=${NORTE}`))).toBe(
        true,
      ),
    );
  });

  test('creates a show in a cinema: the rooms are the chosen cinema’s and the request names it', async () => {
    api.on('POST', '/api/show', { status: 201, body: {} });
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={admin} />, '/admin?seccion=funciones');
    await screen.findByRole('combobox', { name: 'Cine' });
    await user.click(await screen.findByRole('button', { name: 'Agregar Funcion' }));
    const form = await screen.findByRole('form', { name: 'Crear Funciones' });
    const room = within(form).getByLabelText('Sala');
    expect(within(room).getAllByRole('option')).toHaveLength(1 + 5);
    await user.selectOptions(within(form).getByLabelText('Cine'), 'Cine Norte (Buenos Aires)');
    expect(
      within(room)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecciona una sala', 'Sala 6', 'Sala 7']);
    await user.type(within(form).getByLabelText('Horario'), '18:30');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
    await user.selectOptions(room, 'Sala 7');
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-03-12' } });
    await user.selectOptions(within(form).getByLabelText('Tipo'), '2D');
    await user.click(within(form).getByRole('button', { name: 'Crear función' }));
    expect(await within(form).findByText('Función creada con éxito.')).toBeInTheDocument();
    expect(api.onlyRequestTo('POST', '/api/show').body).toEqual({
      data: { schedule: '18:30', movieId: '64b000000000000000000001', roomId: 7, cinemaId: NORTE, date: '2026-03-12', type: '2D' },
    });
  });

  test('adds a cinema in Cines: the dialog stays open with its success while the cinemas are read again', async () => {
    let reads = 0;
    const madrid = { ...chain[2]!, id: 'c1e000000000000000000009', slug: 'madrid', name: 'Cine Madrid', city: 'Madrid', rooms: [] };
    // Read again, the list takes a moment: the section must not give way to a loading state meanwhile.
    api.on('GET', '/api/cinemas', async () => {
      if (reads++ === 0) return { status: 200, body: chain };
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { status: 200, body: [...chain, madrid] };
    });
    api.on('POST', '/api/cinemas', { status: 201, body: {} });
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={admin} />, '/admin?seccion=cines');
    await user.click(await screen.findByRole('button', { name: 'Agregar cine' }));
    const form = await screen.findByRole('form', { name: 'Agregar cine' });
    await user.type(within(form).getByLabelText('Nombre'), 'Cine Madrid');
    await user.type(within(form).getByLabelText('Slug (en la URL: ?cine=)'), 'madrid');
    await user.type(within(form).getByLabelText('Ciudad'), 'Madrid');
    await user.type(within(form).getByLabelText('Dirección'), 'Gran Vía 1');
    await user.type(within(form).getByLabelText('Horario de atención'), 'De 16 a 24 h');
    await user.type(within(form).getByLabelText('Zona horaria (IANA)'), 'Europe/Madrid');
    await user.click(within(form).getByRole('button', { name: 'Agregar cine' }));
    expect(await within(form).findByText('Cine creado con éxito.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Cine Madrid (Madrid)' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Agregar cine' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Cine' })).getByRole('option', { name: 'Cine Madrid (Madrid)' }),
    ).toBeInTheDocument();
  });

  test('issue 41: opens Cine Club (a chunk of its own): plans, members and renewals', async () => {
    api
      .on('GET', '/api/club/plans?all=true', { status: 200, body: [] })
      .on('GET', '/api/club/members?page=1&pageSize=20', { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } })
      .on('GET', '/api/club/renewals', { status: 200, body: { job: { everyMs: 3_600_000 }, runs: [], renewals: [] } });
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={admin} />, '/admin');
    await user.click(sidebar().getByRole('button', { name: 'Cine Club' }));
    expect(currentSearch()).toBe('?seccion=cine-club');
    expect(await screen.findByText('Todavía no hay planes.')).toBeInTheDocument();
    expect(await screen.findByText('Todavía no hay socios.')).toBeInTheDocument();
    expect(await screen.findByText('La renovación todavía no corrió.')).toBeInTheDocument();
  });

  test('sees the Cines section beside the others', async () => {
    renderInPanel(<AdminPanel session={admin} />, '/admin');
    expect(sidebar().getByRole('button', { name: 'Cines' })).toBeInTheDocument();
    expect(sidebar().getByRole('button', { name: 'Usuarios Registrados' })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

describe("a cinema's manager", () => {
  test('sees only their cinema’s sections, their cinema named instead of a choice, and requests of it only', async () => {
    renderInPanel(<AdminPanel session={manager} />, '/admin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Panel del cine');
    expect(
      sidebar()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Funciones de peliculas', 'Ventas de peliculas', 'Órdenes', 'Cines', 'Promociones', 'Preventas']);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Funciones de peliculas');
    expect(await screen.findByText('Cine Norte (Buenos Aires)')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Cine' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET', `${SHOWS}&cinemaId=${NORTE}`)).toHaveLength(1));
    // Never a request of every cinema: the first one already names theirs.
    expect(api.requestsTo('GET', SHOWS)).toHaveLength(0);
  });

  test('creates a show in one of their rooms: no cinema to choose, and the spec’s admin flag does not stop them', async () => {
    api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: false } });
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={manager} />, '/admin');
    await user.click(await screen.findByRole('button', { name: 'Agregar Funcion' }));
    const form = await screen.findByRole('form', { name: 'Crear Funciones' });
    expect(within(form).queryByLabelText('Cine')).not.toBeInTheDocument();
    // Price cards are the admin's: the manager's form reads none and says how the show is priced.
    expect(within(form).getByRole('region', { name: 'Tarifa y precios' })).toHaveTextContent(/tarifa de la cadena/);
    expect(api.requests.some((request) => request.path.startsWith('/api/pricing'))).toBe(false);
    expect(
      within(within(form).getByLabelText('Sala'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecciona una sala', 'Sala 6', 'Sala 7']);
  });

  test("issue 41: Ventas never asks for the chain's Cine Club figures, and a link to Cine Club opens their first section", async () => {
    renderInPanel(<AdminPanel session={manager} />, '/admin?seccion=ventas');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Ventas de peliculas');
    await screen.findByText('Cine Norte (Buenos Aires)');
    await act(async () => undefined);
    expect(api.requests.some((request) => request.path.startsWith('/api/sales/club'))).toBe(false);
    expect(screen.queryByText(/Cine Club/)).not.toBeInTheDocument();
  });

  test("a link to an admin's section (or another cinema) opens theirs", async () => {
    renderInPanel(<AdminPanel session={manager} />, '/admin?seccion=usuarios&cine=centro');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Funciones de peliculas');
    await waitFor(() => expect(api.requestsTo('GET', `${SHOWS}&cinemaId=${NORTE}`)).toHaveLength(1));
    expect(api.requests.some((request) => request.path.startsWith('/api/admin'))).toBe(false);
  });

  test('changes their cinema’s rooms but adds no cinema', async () => {
    // "Modificar" reads the room's seats first (issue 38): the manager may read their cinema's rooms.
    api.on('GET', `/api/cinemas/${NORTE}/rooms/6`, {
      status: 200,
      body: { id: 6, cinemaId: NORTE, name: 'Sala 6', capacity: 80, layout: { rows: [10, 10], aisles: [], wheelchair: [] } },
    });
    api.on('PUT', `/api/cinemas/${NORTE}/rooms/6`, {
      status: 200,
      body: { id: 6, cinemaId: NORTE, name: 'Sala 6 Premium', capacity: 80, layout: { rows: [10, 10], aisles: [], wheelchair: [] } },
    });
    const user = userEvent.setup();
    renderInPanel(<AdminPanel session={manager} />, '/admin?seccion=cines');
    const card = await screen.findByRole('region', { name: 'Cine Norte (Buenos Aires)' });
    expect(screen.queryByRole('button', { name: 'Agregar cine' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Modificar cine/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Cine Centro/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Modificar Sala 6 de Cine Norte' }));
    const form = await screen.findByRole('form', { name: 'Modificar Sala 6 de Cine Norte' });
    await user.clear(within(form).getByLabelText('Nombre de la sala'));
    await user.type(within(form).getByLabelText('Nombre de la sala'), 'Sala 6 Premium');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByText('Sala actualizada con éxito.')).toBeInTheDocument();
    expect(api.onlyRequestTo('PUT', `/api/cinemas/${NORTE}/rooms/6`).body).toEqual({ name: 'Sala 6 Premium' });
    expect(api.requestsTo('GET', `/api/cinemas/${NORTE}/rooms/6`)).toHaveLength(1);
  });

  test('without cinemas assigned, is told so and nothing is requested', async () => {
    const none = { ...manager!, token: tokenClaiming({ sub: 'g2', role: 'manager', cin: [] }) };
    renderInPanel(<AdminPanel session={none} />, '/admin');
    expect(await screen.findByText(/Tu cuenta no tiene cines asignados/)).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/api/show/all'))).toBe(false);
  });
});

test('the cinemas not loading: the selector says so with Reintentar; a manager sees nothing of the chain', async () => {
  api.on('GET', '/api/cinemas', { status: 503, body: { error: 'El servicio no está disponible.' } });
  renderInPanel(<AdminPanel session={manager} />, '/admin');
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los cines. El servicio no está disponible.');
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  expect(api.requests.some((request) => request.path.startsWith('/api/show/all'))).toBe(false);
});
