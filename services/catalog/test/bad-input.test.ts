import type { InjectOptions } from 'fastify';
import { adminHeaders, movieForm, signedInUser, startCatalog, type CatalogUnderTest, type MovieBody } from './helpers';

let catalog: CatalogUnderTest;
let movie: MovieBody;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  catalog = await startCatalog();
  [movie] = (await catalog.app.inject({ method: 'GET', url: '/movies/billboard' })).json<MovieBody[]>() as [MovieBody];
  user = await signedInUser(catalog);
});
afterAll(() => catalog.close());

interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  headers: () => Record<string, string>;
  valid: () => Record<string, unknown>;
  textFields: string[];
}

const TEXT_FIELDS = ['Title', 'Poster', 'Rated', 'Plot', 'Genre', 'Actors', 'Director', 'Language', 'Release', 'Trailer', 'Type'];

const endpoints: BodyEndpoint[] = [
  {
    name: 'createMovie',
    method: 'POST',
    url: () => '/movies/createMovie',
    headers: () => adminHeaders(catalog.app),
    valid: () => movieForm(),
    textFields: TEXT_FIELDS,
  },
  {
    name: 'update',
    method: 'PUT',
    url: () => `/movies/update/${movie.id}`,
    headers: () => adminHeaders(catalog.app),
    valid: () => ({ Title: movie.Title }),
    textFields: TEXT_FIELDS,
  },
  {
    name: 'comments/add',
    method: 'POST',
    url: () => `/comments/add/${movie.id}?userId=${user.id}`,
    headers: () => user.headers,
    valid: () => ({ Text: 'Hola' }),
    textFields: ['Text'],
  },
  {
    name: 'feedback/add',
    method: 'POST',
    url: () => `/feedback/add/${user.id}`,
    headers: () => user.headers,
    valid: () => ({ Text: 'Hola' }),
    textFields: ['Text'],
  },
];

function send(endpoint: BodyEndpoint, options: Omit<InjectOptions, 'method' | 'url'>) {
  return catalog.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    ...options,
    headers: { ...endpoint.headers(), ...(options.headers as Record<string, string>) },
  });
}

const wrongValues: Array<[string, unknown]> = [
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['a MongoDB operator', { $gt: '' }],
  ['a list', ['x']],
];

const fieldCases = endpoints.flatMap((endpoint) =>
  endpoint.textFields.flatMap((field) =>
    wrongValues.map(([label, value]) => ({ name: `${endpoint.name}: ${label} for '${field}'`, endpoint, field, value })),
  ),
);

describe('bad input on every endpoint with a body', () => {
  it.each(fieldCases)('$name → 400 in Spanish', async ({ endpoint, field, value }) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), [field]: value } });

    expect(response.json()).toEqual({ statusCode: 400, error: `El campo '${field}' debe ser texto.` });
  });

  it.each([
    ['a boolean', true],
    ['a MongoDB operator', { $gt: 0 }],
    ['null', null],
  ])("createMovie: %s for 'Runtime' → 400", async (_label, value) => {
    const response = await send(endpoints[0]!, { payload: movieForm({ Runtime: value }) });

    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'Runtime' debe ser texto o número." });
  });

  it.each(endpoints)('$name: an unknown field → 400', async (endpoint) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), isAdmin: true } });

    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'isAdmin' no está permitido." });
  });

  it.each(endpoints)('$name: a list instead of an object, or broken JSON → 400', async (endpoint) => {
    const list = await send(endpoint, { payload: [endpoint.valid()] });
    const broken = await send(endpoint, { headers: { 'content-type': 'application/json' }, payload: '{"Text":' });

    expect(list.json()).toEqual({ statusCode: 400, error: "El campo 'body' debe ser objeto." });
    expect(broken.json()).toEqual({ statusCode: 400, error: 'El cuerpo no es un JSON válido.' });
  });

  it.each(endpoints)('$name: a body over 64 KiB → 413', async (endpoint) => {
    const response = await send(endpoint, { payload: { ...endpoint.valid(), [endpoint.textFields[0]!]: 'x'.repeat(65 * 1024) } });

    expect(response.json()).toEqual({ statusCode: 413, error: 'El cuerpo de la solicitud es demasiado grande.' });
  });

  it('an operator in the query string is text, not a filter', async () => {
    const response = await catalog.app.inject({ method: 'GET', url: '/movies/search?name[$ne]=x' });

    expect(response.statusCode).toBe(400);
  });

  it('an unknown route answers 404 in Spanish', async () => {
    expect((await catalog.app.inject({ method: 'GET', url: '/movies/nada' })).json()).toEqual({
      statusCode: 404,
      error: 'No existe la ruta GET /movies/nada.',
    });
  });
});
