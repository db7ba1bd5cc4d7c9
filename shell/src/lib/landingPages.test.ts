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

test.each(['/login', '/candy', '/admin', '/movies', '/movies/1/extra', '/homepage'])(
  'a visit starting on %s fetches nothing early',
  (pathname) => {
    expect(landingPageOf(pathname)).toBeUndefined();
  },
);
