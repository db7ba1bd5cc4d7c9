import type { InjectOptions } from 'fastify';
import { ADMIN, login, register, signedInAdmin, startIdentity, type IdentityUnderTest } from './helpers';

let identity: IdentityUnderTest;
let adminHeaders: { authorization: string };
let existing: { email: string; password: string; id: string };

beforeAll(async () => {
  identity = await startIdentity();
  adminHeaders = (await signedInAdmin(identity.app)).headers;
  existing = await register(identity.app);
});
afterAll(() => identity.close());

interface BodyEndpoint {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  admin?: boolean;
  valid: () => Record<string, unknown>;
  fields: string[];
  required: string[];
}

// `valid` is called inside the tests, once `existing` is registered.
const bodyEndpoints: BodyEndpoint[] = [
  {
    method: 'POST',
    url: '/auth/register',
    valid: () => ({ email: 'bad@cine.test', username: 'bad', password: 'palomitas123' }),
    fields: ['email', 'username', 'password', 'role'],
    required: ['email', 'username', 'password'],
  },
  {
    method: 'POST',
    url: '/auth/login',
    valid: () => ({ email: existing.email, password: existing.password }),
    fields: ['email', 'password'],
    required: ['email', 'password'],
  },
  {
    method: 'PUT',
    url: '/auth/password',
    admin: true,
    valid: () => ({ email: existing.email, password: 'palomitas123', currentPassword: ADMIN.password, role: 'user', username: 'x' }),
    fields: ['email', 'password', 'currentPassword', 'role', 'username'],
    required: ['email', 'password', 'currentPassword'],
  },
  {
    method: 'DELETE',
    url: '/admin/deleteUser',
    admin: true,
    valid: () => ({ email: 'nadie@cine.test' }),
    fields: ['email'],
    required: ['email'],
  },
  {
    method: 'PUT',
    url: '/admin/updateUser',
    admin: true,
    valid: () => ({ id: existing.id, username: 'nombre', email: 'nuevo@cine.test', role: 'user' }),
    fields: ['id', 'username', 'email', 'role'],
    required: ['id'],
  },
  { method: 'POST', url: '/mailing/recuperarpassword', valid: () => ({ email: existing.email }), fields: ['email'], required: ['email'] },
  {
    method: 'POST',
    url: '/mailing/resetpassword',
    valid: () => ({ email: existing.email, code: '123456', password: 'palomitas123' }),
    fields: ['email', 'code', 'password'],
    required: ['email', 'code', 'password'],
  },
];

function send(endpoint: BodyEndpoint, options: Omit<InjectOptions, 'method' | 'url'>) {
  const headers = { ...(endpoint.admin ? adminHeaders : {}), ...(options.headers as Record<string, string> | undefined) };
  return identity.app.inject({ method: endpoint.method, url: endpoint.url, ...options, headers });
}

const wrongValues: Array<[string, unknown]> = [
  ['a number', 12345678],
  ['a boolean', true],
  ['null', null],
  ['a MongoDB operator', { $gt: '' }],
  ['a list', ['a@cine.test']],
];

const fieldCases = bodyEndpoints.flatMap((endpoint) =>
  endpoint.fields.flatMap((field) =>
    wrongValues.map(([label, value]) => ({ name: `${endpoint.method} ${endpoint.url}: ${label} for '${field}'`, endpoint, field, value })),
  ),
);

describe('bad input on every endpoint with a body', () => {
  it.each(fieldCases)('$name → 400 in Spanish', async ({ endpoint, field, value }) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), [field]: value } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: `El campo '${field}' debe ser texto.` });
  });

  const missingCases = bodyEndpoints.flatMap((endpoint) =>
    endpoint.required.map((field) => ({ name: `${endpoint.method} ${endpoint.url} without '${field}'`, endpoint, field })),
  );
  it.each(missingCases)('$name → 400 in Spanish', async ({ endpoint, field }) => {
    const payload = endpoint.valid();
    delete payload[field];

    const response = await send(endpoint, { payload });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: `Falta el campo obligatorio '${field}'.` });
  });

  it.each(bodyEndpoints)('$method $url: an unknown field → 400', async (endpoint) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), isAdmin: true } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'isAdmin' no está permitido." });
  });

  it.each(bodyEndpoints)('$method $url: a list instead of an object, or no JSON → 400', async (endpoint) => {
    const list = await send(endpoint, { payload: [endpoint.valid()] });
    const broken = await send(endpoint, { headers: { 'content-type': 'application/json' }, payload: '{"email":' });

    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ statusCode: 400, error: "El campo 'body' debe ser objeto." });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ statusCode: 400, error: 'El cuerpo no es un JSON válido.' });
  });

  it.each(bodyEndpoints)('$method $url: a body over 64 KiB → 413', async (endpoint) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), email: `${'x'.repeat(65 * 1024)}@cine.test` } });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'El cuerpo de la solicitud es demasiado grande.' });
  });

  it.each([
    ['/auth/register', { email: 'no-es-mail', username: 'x', password: 'palomitas123' }, "El campo 'email' debe ser un e-mail válido."],
    [
      '/auth/register',
      { email: 'ok@cine.test', username: '   ', password: 'palomitas123' },
      "El campo 'username' no tiene un formato válido.",
    ],
    [
      '/auth/register',
      { email: 'ok@cine.test', username: 'x', password: 'palomitas123', role: 'root' },
      "El campo 'role' tiene un valor no permitido.",
    ],
    ['/auth/login', { email: 'a@cine.test', password: '' }, "El campo 'password' no puede estar vacío."],
    [
      '/mailing/resetpassword',
      { email: 'a@cine.test', code: '12ab56', password: 'palomitas123' },
      "El campo 'code' no tiene un formato válido.",
    ],
  ])('POST %s with out-of-range values → 400', async (url, payload, error) => {
    const response = await identity.app.inject({ method: 'POST', url, payload });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error });
  });

  it('PUT /admin/updateUser with an id that is not one → 400', async () => {
    const response = await identity.app.inject({
      method: 'PUT',
      url: '/admin/updateUser',
      headers: adminHeaders,
      payload: { id: '../../etc', username: 'x' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'id' no tiene un formato válido." });
  });
});

describe('bad input on GET /admin/searchUser', () => {
  it.each([
    ['no username', '/admin/searchUser', "Falta el campo obligatorio 'username'."],
    ['a MongoDB operator in brackets', '/admin/searchUser?username[$ne]=x', "Falta el campo obligatorio 'username'."],
    ['an unknown parameter', '/admin/searchUser?username=a&role=admin', "El campo 'role' no está permitido."],
    [
      'a username over 50 characters',
      `/admin/searchUser?username=${'a'.repeat(51)}`,
      "El campo 'username' admite como máximo 50 caracteres.",
    ],
    ['two usernames', '/admin/searchUser?username=a&username=b', "El campo 'username' debe ser texto."],
  ])('%s → 400 in Spanish', async (_case, url, error) => {
    const response = await identity.app.inject({ method: 'GET', url, headers: adminHeaders });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error });
  });
});

describe('after all that bad input', () => {
  it('still serves: the health check is up and a login works', async () => {
    const health = await identity.app.inject({ method: 'GET', url: '/health' });

    expect(health.json()).toEqual({ status: 'ok', database: 'up', broker: 'up' });
    expect(await login(identity.app, existing.email, existing.password)).toEqual(expect.any(String));
  });

  it('answers unknown paths with a Spanish 404', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/auth/nada' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'No existe la ruta GET /auth/nada.' });
  });
});
