import type { Movie, MovieFacts } from './api/movies';

/** The Peliculas grid's status filter: the URL's `estado` values and their labels. */
export const movieStatuses = {
  cartelera: 'En cartelera',
  proximamente: 'Próximamente',
  'sin-funciones': 'Sin funciones',
} as const;

export type MovieStatus = keyof typeof movieStatuses;

export const isMovieStatus = (value: string): value is MovieStatus => Object.hasOwn(movieStatuses, value);

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Whether the movie's title contains `text` (case and accents ignored) and it has the status (none: any). */
export function matchesMovie(movie: Movie, text: string, status: MovieStatus | null, facts: MovieFacts): boolean {
  if (!folded(movie.Title).includes(folded(text))) return false;
  switch (status) {
    case null:
      return true;
    case 'cartelera':
      return facts.nowShowing.has(movie.id);
    case 'proximamente':
      return !facts.nowShowing.has(movie.id);
    case 'sin-funciones':
      return !facts.withShows.has(movie.id);
  }
}
