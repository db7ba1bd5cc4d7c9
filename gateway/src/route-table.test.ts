import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, rateLimitedAuthPaths, requiresToken, resolveRoute, routeEndpoints, routeTable } from './route-table';

describe('route table', () => {
  it.each([
    ['/auth/login', 'identity'],
    ['/auth/register', 'identity'],
    ['/auth/verifyrole', 'identity'],
    ['/auth/acceder', 'identity'],
    ['/auth/me', 'identity'],
    ['/auth/password', 'identity'],
    ['/admin', 'identity'],
    ['/admin/searchUser', 'identity'],
    ['/admin/deleteUser', 'identity'],
    ['/admin/updateUser', 'identity'],
    ['/mailing/recuperarpassword', 'identity'],
    ['/mailing/resetpassword', 'identity'],
    ['/mailing/newsletter', 'notification'],
    ['/movies/billboard', 'catalog'],
    ['/movies/Premieres', 'catalog'],
    ['/movies/search', 'catalog'],
    ['/movies/search/65f1c0ffee', 'catalog'],
    ['/movies/createMovie', 'catalog'],
    ['/movies/update/65f1c0ffee', 'catalog'],
    ['/movies/delete/65f1c0ffee', 'catalog'],
    ['/movies/checkout', 'booking'],
    ['/comments/', 'catalog'],
    ['/comments/add/65f1c0ffee', 'catalog'],
    ['/comments/delete/65f1c0ffee', 'catalog'],
    ['/comments/user/65f1c0ffee', 'catalog'],
    ['/feedback', 'catalog'],
    ['/feedback/add/65f1c0ffee', 'catalog'],
    ['/uploads', 'catalog'],
    ['/uploads/poster.png', 'catalog'],
    ['/show', 'booking'],
    ['/show/all', 'booking'],
    ['/show/one/65f1c0ffee', 'booking'],
    ['/show/day', 'booking'],
    ['/show/occupancy', 'booking'],
    ['/cinemas', 'booking'],
    ['/cinemas/c1e000000000000000000002/rooms/6', 'booking'],
    ['/pricing/ticket-types', 'booking'],
    ['/pricing/ticket-types/menor', 'booking'],
    ['/pricing/cards', 'booking'],
    ['/pricing/cards/matine', 'booking'],
    ['/pricing/surcharges', 'booking'],
    ['/show/65f1c0ffee/seats', 'booking'],
    ['/show/65f1c0ffee/seats/stream', 'booking'],
    ['/tickets/addTickets', 'booking'],
    ['/tickets/delete', 'booking'],
    ['/tickets/all', 'sales'],
    ['/tickets/all/detail', 'sales'],
    ['/tickets/mine', 'booking'],
    ['/tickets/keys', 'booking'],
    ['/checkin', 'booking'],
    ['/checkin/shows/65f1c0ffee', 'booking'],
    ['/checkin/offline', 'booking'],
    ['/cart', 'booking'],
    ['/cart/tickets', 'booking'],
    ['/cart/userCart', 'booking'],
    ['/candy', 'candy'],
    ['/candy/searchCandy', 'candy'],
    ['/candy/add', 'booking'],
    ['/candy/delete', 'booking'],
    ['/sales', 'sales'],
    ['/sales/summary', 'sales'],
    ['/sales/export.csv', 'sales'],
    ['/orders/replay', 'booking'],
    ['/presales', 'booking'],
    ['/presales/active', 'booking'],
    ['/presales/65f1c0ffee65f1c0ffee0001/join', 'booking'],
    ['/presales/65f1c0ffee65f1c0ffee0001/me/stream', 'booking'],
  ])('routes %s to %s', (pathname, service) => {
    expect(resolveRoute(pathname)?.service).toBe(service);
  });

  it('lets the longest prefix win whatever the order of the table', () => {
    expect(routeTable.findIndex((route) => route.prefix === '/movies')).toBeLessThan(
      routeTable.findIndex((route) => route.prefix === '/movies/checkout'),
    );
    expect(resolveRoute('/movies/checkout')?.service).toBe('booking');
    expect(resolveRoute('/movies/checkout/retry')?.service).toBe('booking');
  });

  it('matches whole path segments only', () => {
    expect(resolveRoute('/moviesX')).toBeUndefined();
    expect(resolveRoute('/showcase')).toBeUndefined();
    expect(resolveRoute('/candy/addicional')?.service).toBe('candy');
    expect(resolveRoute('/movies/checkoutX')?.service).toBe('catalog');
  });

  it('owns nothing else', () => {
    for (const pathname of ['/', '/health', '/openapi.json', '/mailing', '/tickets', '/tickets/other', '/Movies/billboard', '//movies']) {
      expect(resolveRoute(pathname)).toBeUndefined();
    }
  });

  it('has one entry per prefix', () => {
    const prefixes = routeTable.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  describe('token required at the gateway', () => {
    it.each([
      ['GET', '/admin'],
      ['GET', '/auth/verifyrole'],
      ['GET', '/auth/acceder'],
      ['GET', '/auth/me'],
      ['PUT', '/auth/password'],
      ['POST', '/tickets/addTickets'],
      ['GET', '/tickets/all'],
      ['POST', '/cart/userCart'],
      ['POST', '/movies/checkout'],
      ['POST', '/movies/createMovie'],
      ['DELETE', '/movies/delete/1'],
      ['POST', '/comments/add/1'],
      ['GET', '/comments/'],
      ['POST', '/feedback/add/1'],
      ['GET', '/feedback'],
      ['POST', '/candy/add'],
      ['POST', '/candy/delete'],
      ['POST', '/candy'],
      ['POST', '/show'],
      ['DELETE', '/show/one/1'],
      ['POST', '/uploads'],
      ['GET', '/sales'],
      ['GET', '/sales/export.csv'],
      ['POST', '/orders/replay'],
      ['GET', '/tickets/mine'],
      ['POST', '/checkin'],
      ['GET', '/checkin/shows/1'],
      ['POST', '/checkin/offline'],
    ])('%s %s', (method, pathname) => {
      const route = resolveRoute(pathname);
      expect(route && requiresToken(route, method)).toBe(true);
    });
  });

  describe('public at the gateway', () => {
    it.each([
      ['POST', '/auth/login'],
      ['POST', '/auth/register'],
      ['POST', '/mailing/recuperarpassword'],
      ['POST', '/mailing/resetpassword'],
      ['POST', '/mailing/newsletter'],
      ['GET', '/movies/billboard'],
      ['GET', '/movies/Premieres'],
      ['GET', '/movies/search'],
      ['GET', '/show/all'],
      ['GET', '/show/day'],
      ['GET', '/candy'],
      ['GET', '/candy/searchCandy'],
      ['GET', '/uploads/poster.png'],
      ['HEAD', '/movies/billboard'],
      ['GET', '/tickets/keys'],
      // A room with its layout is an admin's or its cinema's manager's: booking answers 401 without a token.
      ['GET', '/cinemas/c1e000000000000000000002/rooms/6'],
    ])('%s %s', (method, pathname) => {
      const route = resolveRoute(pathname);
      expect(route).toBeDefined();
      expect(route && requiresToken(route, method)).toBe(false);
    });
  });

  it('rate-limits only public auth endpoints the table routes', () => {
    for (const pathname of rateLimitedAuthPaths) {
      const route = resolveRoute(pathname);
      expect(route?.service).toBe('identity');
      expect(route && requiresToken(route, 'POST')).toBe(false);
    }
  });

  it('is the table documented in the README', () => {
    const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| (\/\S*) \| (\w+) \| (\w+) \|$/gm)].map(([, prefix, service, auth]) => ({
      prefix,
      service,
      auth,
    }));
    expect(documented).toEqual(routeTable);
  });
});

describe('what the route table says beyond the owning service', () => {
  it('keeps each endpoint of its own under its route, so it reaches the same service with the same token rule', () => {
    for (const entry of apiRoutes) {
      for (const endpoint of entry.endpoints ?? []) {
        const concrete = endpoint.path.replace(/:\w+/g, '65f1c0ffee65f1c0ffee0001');
        expect([endpoint.path, resolveRoute(concrete)?.prefix]).toEqual([endpoint.path, entry.prefix]);
      }
    }
  });

  it('rate-limits the auth endpoints and presale joins, streams the seat map and standings, larger bodies under /uploads only', () => {
    expect(routeEndpoints.filter((endpoint) => endpoint.rateLimit).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /auth/login',
      'POST /auth/register',
      'POST /mailing/recuperarpassword',
      'POST /mailing/resetpassword',
      // Issue 39: the gift cards' balance check, per address and per account (against guessing codes).
      'GET /gift-cards/:code',
      // Issue 40: joins of a presale's line, per address.
      'POST /presales/:id/join',
    ]);
    expect(routeEndpoints.filter((endpoint) => endpoint.stream)).toEqual([
      { method: 'GET', path: '/show/:id/seats/stream', stream: 'seat-map' },
      { method: 'GET', path: '/presales/:id/me/stream', stream: 'presale' },
    ]);
    // Booking's feed of a line is the gateway's relay's alone.
    expect(routeEndpoints.filter((endpoint) => endpoint.internal)).toEqual([{ method: 'GET', path: '/presales/:id/feed', internal: true }]);
    expect(apiRoutes.filter((entry) => entry.bodyLimit).map(({ prefix, bodyLimit }) => [prefix, bodyLimit])).toEqual([
      ['/uploads', 5 * 1024 * 1024],
    ]);
  });

  it('lists every route once, in the table README documents', () => {
    expect(apiRoutes.map(({ prefix, service, auth }) => ({ prefix, service, auth }))).toEqual(routeTable);
    expect(new Set(apiRoutes.map((entry) => entry.prefix)).size).toBe(apiRoutes.length);
  });
});
