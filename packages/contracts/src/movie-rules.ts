/**
 * The movie form's rules (spec §5, "Movie create and edit"), checked by the admin's form in the
 * browser and again by the catalog service, so both show the same message. Browser-safe: plain
 * constants and functions.
 */

import { IMAGE_URL_INVALID } from './image-urls';
import { hasControlCharacters, hasControlCharactersBesidesLineBreaks } from './text-rules';

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
  posterInvalid: IMAGE_URL_INVALID,
} as const;

/**
 * The form's free-text fields: one line each (a line feed in a title breaks the sales CSV's
 * rows), but the synopsis may have line breaks; none may hold other control characters.
 */
export const movieTextMessages = {
  Title: 'No se permiten saltos de línea ni caracteres de control en el título.',
  Plot: 'No se permiten caracteres de control en la trama.',
  Language: 'No se permiten saltos de línea ni caracteres de control en el idioma.',
  Director: 'No se permiten saltos de línea ni caracteres de control en el director.',
  Genre: 'No se permiten saltos de línea ni caracteres de control en los géneros.',
  Actors: 'No se permiten saltos de línea ni caracteres de control en los actores.',
} as const;

/** The message of the first free-text field (in the form's order) holding a character it may not, else undefined. */
export function movieTextError(form: Partial<Record<keyof typeof movieTextMessages, unknown>>): string | undefined {
  const fields = Object.keys(movieTextMessages) as Array<keyof typeof movieTextMessages>;
  const broken = fields.find((field) => {
    const value = form[field];
    if (typeof value !== 'string') return false;
    return field === 'Plot' ? hasControlCharactersBesidesLineBreaks(value) : hasControlCharacters(value);
  });
  return broken && movieTextMessages[broken];
}

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
