import type { CandyFacts, CandyView } from '@cine/contracts';
import { adminHeaders, startCandy, type CandyUnderTest } from './helpers';

const SEEDED = ['cafe', 'COMBO GRANDE', 'COMBO ICEE', 'COMBO NACHOS', 'COMBO TRADICIONAL', 'hotdog', 'refresco'];

describe('the seeded concession stand', () => {
  let candy: CandyUnderTest;

  beforeAll(async () => {
    candy = await startCandy();
  });
  afterAll(() => candy.close());

  it('lists the four combos and the plain items by name, with prices in cents, stock and local pictures', async () => {
    const response = await candy.app.inject({ method: 'GET', url: '/candy' });

    expect(response.statusCode).toBe(200);
    const items = response.json<CandyView[]>();
    expect(items.map((item) => item.name)).toEqual(SEEDED);
    expect(items.find((item) => item.name === 'COMBO NACHOS')).toMatchObject({
      price: 1250,
      quantity: 500,
      picture: '/api/candy/pictures/combo-nachos.svg',
    });
    for (const item of items) {
      expect(item.id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isInteger(item.price) && item.price > 0).toBe(true);
      expect(item.picture).toMatch(/^\/api\/candy\/pictures\/[a-z-]+\.svg$/);
    }
  });

  it('publishes candy.created for every seeded item, so booking can price the cart', async () => {
    const items = await candy.app.inject({ method: 'GET', url: '/candy' }).then((r) => r.json<CandyView[]>());
    const created = candy.published.filter((event) => event.type === 'candy.created').map((event) => event.data as CandyFacts);

    expect(created).toHaveLength(items.length);
    expect(created).toEqual(
      expect.arrayContaining(
        items.map((item) => ({ candyId: item.id, name: item.name, price: item.price, picture: item.picture, quantity: item.quantity })),
      ),
    );
  });

  it('serves each seeded picture as an SVG with a long cache, and 404 for others', async () => {
    const items = await candy.app.inject({ method: 'GET', url: '/candy' }).then((r) => r.json<CandyView[]>());
    for (const item of items) {
      const response = await candy.app.inject({ method: 'GET', url: item.picture.replace(/^\/api/, '') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=604800');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(response.body).toContain(`>${item.name.toUpperCase()}</text>`);
    }
    for (const url of ['/candy/pictures/pochoclo.svg', '/candy/pictures/combo-nachos.png', '/candy/pictures/..%2Fsecret.svg']) {
      const response = await candy.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'No existe la imagen.' });
    }
  });

  it('seeds only once: a restart on the same database adds nothing and publishes nothing', async () => {
    const before = candy.published.length;
    const again = await startCandy(candy.context);
    try {
      expect((await again.app.inject({ method: 'GET', url: '/candy' })).json<CandyView[]>()).toHaveLength(SEEDED.length);
      expect(again.published).toEqual([]);
      expect(candy.published).toHaveLength(before);
    } finally {
      await again.app.close();
    }
  });

  it('does not bring the seed back after the admin deleted every item', async () => {
    const headers = adminHeaders(candy.app);
    const items = await candy.app.inject({ method: 'GET', url: '/candy' }).then((r) => r.json<CandyView[]>());
    for (const item of items) {
      expect((await candy.app.inject({ method: 'DELETE', url: `/candy/${item.id}`, headers })).statusCode).toBe(200);
    }

    const again = await startCandy(candy.context);
    try {
      expect((await again.app.inject({ method: 'GET', url: '/candy' })).json()).toEqual([]);
    } finally {
      await again.app.close();
    }
  });
});
