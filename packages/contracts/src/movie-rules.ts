/**
 * The movie form's rules (spec §5, "Movie create and edit"), checked by the admin's form in the
 * browser and again by the catalog service, so both show the same message. Browser-safe: plain
 * constants and functions.
 */

export const MOVIE_RATINGS = ['+13', '+16', '+18', 'ATP'] as const;
export type Rated = (typeof MOVIE_RATINGS)[number];

/** A movie has at most four genres, none repeated. */
export const MAX_GENRES = 4;

/** The movie form's messages, copied exactly from the spec; one per required field, in the form's order, then the rules'. */
export const movieMessages = {
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

/** The form's required fields, in the order the form shows them (and reports them). */
export const MOVIE_REQUIRED_FIELDS = [
  'Title',
  'Plot',
  'Language',
  'Director',
  'Genre',
  'Actors',
  'Release',
  'Rated',
  'Type',
  'Runtime',
  'Poster',
  'Trailer',
] as const;

/** Minutes as the form takes them: one to four digits, not zero. */
export function isRuntimeText(text: string): boolean {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) && Number(trimmed) !== 0;
}

// The forms the spec accepts (watch, embed, v/ and youtu.be), each with an 11-character video id.
const YOUTUBE_LINK =
  /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|v\/)|youtu\.be\/)([\w-]{11})(?:[?&#]\S*)?$/;

/** The video id of an accepted YouTube link, else undefined. */
export function youtubeVideoId(link: string): string | undefined {
  return YOUTUBE_LINK.exec(link.trim())?.[1];
}

export const isYoutubeLink = (link: string) => youtubeVideoId(link) !== undefined;
