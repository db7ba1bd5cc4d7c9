import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import type { User } from '../api/users';
import { UsersSection } from './UsersSection';

const TOKEN = 'admin-token';
const me: User = { id: 'a1', username: 'root', email: 'admin@cine.local', role: 'admin' };
const ana: User = { id: 'u1', username: 'ana', email: 'ana@cine.test', role: 'user' };
const beto: User = { id: 'u2', username: 'beto', email: 'beto@cine.test', role: 'user' };

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/admin', { status: 200, body: [me, ana, beto] });
});

const renderSection = () => render(<UsersSection token={TOKEN} currentUserId={me.id} />);

test("lists the users with the spec columns, sending the token; no trash icon on the admin's own row", async () => {
  renderSection();
  expect(screen.getByRole('status')).toHaveTextContent('Cargando usuarios…');
  const table = await screen.findByRole('table', { name: 'Usuarios registrados' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Nombre', 'Email', 'Rol', 'Borrar']);
  expect(within(table).getAllByRole('row')).toHaveLength(4);
  expect(within(table).getByRole('cell', { name: 'ana@cine.test' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Borrar ana' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Borrar root' })).not.toBeInTheDocument();
  expect(api.onlyRequestTo('GET', '/api/admin').headers.Authorization).toBe(`Bearer ${TOKEN}`);
});

test("searches by username with 'Buscar', and 'Ver todos' reloads the full list", async () => {
  api.on('GET', '/api/admin/searchUser?username=an', { status: 200, body: [ana] });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.type(screen.getByPlaceholderText('Buscar usuario...'), 'an');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'Ver todos' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  expect(screen.getByPlaceholderText('Buscar usuario...')).toHaveValue('');
});

test('an empty list, an empty search and a failed load say so in Spanish; Reintentar loads again', async () => {
  api.on('GET', '/api/admin/searchUser?username=zz', { status: 200, body: [] });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.type(screen.getByPlaceholderText('Buscar usuario...'), 'zz');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(await screen.findByText('No hay usuarios cuyo nombre contenga «zz».')).toBeInTheDocument();

  api.on('GET', '/api/admin', { status: 503, body: { statusCode: 503, error: 'El servicio no está disponible.' } });
  await user.click(screen.getByRole('button', { name: 'Ver todos' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los usuarios. El servicio no está disponible.');
  api.on('GET', '/api/admin', { status: 200, body: [] });
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('No hay usuarios registrados.')).toBeInTheDocument();
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
  expect(api.requestsTo('GET', '/api/admin')).toHaveLength(2);
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
  ).toEqual(['Seleccione un rol', 'Usuario', 'Personal', 'Administrador']);
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
