import { ADMIN_GENRES, genreKey, hasGenre, HOME_GENRES } from './genres';

test('both spec lists stay as the spec writes them', () => {
  expect(HOME_GENRES).toEqual(['Animación', 'Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama']);
  expect(ADMIN_GENRES).toEqual([
    'Acción',
    'Aventuras',
    'Ciencia Ficción',
    'Comedia',
    'Documental',
    'Drama',
    'Fantasia',
    'Musical',
    'Suspenso',
    'Terror',
  ]);
});

test("the back office's spellings and the home filter's are one genre", () => {
  expect(genreKey('Aventuras')).toBe(genreKey('Aventura'));
  expect(genreKey('Fantasia')).toBe(genreKey('Fantasía'));
  expect(genreKey(' CIENCIA  ficción ')).toBe(genreKey('Ciencia Ficción'));
  expect(genreKey('Drama')).not.toBe(genreKey('Documental'));
});

test('every genre both lists share is found by the home filter from the back office spelling', () => {
  const shared = HOME_GENRES.filter((home) => ADMIN_GENRES.some((admin) => genreKey(admin) === genreKey(home)));
  expect(shared).toEqual(['Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama']);
  for (const home of shared) {
    const tagged = ADMIN_GENRES.find((admin) => genreKey(admin) === genreKey(home)) as string;
    expect(hasGenre(`Musical, ${tagged}`, home)).toBe(true);
  }
});

test('a movie has a genre only when one of its genres is it, not a part of one', () => {
  expect(hasGenre('Animación, Aventuras, Comedia', 'Aventura')).toBe(true);
  expect(hasGenre('Fantasia,Acción', 'Fantasía')).toBe(true);
  expect(hasGenre('Ciencia Ficción', 'Ficción')).toBe(false);
  expect(hasGenre('', 'Drama')).toBe(false);
});
