import { CINEMA_MESSAGES, FIRST_CINEMA_ID, type TokenClaims, type UserView } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import { auth, login, newCredentials, signedInAdmin, signedInUser, startIdentity, type IdentityUnderTest } from './helpers';

const NORTE = 'c1e000000000000000000002';
const CORDOBA = 'c1e000000000000000000003';
const UNKNOWN = 'c1e0000000000000000000ff';

let identity: IdentityUnderTest;
let adminHeaders: { authorization: string };

function cinemaSaved(cinemaId: string, name: string) {
  return createEvent('cinema.saved', {
    cinemaId,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    city: 'Buenos Aires',
    address: 'Av. Maipú 2500, Olivos',
    hours: 'Todos los días de 12 a 24',
    timeZone: 'America/Argentina/Buenos_Aires',
    rooms: [{ id: 6, name: 'Sala 1', capacity: 80 }],
  });
}

beforeAll(async () => {
  identity = await startIdentity();
  adminHeaders = (await signedInAdmin(identity.app)).headers;
  await identity.context.bus.publish(cinemaSaved(NORTE, 'Cine Norte'));
  await identity.context.bus.publish(cinemaSaved(CORDOBA, 'Cine Córdoba'));
});
afterAll(() => identity.close());

async function registerAs(role: 'manager' | 'staff', cinemaIds?: string[]) {
  const credentials = newCredentials();
  const response = await identity.app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: adminHeaders,
    payload: { ...credentials, role, ...(cinemaIds ? { cinemaIds } : {}) },
  });
  return { response, credentials };
}

function claimsOf(token: string): TokenClaims {
  return identity.app.jwt.decode<TokenClaims>(token) as TokenClaims;
}

describe('POST /auth/register of a manager or staff member', () => {
  it('binds a manager to the cinemas given: the answer, /auth/me and the signed token carry them', async () => {
    const { response, credentials } = await registerAs('manager', [NORTE]);

    expect(response.statusCode).toBe(201);
    expect(response.json<UserView>()).toMatchObject({ role: 'manager', cinemaIds: [NORTE] });
    const token = await login(identity.app, credentials.email, credentials.password);
    expect(claimsOf(token)).toMatchObject({ role: 'manager', cin: [NORTE] });
    const me = await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) });
    expect(me.json<UserView>()).toMatchObject({ role: 'manager', cinemaIds: [NORTE] });
  });

  it('answers 400 in Spanish for a manager or staff member without cinemas', async () => {
    for (const [role, cinemaIds] of [
      ['manager', undefined],
      ['manager', []],
      ['staff', []],
    ] as const) {
      const { response } = await registerAs(role, cinemaIds ? [...cinemaIds] : undefined);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: CINEMA_MESSAGES.cinemasRequired });
    }
  });

  it('answers 404 for a cinema the chain does not have, and registers nobody', async () => {
    const { response, credentials } = await registerAs('staff', [NORTE, UNKNOWN]);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: CINEMA_MESSAGES.cinemaNotFound });
    const list = await identity.app.inject({ method: 'GET', url: '/admin', headers: adminHeaders });
    expect(list.json<UserView[]>().map((user) => user.email)).not.toContain(credentials.email);
  });

  it('always knows the first cinema, even before booking announced it', async () => {
    const { response } = await registerAs('staff', [FIRST_CINEMA_ID]);

    expect(response.statusCode).toBe(201);
    expect(response.json<UserView>().cinemaIds).toEqual([FIRST_CINEMA_ID]);
  });

  it('refuses a manager from anyone but an admin', async () => {
    const { headers } = await signedInUser(identity.app);
    const guest = await identity.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { ...newCredentials(), role: 'manager', cinemaIds: [NORTE] },
    });
    const user = await identity.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers,
      payload: { ...newCredentials(), role: 'manager', cinemaIds: [NORTE] },
    });

    expect(guest.statusCode).toBe(403);
    expect(user.statusCode).toBe(403);
  });

  it('gives a buyer no cinemas, in the answer or the token, whatever was sent', async () => {
    const credentials = newCredentials();
    const response = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: { ...credentials, cinemaIds: [NORTE] } });

    expect(response.statusCode).toBe(201);
    expect(response.json<UserView>().cinemaIds).toBeUndefined();
    expect(claimsOf(await login(identity.app, credentials.email, credentials.password)).cin).toBeUndefined();
  });
});

describe('staff registered before the chain', () => {
  it('work at the first cinema: listed, answered and signed with it', async () => {
    const { response, credentials } = await registerAs('staff', [NORTE]);
    const id = response.json<UserView>().id;
    // As an installation before issue 38 stored them: no cinemas at all.
    await identity.context.db.collection('users').updateOne({ _id: new Types.ObjectId(id) }, { $unset: { cinemaIds: 1 } });

    const token = await login(identity.app, credentials.email, credentials.password);
    expect(claimsOf(token).cin).toEqual([FIRST_CINEMA_ID]);
    const me = await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) });
    expect(me.json<UserView>().cinemaIds).toEqual([FIRST_CINEMA_ID]);

    // Renamed by an admin: still the first cinema's, and their session goes on (nothing of their scope changed).
    const renamed = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id, username: 'Portera' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<UserView>()).toMatchObject({ username: 'Portera', role: 'staff', cinemaIds: [FIRST_CINEMA_ID] });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) })).statusCode).toBe(200);
  });
});

describe("PUT /admin/updateUser of a user's cinemas", () => {
  it('moves a manager to another cinema and ends their sessions, so no token keeps the old cinema', async () => {
    const { response, credentials } = await registerAs('manager', [NORTE]);
    const { id } = response.json<UserView>();
    const oldToken = await login(identity.app, credentials.email, credentials.password);

    const updated = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id, cinemaIds: [CORDOBA] },
    });

    expect(updated.statusCode).toBe(200);
    expect(updated.json<UserView>()).toMatchObject({ role: 'manager', cinemaIds: [CORDOBA] });
    const old = await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(oldToken) });
    expect(old.statusCode).toBe(401);
    expect(identity.app.credentials.accepts(claimsOf(oldToken))).toBe(false);
    expect(claimsOf(await login(identity.app, credentials.email, credentials.password)).cin).toEqual([CORDOBA]);
    const list = await identity.app.inject({ method: 'GET', url: '/admin?role=manager', headers: adminHeaders });
    expect(list.json<UserView[]>()).toContainEqual(expect.objectContaining({ id, cinemaIds: [CORDOBA] }));
  });

  it('keeps the sessions when the cinemas sent are the same set', async () => {
    const { response, credentials } = await registerAs('manager', [NORTE, CORDOBA]);
    const { id } = response.json<UserView>();
    const token = await login(identity.app, credentials.email, credentials.password);

    await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id, cinemaIds: [CORDOBA, NORTE] },
    });

    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) })).statusCode).toBe(200);
  });

  it('asks for cinemas when a buyer becomes staff, refuses an unknown one, and drops them for a buyer again', async () => {
    const { user } = await signedInUser(identity.app);
    const put = (payload: object) =>
      identity.app.inject({ method: 'PUT', url: '/admin/updateUser', headers: adminHeaders, payload: { id: user.id, ...payload } });

    expect((await put({ role: 'staff' })).json()).toEqual({ statusCode: 400, error: CINEMA_MESSAGES.cinemasRequired });
    expect((await put({ role: 'staff', cinemaIds: [UNKNOWN] })).statusCode).toBe(404);
    expect((await put({ role: 'staff', cinemaIds: [NORTE] })).json<UserView>()).toMatchObject({ role: 'staff', cinemaIds: [NORTE] });
    const buyer = await put({ role: 'user' });
    expect(buyer.json<UserView>()).toEqual({ id: user.id, username: user.username, email: user.email, role: 'user' });
  });
});
