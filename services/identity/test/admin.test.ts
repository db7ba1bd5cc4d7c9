import { localDateTime, type OrderPaid, type UserView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import {
  ADMIN,
  auth,
  login,
  newCredentials,
  register,
  signedInAdmin,
  signedInUser,
  startIdentity,
  type IdentityUnderTest,
  publishOutbox,
} from './helpers';

let identity: IdentityUnderTest;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  identity = await startIdentity();
  adminHeaders = (await signedInAdmin(identity.app)).headers;
});
afterAll(() => identity.close());

const endpoints = [
  { method: 'GET', url: '/admin' },
  { method: 'GET', url: '/admin/searchUser?username=a' },
  { method: 'DELETE', url: '/admin/deleteUser', payload: { email: 'alguien@cine.test' } },
  { method: 'PUT', url: '/admin/updateUser', payload: { id: '0123456789abcdef01234567', username: 'otro' } },
  { method: 'POST', url: '/admin/users/replay' },
] as const;

describe('admin endpoints', () => {
  it.each(endpoints)('$method $url answers 401 to a guest and 403 to a user', async (endpoint) => {
    const { headers } = await signedInUser(identity.app);

    const guest = await identity.app.inject({ ...endpoint });
    const user = await identity.app.inject({ ...endpoint, headers });

    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ statusCode: 403, error: 'Solo un administrador puede realizar esta acción.' });
  });
});

describe('GET /admin', () => {
  it('lists every user with id, username, e-mail and role only', async () => {
    const user = await register(identity.app);

    const response = await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders });

    expect(response.statusCode).toBe(200);
    const users = response.json<UserView[]>();
    expect(users).toContainEqual({ id: user.id, username: user.username, email: user.email, role: 'user' });
    expect(users).toContainEqual(expect.objectContaining({ email: ADMIN.email, role: 'admin' }));
    for (const listed of users) expect(Object.keys(listed).sort()).toEqual(['email', 'id', 'role', 'username']);
    expect(response.body).not.toContain('argon2');
  });
});

describe('GET /admin/searchUser', () => {
  it('finds users by part of the username, ignoring case', async () => {
    const maria = await register(identity.app, newCredentials({ username: 'MariaLuz' }));
    const mario = await register(identity.app, newCredentials({ username: 'mario_rossi' }));
    await register(identity.app, newCredentials({ username: 'Pedro' }));

    const response = await identity.app.inject({ method: 'GET', url: '/admin/searchUser?username=MARI', headers: adminHeaders });

    expect(response.statusCode).toBe(200);
    expect(response.json<UserView[]>().map((u) => u.id)).toEqual([maria.id, mario.id]);
  });

  it('treats the text literally, not as a pattern, and answers an empty list when nothing matches', async () => {
    const dotted = await register(identity.app, newCredentials({ username: 'j.p(1)' }));
    await register(identity.app, newCredentials({ username: 'jxp' }));

    const literal = await identity.app.inject({
      method: 'GET',
      url: `/admin/searchUser?username=${encodeURIComponent('j.p(1')}`,
      headers: adminHeaders,
    });
    const wildcard = await identity.app.inject({
      method: 'GET',
      url: `/admin/searchUser?username=${encodeURIComponent('.*')}`,
      headers: adminHeaders,
    });
    const none = await identity.app.inject({ method: 'GET', url: '/admin/searchUser?username=zzzz', headers: adminHeaders });

    expect(literal.json<UserView[]>().map((u) => u.id)).toEqual([dotted.id]);
    expect(wildcard.json()).toEqual([]);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });
});

describe('DELETE /admin/deleteUser', () => {
  it('deletes the user: their token and login stop working, the e-mail is free again, user.deleted is published', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const response = await identity.app.inject({
      method: 'DELETE',
      url: '/admin/deleteUser',
      headers: adminHeaders,
      payload: { email: user.email },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Usuario eliminado.' });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(401);
    const relogin = await identity.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(relogin.statusCode).toBe(401);
    const list = await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders });
    expect(list.json<UserView[]>().map((u) => u.id)).not.toContain(user.id);
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({ type: 'user.deleted', data: { userId: user.id, email: user.email } }),
    );
    expect(identity.app.credentials.accepts({ sub: user.id, role: 'user', ver: 1 })).toBe(false);
    const again = await register(identity.app, newCredentials({ email: user.email }));
    expect(again.id).not.toBe(user.id);
  });

  it('refuses a user with paid tickets of shows not yet started (409 with the counts) until they are refunded', async () => {
    const { user } = await signedInUser(identity.app);
    const show = (days: number) => localDateTime(new Date(Date.now() + days * 86_400_000));
    const order = (seatLabels: string[], days: number): OrderPaid['data'] => ({
      orderId: new Types.ObjectId().toHexString(),
      userId: user.id,
      movieId: new Types.ObjectId().toHexString(),
      title: 'Función',
      showId: new Types.ObjectId().toHexString(),
      date: show(days).date,
      schedule: show(days).time,
      roomId: 1,
      type: '2D',
      seats: seatLabels.length,
      seatLabels,
      ticketTotal: 900 * seatLabels.length,
      candy: [],
      total: 900 * seatLabels.length,
      paidAt: new Date().toISOString(),
    });
    const upcoming = order(['F7', 'F8'], 3);
    await identity.context.bus.publish(createEvent('order.paid', upcoming));
    await identity.context.bus.publish(createEvent('order.paid', order(['A1'], -3)));
    const remove = () =>
      identity.app.inject({ method: 'DELETE', url: '/admin/deleteUser', headers: adminHeaders, payload: { email: user.email } });

    expect((await remove()).json()).toEqual({
      statusCode: 409,
      error:
        'No se puede eliminar el usuario: tiene 1 orden pagada, 2 entradas de funciones por venir. Reembolsa sus compras (o cancela esas funciones) primero; después se puede eliminar.',
      orders: 1,
      tickets: 2,
    });
    await identity.context.bus.publish(
      createEvent('order.refunded', {
        ...upcoming,
        refundId: new Types.ObjectId().toHexString(),
        ticketAmount: 1800,
        amount: 1800,
        reason: 'Pedido del cliente',
        by: 'admin',
        refundedAt: new Date().toISOString(),
      }),
    );
    expect((await remove()).json()).toEqual({ message: 'Usuario eliminado.' });
  });

  it('answers 404 for an unknown e-mail', async () => {
    const response = await identity.app.inject({
      method: 'DELETE',
      url: '/admin/deleteUser',
      headers: adminHeaders,
      payload: { email: 'nadie@cine.test' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'No existe un usuario con ese e-mail.' });
  });

  it('does not let an admin delete themselves', async () => {
    const response = await identity.app.inject({
      method: 'DELETE',
      url: '/admin/deleteUser',
      headers: adminHeaders,
      payload: { email: ADMIN.email },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'No puedes eliminar tu propia cuenta.' });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers: adminHeaders })).statusCode).toBe(200);
  });
});

describe('PUT /admin/updateUser', () => {
  it('changes username and e-mail; the user logs in with the new e-mail', async () => {
    const user = await register(identity.app);

    const response = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: user.id, username: 'Renombrada', email: 'Renombrada@Cine.test' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, username: 'Renombrada', email: 'renombrada@cine.test', role: 'user' });
    expect(await login(identity.app, 'renombrada@cine.test', user.password)).toEqual(expect.any(String));
  });

  it('takes back a user as GET /admin lists it (nothing changes, no event), and publishes user.updated on a rename', async () => {
    const user = await register(identity.app);
    const listed = (await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders }))
      .json<UserView[]>()
      .find((u) => u.id === user.id);
    expect(listed).toBeDefined();

    const same = await identity.app.inject({ method: 'PUT', url: '/admin/updateUser', headers: adminHeaders, payload: listed });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(listed);
    await publishOutbox(identity.app);
    expect(identity.published.filter((event) => event.type === 'user.updated' && event.data.userId === user.id)).toEqual([]);

    await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { ...listed, username: 'Nuevo Nombre' },
    });
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({ type: 'user.updated', version: 1, data: { userId: user.id, email: user.email, username: 'Nuevo Nombre' } }),
    );
  });

  it('refuses a rename to a reserved name or one with invisible characters, and keeps a reserved name that does not change', async () => {
    const user = await register(identity.app);
    const rename = (payload: Record<string, unknown>) =>
      identity.app.inject({ method: 'PUT', url: '/admin/updateUser', headers: adminHeaders, payload });

    const reserved = await rename({ id: user.id, username: 'Soporte' });
    const invisible = await rename({ id: user.id, username: 'ad\u200bmin' });
    const bidi = await rename({ id: user.id, username: '\u202eadmin' });

    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toEqual({ statusCode: 400, error: 'Ese nombre de usuario está reservado. Elige otro.' });
    expect(invisible.json()).toEqual({
      statusCode: 400,
      error: 'El nombre de usuario no puede tener caracteres invisibles ni de control.',
    });
    expect(bidi.json()).toEqual({ statusCode: 400, error: 'El nombre de usuario no puede tener caracteres invisibles ni de control.' });
    const listed = (await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders })).json<UserView[]>();
    expect(listed.find((u) => u.id === user.id)?.username).toBe(user.username);

    // The seeded administrator is called 'admin': saving that account as listed (same name) still works.
    const me = listed.find((u) => u.email === ADMIN.email);
    expect(me?.username).toBe('admin');
    const same = await rename({ ...me });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(me);
  });

  it("changes the role and ends that user's sessions, so a new token carries the new role", async () => {
    const { user, headers } = await signedInUser(identity.app);

    const response = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: user.id, role: 'admin' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('admin');
    expect((await identity.app.inject({ method: 'GET', url: '/auth/acceder', headers })).statusCode).toBe(401);
    const token = await login(identity.app, user.email, user.password);
    expect((await identity.app.inject({ method: 'GET', url: '/auth/acceder', headers: auth(token) })).json()).toEqual({ permitir: true });
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({ type: 'user.credentials-changed', data: { userId: user.id, credentialsVersion: 2 } }),
    );
  });

  it('answers 409 for an e-mail another user has, 404 for an unknown id, 400 for an own role change', async () => {
    const first = await register(identity.app);
    const second = await register(identity.app);
    const me = (await identity.app.inject({ method: 'GET', url: '/auth/me', headers: adminHeaders })).json<UserView>();

    const taken = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: second.id, email: first.email },
    });
    const unknown = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: '0123456789abcdef01234567', username: 'x' },
    });
    const ownRole = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: me.id, role: 'user' },
    });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, error: 'Ya existe un usuario registrado con ese e-mail.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'No existe un usuario con ese id.' });
    expect(ownRole.statusCode).toBe(400);
    expect(ownRole.json()).toEqual({ statusCode: 400, error: 'No puedes cambiar tu propio rol.' });
  });
});

describe('POST /admin/users/replay', () => {
  it("publishes user.updated with every user's current e-mail and name (the projections' backfill), again on a second call", async () => {
    const user = await register(identity.app);
    await publishOutbox(identity.app);
    const updatesOf = () => identity.published.filter((event) => event.type === 'user.updated' && event.data.userId === user.id);
    const listed = (await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders })).json<UserView[]>();

    const first = await identity.app.inject({ method: 'POST', url: '/admin/users/replay', headers: adminHeaders });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ republished: number }>().republished).toBe(listed.length);
    expect(updatesOf().map((event) => event.data)).toEqual([{ userId: user.id, email: user.email, username: user.username }]);

    await identity.app.inject({ method: 'POST', url: '/admin/users/replay', headers: adminHeaders });
    expect(updatesOf()).toHaveLength(2);
    // No other event (a welcome mail comes from user.registered) follows.
    expect(identity.published.filter((event) => event.type === 'user.registered' && event.data.userId === user.id)).toHaveLength(1);
  });
});
