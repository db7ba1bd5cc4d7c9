import { SHOW_TYPES, type MovieView } from '@cine/contracts';

export const ALL = 'All';
export const GENRE_FILTERS = [ALL, 'Animación', 'Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama'];
export const TYPE_FILTERS = [ALL, ...SHOW_TYPES];

export interface MovieFilter {
  genre: string;
  type: string;
}

/** Lowercase without accents, so 'Fantasía' matches an admin's 'Fantasia'. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/**
 * 'All' keeps everything. A genre matches one of the movie's comma-separated genres
 * (also the plural the admin form uses: 'Aventura' finds 'Aventuras'); a type matches Type trimmed.
 */
export function filterMovies(movies: MovieView[], { genre, type }: MovieFilter): MovieView[] {
  const wantedGenre = normalize(genre);
  return movies.filter((movie) => {
    const genreMatches =
      genre === ALL ||
      movie.Genre.split(',')
        .map(normalize)
        .some((g) => g === wantedGenre || g === `${wantedGenre}s`);
    const typeMatches = type === ALL || movie.Type.trim() === type;
    return genreMatches && typeMatches;
  });
}
