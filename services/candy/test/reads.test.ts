import type { CandyView } from '@cine/contracts';
import { adminHeaders, candyForm, startCandy, userHeaders, type CandyUnderTest } from './helpers';

describe('reading the candy items', () => {
  let candy: CandyUnderTest;

  beforeAll(async () => {
    candy = await startCandy();
    const headers = adminHeaders(candy.app);
    for (const name of ['Café con Leche', 'Chocolate', 'Combo (doble) *especial*']) {
      expect((await candy.app.inject({ method: 'POST', url: '/candy', headers, payload: candyForm({ name }) })).statusCode).toBe(201);
    }
  });
  afterAll(() => candy.close());

  const search = async (query: string) => {
    const response = await candy.app.inject({ method: 'GET', url: `/candy/searchCandy${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<CandyView[]>().map((item) => item.name);
  };

  it('GET /candy lists every item by name ignoring case and accents, for guests, users and admins alike', async () => {
    const names = [
      'cafe',
      'Café con Leche',
      'Chocolate',
      'Combo (doble) *especial*',
      'COMBO GRANDE',
      'COMBO ICEE',
      'COMBO NACHOS',
      'COMBO TRADICIONAL',
      'hotdog',
      'refresco',
    ];
    for (const headers of [{}, userHeaders(candy.app), adminHeaders(candy.app)]) {
      const response = await candy.app.inject({ method: 'GET', url: '/candy', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      expect(response.json<CandyView[]>().map((item) => item.name)).toEqual(names);
    }
    expect((await candy.app.inject({ method: 'GET', url: '/candy/' })).json()).toHaveLength(names.length);
  });

  it('searches part of the name ignoring case and accents', async () => {
    expect(await search('?name=combo')).toEqual([
      'Combo (doble) *especial*',
      'COMBO GRANDE',
      'COMBO ICEE',
      'COMBO NACHOS',
      'COMBO TRADICIONAL',
    ]);
    expect(await search('?name=NACH')).toEqual(['COMBO NACHOS']);
    expect(await search('?name=CAFÉ')).toEqual(['cafe', 'Café con Leche']);
    expect(await search('?name=%20leche%20')).toEqual(['Café con Leche']);
  });

  it('takes the text literally, not as a pattern', async () => {
    expect(await search('?name=(doble)%20*')).toEqual(['Combo (doble) *especial*']);
    expect(await search('?name=.*')).toEqual([]);
    expect(await search('?name=%5B')).toEqual([]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('?name=pizza')).toEqual([]);
  });

  it('answers every item for an empty or absent name', async () => {
    expect(await search('?name=')).toHaveLength(10);
    expect(await search('')).toHaveLength(10);
  });

  it('answers 400 for a name that is too long or an unknown parameter', async () => {
    for (const query of [`?name=${'a'.repeat(101)}`, '?nombre=cafe']) {
      const response = await candy.app.inject({ method: 'GET', url: `/candy/searchCandy${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: expect.any(String) });
    }
  });

  it("does not own the cart paths: /candy/add and /candy/delete are booking's", async () => {
    const headers = userHeaders(candy.app);
    for (const url of ['/candy/add', '/candy/delete']) {
      expect((await candy.app.inject({ method: 'POST', url, headers, payload: { index: 'x', quantity: 1, userId: 'u' } })).statusCode).toBe(
        404,
      );
    }
  });
});
