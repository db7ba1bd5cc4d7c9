import {
  ADMIN_GENRES,
  genreKey,
  isRuntimeText,
  isYoutubeLink,
  MAX_GENRES,
  MOVIE_RATINGS,
  MOVIE_REQUIRED_FIELDS,
  movieMessages,
  SHOW_TYPES,
} from '@cine/contracts';
import type { Movie, MovieInput } from './api/movies';

/** Admin genre options (spec §9). */
export const GENRE_OPTIONS = ADMIN_GENRES;

export const RATED_OPTIONS = MOVIE_RATINGS;
export const TYPE_OPTIONS = SHOW_TYPES;
export const GENRE_LIMIT_ALERT = movieMessages.genreMisuse;

/** What the form fields hold while the admin types: everything is text, genres are chips. */
export interface MovieFormValues {
  Title: string;
  Plot: string;
  Language: string;
  Director: string;
  genres: string[];
  Actors: string;
  Release: string;
  Rated: string;
  Type: string;
  Runtime: string;
  Poster: string;
  Trailer: string;
}

type MovieFormField = keyof MovieFormValues;
export type MovieFormErrors = Partial<Record<MovieFormField, string>>;

export const emptyMovieForm: MovieFormValues = {
  Title: '',
  Plot: '',
  Language: '',
  Director: '',
  genres: [],
  Actors: '',
  Release: '',
  Rated: '',
  Type: '',
  Runtime: '',
  Poster: '',
  Trailer: '',
};

export function movieFormFromMovie(movie: Movie): MovieFormValues {
  return {
    Title: movie.Title,
    Plot: movie.Plot,
    Language: movie.Language,
    Director: movie.Director,
    genres: movie.Genre.split(',')
      .map((genre) => genre.trim())
      .filter(Boolean),
    Actors: movie.Actors,
    Release: movie.ReleaseDate,
    Rated: movie.Rated,
    Type: movie.Type,
    Runtime: String(movie.Runtime),
    Poster: movie.Poster,
    Trailer: movie.Trailer,
  };
}

/** Spec §5 rules; an empty object means the form can be sent. */
export function validateMovieForm(values: MovieFormValues): MovieFormErrors {
  const errors: MovieFormErrors = {};
  for (const field of MOVIE_REQUIRED_FIELDS) {
    if (field === 'Genre') {
      if (values.genres.length === 0) errors.genres = movieMessages.Genre;
    } else if (values[field].trim() === '') {
      errors[field] = movieMessages[field];
    }
  }
  const runtime = values.Runtime.trim();
  if (runtime !== '' && !isRuntimeText(runtime)) errors.Runtime = movieMessages.runtimeNotNumber;
  if (values.Trailer.trim() !== '' && !isYoutubeLink(values.Trailer)) errors.Trailer = movieMessages.trailerNotYoutube;
  return errors;
}

/** At most four genres and no repeats (under either spelling: 'Aventuras' repeats 'Aventura'); null when the genre cannot be added. */
export function addGenre(genres: string[], genre: string): string[] | null {
  if (genres.length >= MAX_GENRES || genres.some((chosen) => genreKey(chosen) === genreKey(genre))) return null;
  return [...genres, genre];
}

export function toMovieInput(values: MovieFormValues): MovieInput {
  return {
    Title: values.Title.trim(),
    Plot: values.Plot.trim(),
    Language: values.Language.trim(),
    Director: values.Director.trim(),
    Genre: values.genres.join(', '),
    Actors: values.Actors.trim(),
    Release: values.Release,
    Rated: values.Rated,
    Type: values.Type,
    Runtime: Number(values.Runtime.trim()),
    Poster: values.Poster,
    Trailer: values.Trailer.trim(),
  };
}
