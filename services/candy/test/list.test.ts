import type { CandyView, Page } from '@cine/contracts';
import { adminHeaders, candyForm, startCandy, type CandyUnderTest } from './helpers';

let candy: CandyUnderTest;
let all: CandyView[];

beforeAll(async () => {
  candy = await startCandy();
  const headers = adminHeaders(candy.app);
  for (const [name, price] of [
    ['Ñandú Dulce', 900],
    ['Agua', 300],
    ['Maní', 450],
    ['Turrón', 500],
    ['Limonada', 650],
  ] as const) {
    expect((await candy.app.inject({ method: 'POST', url: '/candy', headers, payload: candyForm({ name, price }) })).statusCode).toBe(201);
  }
  all = (await candy.app.inject({ method: 'GET', url: '/candy' })).json<CandyView[]>();
});
afterAll(() => candy.close());

const page = async (query: string) => {
  const response = await candy.app.inject({ method: 'GET', url: `/candy?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<Page<CandyView>>();
};

describe('GET /candy paged (Candy)', () => {
  it('answers pages of the menu by name with the total; the pages add up to the whole menu', async () => {
    expect(all.length).toBeGreaterThan(10);
    const first = await page('page=1&pageSize=10');
    const second = await page('page=2&pageSize=10');

    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 10 });
    expect([...first.items, ...second.items]).toEqual(all.slice(0, 20));
  });

  it('sorts by price either way and finds by a part of the name, accents and case ignored', async () => {
    const cheapest = await page('page=1&pageSize=100&sort=price');
    const dearest = await page('page=1&pageSize=100&sort=-price');
    const found = await page('page=1&q=NANDU');

    expect(cheapest.items.map((item) => item.price)).toEqual([...all.map((item) => item.price)].sort((a, b) => a - b));
    expect(dearest.items[0]!.price).toBe(Math.max(...all.map((item) => item.price)));
    expect(found).toEqual({ items: [expect.objectContaining({ name: 'Ñandú Dulce', price: 900 })], total: 1, page: 1, pageSize: 25 });
  });

  it.each([
    ['page=1&sort=quantity', "El campo 'sort' tiene un valor no permitido."],
    ['page=1&pageSize=5', "El campo 'pageSize' tiene un valor no permitido."],
    ['page=1&name=agua', "El campo 'name' no está permitido."],
  ])('answers 400 with a Spanish message to %s', async (query, message) => {
    const response = await candy.app.inject({ method: 'GET', url: `/candy?${query}` });

    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });
});
