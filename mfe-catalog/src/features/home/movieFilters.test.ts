import { aMovie } from '../../test/fakeApi';
import { ALL, filterMovies } from './movieFilters';

const movies = [
  aMovie({ id: 'toy', Genre: 'Animación, Aventura, Comedia', Type: '3D ' }),
  aMovie({ id: 'duna', Genre: 'Ciencia Ficción,Aventuras', Type: '2D' }),
  aMovie({ id: 'drama', Genre: 'Drama', Type: '2D' }),
  aMovie({ id: 'hobbit', Genre: 'Fantasia, Acción', Type: '3D' }),
];
const ids = (list: typeof movies) => list.map((movie) => movie.id);

test("'All' and 'All' keep every movie", () => {
  expect(ids(filterMovies(movies, { genre: ALL, type: ALL }))).toEqual(['toy', 'duna', 'drama', 'hobbit']);
});

test('a genre matches any of the comma-separated genres, with or without spaces, accents or the plural', () => {
  expect(ids(filterMovies(movies, { genre: 'Aventura', type: ALL }))).toEqual(['toy', 'duna']);
  expect(ids(filterMovies(movies, { genre: 'Ciencia Ficción', type: ALL }))).toEqual(['duna']);
  expect(ids(filterMovies(movies, { genre: 'Fantasía', type: ALL }))).toEqual(['hobbit']);
  expect(ids(filterMovies(movies, { genre: 'Comedia', type: ALL }))).toEqual(['toy']);
});

test('a genre does not match a longer genre that merely starts like it', () => {
  expect(ids(filterMovies([aMovie({ Genre: 'Dramedia' })], { genre: 'Drama', type: ALL }))).toEqual([]);
});

test('the type is compared trimmed, and both filters apply together', () => {
  expect(ids(filterMovies(movies, { genre: ALL, type: '3D' }))).toEqual(['toy', 'hobbit']);
  expect(ids(filterMovies(movies, { genre: 'Aventura', type: '2D' }))).toEqual(['duna']);
  expect(ids(filterMovies(movies, { genre: 'Animación', type: '2D' }))).toEqual([]);
});
