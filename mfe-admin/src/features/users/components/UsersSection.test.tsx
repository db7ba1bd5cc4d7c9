import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import type { User } from '../api/users';
import { UsersSection } from './UsersSection';
import { CINEMA_MESSAGES } from '@cine/contracts';
import { CinemaScopeProvider } from '../../../hooks/useCinemaScope';
import { CENTRO, chain, NORTE } from '../../../test/cinemas';

const TOKEN = 'admin-token';
const me: User = { id: 'a1', username: 'root', email: 'admin@cine.local', role: 'admin' };
const ana: User = { id: 'u1', username: 'ana', email: 'ana@cine.test', role: 'user' };
const beto: User = { id: 'u2', username: 'beto', email: 'beto@cine.test', role: 'user' };
const FIRST = '/api/admin?page=1&pageSize=25&sort=createdAt';
const page = (items: User[], total = items.length, at = 1, pageSize = 25) => ({ status: 200, body: { items, total, page: at, pageSize } });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/admin', page([me, ana, beto]));
});

const renderSection = (url = '/admin?seccion=usuarios') => renderInPanel(<UsersSection token={TOKEN} currentUserId={me.id} />, url);
const url = currentSearch;

test("lists a page of users with the spec columns, sending the token; no trash icon on the admin's own row", async () => {
  renderSection();
  expect(screen.getByText('Cargando usuarios…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Usuarios registrados' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Nombre ↕', 'Email ↕', 'Rol ↕', 'Cines', 'Borrar']);
  expect(within(table).getAllByRole('row')).toHaveLength(4);
  expect(within(table).getByRole('cell', { name: 'ana@cine.test' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Borrar ana' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Borrar root' })).not.toBeInTheDocument();
  expect(api.onlyRequestTo('GET', FIRST).headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(screen.getByText('1–3 de 3 · página 1 de 1')).toBeInTheDocument();
});

test('a header sorts the list on the server, ascending then descending, with aria-sort, and the URL keeps it', async () => {
  const user = userEvent.setup();
  renderSection();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('button', { name: /Email/ }));
  await waitFor(() => expect(api.requestsTo('GET', '/api/admin?page=1&pageSize=25&sort=email')).toHaveLength(1));
  expect(await screen.findByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(screen.getByRole('columnheader', { name: /Nombre/ })).not.toHaveAttribute('aria-sort');
  expect(url()).toBe('?seccion=usuarios&sort=email');

  await user.click(screen.getByRole('button', { name: /Email/ }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending'));
  expect(api.requestsTo('GET', '/api/admin?page=1&pageSize=25&sort=-email')).toHaveLength(1);
  expect(url()).toBe('?seccion=usuarios&sort=-email');
});

test('pages with Siguiente and Anterior, and a page size, from the keyboard; the URL keeps page and size', async () => {
  const everyone = Array.from({ length: 25 }, (_, n): User => ({
    id: `p${n}`,
    username: `socio${n}`,
    email: `s${n}@cine.test`,
    role: 'user',
  }));
  api.on('GET', '/api/admin', page(everyone, 60));
  api.on('GET', '/api/admin?page=2&pageSize=25&sort=createdAt', page([ana], 60, 2));
  api.on('GET', '/api/admin?page=3&pageSize=25&sort=createdAt', page([beto], 60, 3));
  api.on('GET', '/api/admin?page=1&pageSize=50&sort=createdAt', page(everyone, 60, 1, 50));
  const user = userEvent.setup();
  renderSection();
  await screen.findByText('1–25 de 60 · página 1 de 3');
  expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  screen.getByRole('button', { name: 'Siguiente' }).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText('26–50 de 60 · página 2 de 3')).toBeInTheDocument();
  expect(url()).toBe('?seccion=usuarios&page=2');
  // The page stays on screen while the next loads: the focus stays on 'Siguiente'.
  expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText('51–60 de 60 · página 3 de 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Anterior' }));
  expect(await screen.findByText('26–50 de 60 · página 2 de 3')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Filas por página'), '50');
  expect(await screen.findByText('1–50 de 60 · página 1 de 2')).toBeInTheDocument();
  expect(url()).toBe('?seccion=usuarios&pageSize=50');
});

test('a shared link opens the same view: page, sort and filters read from the URL', async () => {
  const query = 'page=2&pageSize=50&sort=-createdAt&role=user&q=an';
  api.on('GET', `/api/admin?${query}`, page([ana], 51, 2, 50));
  renderSection(`/admin?seccion=usuarios&${query}`);

  expect(await screen.findByText('51–51 de 51 · página 2 de 2')).toBeInTheDocument();
  expect(screen.getByLabelText('Rol', { selector: 'select' })).toHaveValue('user');
  expect(screen.getByPlaceholderText('Buscar usuario...')).toHaveValue('an');
  expect(api.requestsTo('GET', `/api/admin?${query}`)).toHaveLength(1);
});

test("searches by name or e-mail with 'Buscar' and filters by role; 'Ver todos' clears both", async () => {
  api.on('GET', '/api/admin?page=1&pageSize=25&sort=createdAt&q=an', page([ana]));
  api.on('GET', '/api/admin?page=1&pageSize=25&sort=createdAt&role=admin&q=an', page([]));
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.type(screen.getByPlaceholderText('Buscar usuario...'), 'an');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  await user.selectOptions(screen.getByLabelText('Rol', { selector: 'select' }), 'admin');
  expect(await screen.findByText('No hay usuarios que coincidan con la búsqueda.')).toBeInTheDocument();
  expect(url()).toBe('?seccion=usuarios&q=an&role=admin');
  await user.click(screen.getByRole('button', { name: 'Ver todos' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  expect(screen.getByPlaceholderText('Buscar usuario...')).toHaveValue('');
  expect(url()).toBe('?seccion=usuarios');
});

test('an empty list and a failed load say so in Spanish; Reintentar loads again', async () => {
  api.on('GET', '/api/admin', { status: 503, body: { statusCode: 503, error: 'El servicio no está disponible.' } });
  const user = userEvent.setup();
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los usuarios. El servicio no está disponible.');
  api.on('GET', '/api/admin', page([]));
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('No hay usuarios registrados.')).toBeInTheDocument();
  expect(screen.getByText('Sin resultados')).toBeInTheDocument();
});

test("'Agregar nuevo' shows the four §5 messages, then registers the user with its role and reloads", async () => {
  api.on('POST', '/api/auth/register', { status: 201, body: { id: 'u3', username: 'caro', email: 'caro@cine.test', role: 'admin' } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar nuevo' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  for (const message of [
    'Por favor ingresa un usuario *',
    'Por favor ingresa la contraseña *',
    'Por favor ingresa un email *',
    'Por favor ingresa el rol *',
  ]) {
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  }
  expect(within(dialog).getByLabelText('Usuario')).toHaveAccessibleDescription('Por favor ingresa un usuario *');

  await user.type(within(dialog).getByLabelText('Usuario'), 'caro');
  await user.type(within(dialog).getByLabelText('Contraseña'), 'palomitas123');
  await user.type(within(dialog).getByLabelText('Email'), 'caro@cine.test');
  await user.selectOptions(within(dialog).getByLabelText('Rol'), 'admin');
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));

  expect(await within(dialog).findByText('Usuario creado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/auth/register').body).toEqual({
    username: 'caro',
    password: 'palomitas123',
    email: 'caro@cine.test',
    role: 'admin',
  });
  expect(api.requestsTo('GET', FIRST)).toHaveLength(2);
});

test("the server's refusal shows in the add dialog", async () => {
  api.on('POST', '/api/auth/register', {
    status: 409,
    body: { statusCode: 409, error: 'Ya existe un usuario registrado con ese e-mail.' },
  });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar nuevo' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Usuario'), 'ana2');
  await user.type(within(dialog).getByLabelText('Contraseña'), 'x');
  await user.type(within(dialog).getByLabelText('Email'), 'ana@cine.test');
  await user.selectOptions(within(dialog).getByLabelText('Rol'), 'user');
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe un usuario registrado con ese e-mail.');
});

test('a name opens the edit dialog, which sends the user back with the new name and role', async () => {
  api.on('PUT', '/api/admin/updateUser', { status: 200, body: { ...ana, username: 'ana maría', role: 'admin' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Modificar ana' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar ana' });
  expect(within(dialog).queryByLabelText('Contraseña')).not.toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('Usuario'));
  await user.type(within(dialog).getByLabelText('Usuario'), 'ana maría');
  await user.selectOptions(within(dialog).getByLabelText('Rol'), 'admin');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Usuario actualizado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', '/api/admin/updateUser').body).toEqual({
    id: 'u1',
    username: 'ana maría',
    email: 'ana@cine.test',
    role: 'admin',
  });
});

test("an admin makes a user staff ('Personal') in the edit dialog; the table names the roles in Spanish", async () => {
  api.on('PUT', '/api/admin/updateUser', { status: 200, body: { ...beto, role: 'staff' } });
  const user = userEvent.setup();
  renderSection();
  const table = await screen.findByRole('table', { name: 'Usuarios registrados' });
  expect(within(table).getAllByRole('cell', { name: 'Usuario' })).toHaveLength(2);
  expect(within(table).getByRole('cell', { name: 'Administrador' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Modificar beto' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar beto' });
  const role = within(dialog).getByLabelText('Rol');
  expect(
    within(role)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Selecciona un rol', 'Usuario', 'Personal', 'Gerente', 'Administrador']);
  await user.selectOptions(role, 'Personal');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Usuario actualizado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', '/api/admin/updateUser').body).toMatchObject({ id: 'u2', role: 'staff' });
});

test('the trash icon asks first: Cancelar keeps the user, Borrar deletes by e-mail; Escape closes the dialog', async () => {
  api.on('DELETE', '/api/admin/deleteUser', { status: 200, body: { message: 'Usuario eliminado.' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Borrar ana' }));
  let dialog = screen.getByRole('dialog', { name: 'Borrar Usuario' });
  expect(dialog).toHaveTextContent('¿ Estás seguro que deseas borrar al usuario ana (ana@cine.test) ?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Borrar ana' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requestsTo('DELETE', '/api/admin/deleteUser')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Borrar ana' }));
  dialog = screen.getByRole('dialog', { name: 'Borrar Usuario' });
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.onlyRequestTo('DELETE', '/api/admin/deleteUser').body).toEqual({ email: 'ana@cine.test' });
});

describe("the chain's people (issue 38)", () => {
  const portero: User = { id: 'u3', username: 'portero', email: 'portero@cine.test', role: 'staff', cinemaIds: [CENTRO, NORTE] };
  const renderWithCinemas = () =>
    renderInPanel(
      <CinemaScopeProvider role="admin" token={TOKEN}>
        <UsersSection token={TOKEN} currentUserId={me.id} />
      </CinemaScopeProvider>,
      '/admin?seccion=usuarios',
    );
  beforeEach(() => {
    api.on('GET', '/api/cinemas', { status: 200, body: chain }).on('GET', '/api/admin', page([me, portero]));
  });

  test("the list names each manager's or staff member's cinemas", async () => {
    renderWithCinemas();
    const table = await screen.findByRole('table', { name: 'Usuarios registrados' });
    const row = within(table).getByRole('row', { name: /portero/ });
    expect(await within(row).findByRole('cell', { name: 'Cine Centro, Cine Norte' })).toBeInTheDocument();
  });

  test('registering a manager asks for their cinemas (at least one) and sends them', async () => {
    api.on('POST', '/api/auth/register', { status: 201, body: {} });
    const user = userEvent.setup();
    renderWithCinemas();
    await screen.findByRole('table');
    await screen.findByRole('cell', { name: 'Cine Centro, Cine Norte' });
    await user.click(screen.getByRole('button', { name: 'Agregar nuevo' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('group', { name: 'Cines' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Usuario'), 'gerente');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'palomitas123');
    await user.type(within(dialog).getByLabelText('Email'), 'gerente@cine.test');
    await user.selectOptions(within(dialog).getByLabelText('Rol'), 'Gerente');
    const cinemas = within(dialog).getByRole('group', { name: 'Cines' });
    expect(
      within(cinemas)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([' Cine Centro (Buenos Aires)', ' Cine Norte (Buenos Aires)', ' Cine Córdoba (Córdoba)']);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(within(cinemas).getByText(CINEMA_MESSAGES.cinemasRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/auth/register')).toHaveLength(0);
    await user.click(within(cinemas).getByRole('checkbox', { name: /Cine Norte/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('Usuario creado con éxito.')).toBeInTheDocument();
    expect(api.onlyRequestTo('POST', '/api/auth/register').body).toEqual({
      username: 'gerente',
      password: 'palomitas123',
      email: 'gerente@cine.test',
      role: 'manager',
      cinemaIds: [NORTE],
    });
  });

  test("changing a staff member's cinemas sends the new ones; making them a user drops them", async () => {
    api.on('PUT', '/api/admin/updateUser', { status: 200, body: portero });
    const user = userEvent.setup();
    renderWithCinemas();
    await screen.findByRole('cell', { name: 'Cine Centro, Cine Norte' });
    await user.click(screen.getByRole('button', { name: 'Modificar portero' }));
    const dialog = screen.getByRole('dialog', { name: 'Modificar portero' });
    const cinemas = within(dialog).getByRole('group', { name: 'Cines' });
    expect(within(cinemas).getByRole('checkbox', { name: /Cine Centro/ })).toBeChecked();
    await user.click(within(cinemas).getByRole('checkbox', { name: /Cine Centro/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Usuario actualizado con éxito.')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/admin/updateUser')[0]?.body).toEqual({ ...portero, cinemaIds: [NORTE] });
    await user.selectOptions(within(dialog).getByLabelText('Rol'), 'Usuario');
    expect(within(dialog).queryByRole('group', { name: 'Cines' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.requestsTo('PUT', '/api/admin/updateUser')).toHaveLength(2));
    const { cinemaIds: _dropped, ...asUser } = portero;
    expect(api.requestsTo('PUT', '/api/admin/updateUser')[1]?.body).toEqual({ ...asUser, role: 'user' });
  });
});
