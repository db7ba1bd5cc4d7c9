import { parseReleaseDate } from './release-date';
import { searchKey } from './text-keys';

const RATINGS = ['+13', '+16', '+18', 'ATP'] as const;
export type Rated = (typeof RATINGS)[number];
const MOVIE_TYPES = ['2D', '3D'] as const;
export type MovieType = (typeof MOVIE_TYPES)[number];
const MAX_GENRES = 4;

/** The movie form's messages (spec §5, "Movie create and edit"), copied exactly. */
const MovieMessages = {
  Title: 'Por favor ingresa un titulo *',
  Plot: 'Por favor ingresa la trama *',
  Language: 'Por favor ingresa un idioma *',
  Director: 'Por favor ingresa el Director *',
  Genre: 'Por favor ingresa el/los géneros/s *',
  Actors: 'Por favor ingresa los actores *',
  Release: 'Por favor ingresa una fecha de estreno *',
  Rated: 'Por favor ingresa una clasificacion *',
  Type: 'Por favor ingresa un tipo *',
  Runtime: 'Por favor ingresa tiempo de duración de la pelicula*',
  Poster: 'Por favor ingresa una imagen *',
  Trailer: 'Por favor ingresa un trailer *',
  runtimeNotNumber: 'Alguno de los valores no es un número *',
  trailerNotYoutube: 'Solo se aceptan links de youtube *',
  genreMisuse: 'No puedes ingresar mas de cuatro géneros y tampoco repetirlos.',
  releaseInvalid: 'La fecha de estreno debe tener el formato aaaa-mm-dd.',
  ratedInvalid: 'La clasificación debe ser +13, +16, +18 o ATP.',
  typeInvalid: 'El tipo debe ser 2D o 3D.',
} as const;

/** The movie form as sent by the admin panel (every field already type-checked as text, Runtime also as a number). */
export interface MovieForm {
  Title?: string;
  Poster?: string;
  Rated?: string;
  Plot?: string;
  Genre?: string;
  Actors?: string;
  Director?: string;
  Runtime?: string | number;
  Language?: string;
  Release?: string;
  Trailer?: string;
  Type?: string;
}

/** A movie's facts once the form passed every rule. */
export interface MovieFields {
  title: string;
  poster: string;
  rated: Rated;
  plot: string;
  genres: string[];
  actors: string;
  director: string;
  runtime: number;
  language: string;
  release: Date;
  trailer: string;
  type: MovieType;
}

export type RuleResult = { ok: true; movie: MovieFields } | { ok: false; message: string };

// The forms the spec accepts (watch, embed, v/ and youtu.be), each with an 11-character video id.
const YOUTUBE = /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|v\/)|youtu\.be\/)([\w-]{11})(?:[?&#][^\s]*)?$/;

/** The video id of an accepted YouTube link, else undefined. */
export function youtubeVideoId(link: string): string | undefined {
  return YOUTUBE.exec(link.trim())?.[1];
}

/** The embeddable form of the link, which the detail page's frame can show. */
export function embedLink(videoId: string): string {
  return `https://www.youtube.com/embed/${videoId}`;
}

/** Genres of the comma-separated text; undefined when more than four or repeated (ignoring case and accents). */
export function parseGenres(text: string): string[] | undefined {
  const genres = text
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => genre !== '');
  const keys = new Set(genres.map(searchKey));
  return genres.length > MAX_GENRES || keys.size !== genres.length ? undefined : genres;
}

const REQUIRED_ORDER = ['Title', 'Plot', 'Language', 'Director', 'Genre', 'Actors', 'Release', 'Rated', 'Type', 'Runtime', 'Poster', 'Trailer'] as const;

function isBlank(value: string | number | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Every rule of the movie form, in the form's order; the first broken rule's message. */
export function checkMovieForm(form: MovieForm): RuleResult {
  const missing = REQUIRED_ORDER.find((field) => isBlank(form[field]));
  if (missing) return { ok: false, message: MovieMessages[missing] };
  const text = (field: Exclude<(typeof REQUIRED_ORDER)[number], 'Runtime'>) => (form[field] as string).trim();

  const runtimeText = String(form.Runtime).trim();
  if (!/^\d{1,4}$/.test(runtimeText) || Number(runtimeText) === 0) return { ok: false, message: MovieMessages.runtimeNotNumber };

  const videoId = youtubeVideoId(text('Trailer'));
  if (!videoId) return { ok: false, message: MovieMessages.trailerNotYoutube };

  const genres = parseGenres(text('Genre'));
  if (!genres) return { ok: false, message: MovieMessages.genreMisuse };
  if (genres.length === 0) return { ok: false, message: MovieMessages.Genre };

  const rated = RATINGS.find((rating) => rating === text('Rated'));
  if (!rated) return { ok: false, message: MovieMessages.ratedInvalid };
  const type = MOVIE_TYPES.find((movieType) => movieType === text('Type').toUpperCase());
  if (!type) return { ok: false, message: MovieMessages.typeInvalid };
  const release = parseReleaseDate(text('Release'));
  if (!release) return { ok: false, message: MovieMessages.releaseInvalid };

  return {
    ok: true,
    movie: {
      title: text('Title'),
      poster: text('Poster'),
      rated,
      plot: text('Plot'),
      genres,
      actors: text('Actors'),
      director: text('Director'),
      runtime: Number(runtimeText),
      language: text('Language'),
      release,
      trailer: embedLink(videoId),
      type,
    },
  };
}
