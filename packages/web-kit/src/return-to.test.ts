import { purchasePlaceUrl, readPurchasePlace, returnPathOf, safeReturnPath, signInUrl } from './return-to';

const movieId = '6b04a48846b7a8f7611761ed';
const showId = '6b04a48846b7a8f7611761ff';

test('a place is written in the movie page URL and read back from it', () => {
  const url = purchasePlaceUrl({ movieId, showId, quantity: 3, buying: true });
  expect(url).toBe(`/movies/${movieId}?funcion=${showId}&entradas=3&comprar=1`);
  expect(readPurchasePlace(url.slice(url.indexOf('?')))).toEqual({ showId, quantity: 3, buying: true });
  expect(purchasePlaceUrl({ movieId })).toBe(`/movies/${movieId}`);
  expect(readPurchasePlace('')).toEqual({});
});

test('a place that is not one is ignored field by field', () => {
  expect(readPurchasePlace('?funcion=../../admin&entradas=-1&comprar=si')).toEqual({});
  expect(readPurchasePlace(`?funcion=${showId}&entradas=2.5`)).toEqual({ showId });
  expect(readPurchasePlace('?entradas=11')).toEqual({});
  expect(purchasePlaceUrl({ movieId, quantity: 0 })).toBe(`/movies/${movieId}`);
});

test('the guest goes to /login or /register with the place, and comes back to it', () => {
  const place = purchasePlaceUrl({ movieId, showId, buying: true });
  const login = signInUrl('login', place);
  expect(login).toBe(`/login?volver=${encodeURIComponent(place)}`);
  expect(returnPathOf(login.slice(login.indexOf('?')), '/home')).toBe(place);
  // Registering hands the same place on to /login.
  const register = signInUrl('register', place);
  expect(signInUrl('login', returnPathOf(register.slice(register.indexOf('?')), '/home'))).toBe(login);
});

test('without a place, or with one of another site, the sign-in goes home', () => {
  expect(returnPathOf('', '/home')).toBe('/home');
  for (const attack of [
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/movies/\n1',
    'movies/1',
  ]) {
    expect(safeReturnPath(attack)).toBeNull();
    expect(returnPathOf(`?volver=${encodeURIComponent(attack)}`, '/home')).toBe('/home');
  }
  expect(signInUrl('login', '//evil.example')).toBe('/login');
  expect(safeReturnPath('/movies/1/../../admin')).toBe('/admin');
});

test('a path that becomes another site once its dot segments are resolved is refused (issue 34)', () => {
  // Each resolves to `//evil.example/x`, which a browser reads as the host evil.example.
  for (const attack of [
    '/.//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E//evil.example/x',
    '/./\\evil.example/x',
    '/a/..//evil.example/x',
    '/./%5c/evil.example',
  ]) {
    expect(safeReturnPath(attack)).toBeNull();
    expect(returnPathOf(`?volver=${encodeURIComponent(attack)}`, '/home')).toBe('/home');
    expect(signInUrl('login', attack)).toBe('/login');
  }
  // A path with a doubled slash further on is still one of this site.
  expect(safeReturnPath('/movies//1')).toBe('/movies//1');
  expect(safeReturnPath('/./movies/1?funcion=2')).toBe('/movies/1?funcion=2');
});
