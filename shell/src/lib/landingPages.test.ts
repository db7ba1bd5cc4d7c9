import { landingPageOf } from './landingPages';

test('a visit starting on /home (or /) fetches catalog/HomePage and the billboard and premieres with the shell', () => {
  const home = { remote: 'catalog', exposedModule: 'HomePage', data: ['/api/movies/billboard', '/api/movies/Premieres'] };
  expect(landingPageOf('/home')).toEqual(home);
  expect(landingPageOf('/')).toEqual(home);
});

test("a visit starting on a movie's page fetches catalog/MovieDetailPage and that movie with the shell", () => {
  expect(landingPageOf('/movies/6b04a48846b7a8f7611761ed')).toEqual({
    remote: 'catalog',
    exposedModule: 'MovieDetailPage',
    data: ['/api/movies/search/6b04a48846b7a8f7611761ed'],
  });
});

test("a movie's page opened on a show also fetches the checkout's remoteEntry.js and the movie's shows", () => {
  expect(landingPageOf('/movies/6b04a48846b7a8f7611761ed', '?funcion=6b04a48846b7a8f7611761ff')).toEqual({
    remote: 'catalog',
    exposedModule: 'MovieDetailPage',
    data: ['/api/movies/search/6b04a48846b7a8f7611761ed', '/api/show/all?movieId=6b04a48846b7a8f7611761ed'],
    alsoRemote: 'checkout',
  });
});

test("a visit starting on the Cartelera por día fetches its page and the chosen day's shows with the shell", () => {
  // 02:30 UTC of the 27th is 23:30 of the 26th in Buenos Aires: the cinema's today.
  const now = new Date('2026-11-27T02:30:00Z');
  expect(landingPageOf('/cartelera', '', now)).toEqual({
    remote: 'catalog',
    exposedModule: 'BillboardByDayPage',
    data: ['/api/show/date?date=2026-11-26'],
  });
  expect(landingPageOf('/cartelera', '?fecha=2026-11-28', now)?.data).toEqual(['/api/show/date?date=2026-11-28']);
  expect(landingPageOf('/cartelera', '?fecha=2030-01-01', now)?.data).toEqual(['/api/show/date?date=2026-11-26']);
});

test('a purchase page fetches its checkout page with the shell (its data needs the session)', () => {
  expect(landingPageOf('/mis-compras')).toEqual({ remote: 'checkout', exposedModule: 'MyPurchasesPage', data: [] });
  expect(landingPageOf('/compra/6b04a48846b7a8f7611761ff')).toEqual({
    remote: 'checkout',
    exposedModule: 'OrderConfirmationPage',
    data: [],
  });
});

test.each(['/login', '/candy', '/admin', '/movies', '/movies/1/extra', '/homepage'])(
  'a visit starting on %s fetches nothing early',
  (pathname) => {
    expect(landingPageOf(pathname)).toBeUndefined();
  },
);

test("with a cinema chosen whose id this device knows, the preloads are that cinema's listings (issue 38)", () => {
  localStorage.setItem('cine.cinemas', JSON.stringify([{ id: 'c1e000000000000000000002', slug: 'norte' }]));
  expect(landingPageOf('/home', '?cine=norte')?.data).toEqual([
    '/api/movies/billboard?cinemaId=c1e000000000000000000002',
    '/api/movies/Premieres?cinemaId=c1e000000000000000000002',
  ]);
  // A cinema this device has not seen yet: every cinema's (the page asks for the list first).
  expect(landingPageOf('/home', '?cine=cordoba')?.data).toEqual(['/api/movies/billboard', '/api/movies/Premieres']);
  localStorage.clear();
});
