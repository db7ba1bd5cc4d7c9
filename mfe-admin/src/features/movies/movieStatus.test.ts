import type { Movie, MovieFacts } from './api/movies';
import { isMovieStatus, matchesMovie } from './movieStatus';

const movie = (id: string, Title: string) => ({ id, Title }) as Movie;
const facts: MovieFacts = { nowShowing: new Set(['m1', 'm2']), withShows: new Set(['m1']) };
const movies = [movie('m1', 'Acción en Marte'), movie('m2', 'Drama'), movie('m3', 'Película Próxima')];
const matching = (text: string, status: Parameters<typeof matchesMovie>[2]) =>
  movies.filter((candidate) => matchesMovie(candidate, text, status, facts)).map((candidate) => candidate.id);

test('a search matches part of the title, case and accents ignored', () => {
  expect(matching('ACCION', null)).toEqual(['m1']);
  expect(matching(' pelicula ', null)).toEqual(['m3']);
  expect(matching('', null)).toEqual(['m1', 'm2', 'm3']);
});

test('the statuses: en cartelera (on the billboard), próximamente (not released), sin funciones (no upcoming show)', () => {
  expect(matching('', 'cartelera')).toEqual(['m1', 'm2']);
  expect(matching('', 'proximamente')).toEqual(['m3']);
  expect(matching('', 'sin-funciones')).toEqual(['m2', 'm3']);
  expect(matching('drama', 'sin-funciones')).toEqual(['m2']);
});

test('only the known statuses are read from the URL', () => {
  expect(isMovieStatus('cartelera')).toBe(true);
  expect(isMovieStatus('toString')).toBe(false);
});
