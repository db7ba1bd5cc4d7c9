import type { MovieView } from '@cine/contracts';

export { installFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from '@cine/web-kit/testing';

/** A movie with believable values; tests override what they look at. */
export function aMovie(overrides: Partial<MovieView> = {}): MovieView {
  return {
    id: 'm1',
    Title: 'Intensa-Mente 3',
    Poster: '/api/images/intensamente.png',
    Rated: 'ATP',
    Plot: 'Las emociones de Riley vuelven a la sede central.',
    Genre: 'Animación, Comedia',
    Actors: 'Amy Poehler, Phyllis Smith',
    Director: 'Kelsey Mann',
    Runtime: 96,
    Language: 'Español',
    Release: '2026-01-10T00:00:00.000Z',
    ReleaseText: '10 Jan 2026',
    ReleaseDate: '2026-01-10',
    Trailer: 'https://www.youtube.com/embed/abcdefghijk',
    Type: '2D',
    ...overrides,
  };
}

/** `count` distinct movies titled 'Película 1', 'Película 2', ... */
export function manyMovies(count: number, overrides: Partial<MovieView> = {}): MovieView[] {
  return Array.from({ length: count }, (_, i) => aMovie({ id: `m${i + 1}`, Title: `Película ${i + 1}`, ...overrides }));
}
