import type { IncomingHttpHeaders } from 'node:http';
import { ResponseCache } from './response-cache';

describe('ResponseCache.freshnessOf: what a shared cache may store (RFC 9111)', () => {
  it.each([
    ['public, max-age=0, s-maxage=5', 5000],
    ['public, max-age=30', 30_000],
    ['public, s-maxage="7"', 7000],
  ])('stores a 200 with %s for %d ms', (cacheControl, ms) => {
    expect(ResponseCache.freshnessOf(200, { 'cache-control': cacheControl })).toBe(ms);
  });

  it.each<[string, number, IncomingHttpHeaders]>([
    ['no Cache-Control', 200, {}],
    ['max-age without public', 200, { 'cache-control': 'max-age=60' }],
    ['private', 200, { 'cache-control': 'public, private, max-age=60' }],
    ['no-store', 200, { 'cache-control': 'public, no-store, max-age=60' }],
    ['no lifetime', 200, { 'cache-control': 'public' }],
    ['a zero lifetime', 200, { 'cache-control': 'public, max-age=0' }],
    ['a cookie', 200, { 'cache-control': 'public, max-age=60', 'set-cookie': ['a=b'] }],
    ['Vary: *', 200, { 'cache-control': 'public, max-age=60', vary: '*' }],
    ['an error status', 404, { 'cache-control': 'public, max-age=60' }],
  ])('refuses an answer with %s', (_case, status, headers) => {
    expect(ResponseCache.freshnessOf(status, headers)).toBeUndefined();
  });
});

describe('ResponseCache.policyFor', () => {
  it.each([
    ['a plain GET', 'GET', {}, { lookup: true, store: true }],
    ['a GET with no-cache (refreshes the entry)', 'GET', { 'cache-control': 'no-cache' }, { lookup: false, store: true }],
    ['a GET with Pragma: no-cache', 'GET', { pragma: 'no-cache' }, { lookup: false, store: true }],
    ['a GET with no-store', 'GET', { 'cache-control': 'max-age=0, no-store' }, { lookup: false, store: false }],
    ['a POST', 'POST', {}, { lookup: false, store: false }],
  ])('%s', (_case, method, headers, policy) => {
    expect(ResponseCache.policyFor(method, headers)).toEqual(policy);
  });
});

describe('ResponseCache entries', () => {
  const headers = {
    'content-type': 'application/json',
    'cache-control': 'public, s-maxage=5',
    'set-cookie-like': 'x',
    connection: 'keep-alive',
  };

  it('replays the answer while fresh and forgets it once stale', () => {
    let now = 1_000;
    const cache = new ResponseCache({ now: () => now });
    cache.store('/movies/billboard', 'catalog', 200, headers, Buffer.from('[]'), 5000);
    now += 4_999;
    expect(cache.get('/movies/billboard')).toMatchObject({
      statusCode: 200,
      body: Buffer.from('[]'),
      headers: { 'content-type': 'application/json', 'cache-control': 'public, s-maxage=5' },
    });
    expect(cache.get('/movies/billboard')?.headers).not.toHaveProperty('connection');
    now += 1;
    expect(cache.get('/movies/billboard')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps the service's own security headers (an SVG's CSP)", () => {
    const cache = new ResponseCache();
    const svg = {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    };
    cache.store('/uploads/posters/a.svg', 'catalog', 200, svg, Buffer.from('<svg/>'), 5000);
    expect(cache.get('/uploads/posters/a.svg')?.headers).toMatchObject({
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    });
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    for (const key of ['/a', '/b', '/c']) cache.store(key, 'catalog', 200, headers, Buffer.from(key), 5000);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')?.body.toString()).toBe('/b');
    expect(cache.get('/c')?.body.toString()).toBe('/c');
  });

  it('does not store answers larger than maxBodyBytes', () => {
    const cache = new ResponseCache({ maxBodyBytes: 4 });
    cache.store('/big', 'catalog', 200, headers, Buffer.from('12345'), 5000);
    expect(cache.get('/big')).toBeUndefined();
  });

  it('drops the entries of one service only', () => {
    const cache = new ResponseCache();
    cache.store('/movies/billboard', 'catalog', 200, headers, Buffer.from('m'), 5000);
    cache.store('/candy', 'candy', 200, headers, Buffer.from('c'), 5000);
    cache.invalidate('catalog');
    expect(cache.get('/movies/billboard')).toBeUndefined();
    expect(cache.get('/candy')).toBeDefined();
  });
});
