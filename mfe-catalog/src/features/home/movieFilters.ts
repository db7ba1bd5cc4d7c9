import { hasGenre, HOME_GENRES, SHOW_TYPES, type MovieView } from '@cine/contracts';

export const ALL = 'All';
export const GENRE_FILTERS = [ALL, ...HOME_GENRES];
export const TYPE_FILTERS = [ALL, ...SHOW_TYPES];

export interface MovieFilter {
  genre: string;
  type: string;
}

/**
 * 'All' keeps everything. A genre matches one of the movie's comma-separated genres by its key, so
 * the back office's spellings are found ('Aventura' finds 'Aventuras', 'Fantasía' finds 'Fantasia');
 * a type matches Type trimmed.
 */
export function filterMovies(movies: MovieView[], { genre, type }: MovieFilter): MovieView[] {
  return movies.filter((movie) => {
    const genreMatches = genre === ALL || hasGenre(movie.Genre, genre);
    const typeMatches = type === ALL || movie.Type.trim() === type;
    return genreMatches && typeMatches;
  });
}
