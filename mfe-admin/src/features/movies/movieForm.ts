import type { Movie, MovieInput } from './api/movies';

/** Admin genre options (spec §9). */
export const GENRE_OPTIONS = [
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
] as const;

export const RATED_OPTIONS = ['+13', '+16', '+18', 'ATP'] as const;
export const TYPE_OPTIONS = ['2D', '3D'] as const;
const MAX_GENRES = 4;
export const GENRE_LIMIT_ALERT = 'No puedes ingresar mas de cuatro géneros y tampoco repetirlos.';

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

export type MovieFormField = keyof MovieFormValues;
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

/** Messages of spec §5, one per required field, in the form's order. */
const REQUIRED_MESSAGES: Record<Exclude<MovieFormField, 'genres'>, string> = {
  Title: 'Por favor ingresa un titulo *',
  Plot: 'Por favor ingresa la trama *',
  Language: 'Por favor ingresa un idioma *',
  Director: 'Por favor ingresa el Director *',
  Actors: 'Por favor ingresa los actores *',
  Release: 'Por favor ingresa una fecha de estreno *',
  Rated: 'Por favor ingresa una clasificacion *',
  Type: 'Por favor ingresa un tipo *',
  Runtime: 'Por favor ingresa tiempo de duración de la pelicula*',
  Poster: 'Por favor ingresa una imagen *',
  Trailer: 'Por favor ingresa un trailer *',
};
const GENRE_REQUIRED = 'Por favor ingresa el/los géneros/s *';
const RUNTIME_NOT_NUMBER = 'Alguno de los valores no es un número *';
const TRAILER_NOT_YOUTUBE = 'Solo se aceptan links de youtube *';

// The forms the spec accepts (watch, embed, v/ and youtu.be), each with an 11-character video id; the catalog checks the same.
const YOUTUBE_LINK =
  /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|v\/)|youtu\.be\/)[\w-]{11}(?:[?&#]\S*)?$/;

export const isYoutubeLink = (link: string) => YOUTUBE_LINK.test(link.trim());

/** Spec §5 rules; an empty object means the form can be sent. */
export function validateMovieForm(values: MovieFormValues): MovieFormErrors {
  const errors: MovieFormErrors = {};
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [Exclude<MovieFormField, 'genres'>, string][]) {
    if (values[field].trim() === '') errors[field] = message;
  }
  if (values.genres.length === 0) errors.genres = GENRE_REQUIRED;
  const runtime = values.Runtime.trim();
  if (runtime !== '' && (!/^\d{1,4}$/.test(runtime) || Number(runtime) === 0)) errors.Runtime = RUNTIME_NOT_NUMBER;
  if (values.Trailer.trim() !== '' && !isYoutubeLink(values.Trailer)) errors.Trailer = TRAILER_NOT_YOUTUBE;
  return errors;
}

/** At most four genres and no repeats; null when the genre cannot be added. */
export function addGenre(genres: string[], genre: string): string[] | null {
  if (genres.length >= MAX_GENRES || genres.includes(genre)) return null;
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
