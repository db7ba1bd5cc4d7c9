import {
  genreKey,
  genresOf,
  isAllowedImageUrl,
  MAX_GENRES,
  MOVIE_RATINGS,
  MOVIE_REQUIRED_FIELDS,
  SHOW_TYPES,
  isRuntimeText,
  movieMessages,
  movieTextError,
  youtubeVideoId,
  type Rated,
  type ShowType,
} from '@cine/contracts';
import { parseReleaseDate } from './release-date';

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
  type: ShowType;
}

export type RuleResult = { ok: true; movie: MovieFields } | { ok: false; message: string };

/** The embeddable form of the link, which the detail page's frame can show. */
export function embedLink(videoId: string): string {
  return `https://www.youtube.com/embed/${videoId}`;
}

/** Genres of the comma-separated text; undefined when more than four or repeated (ignoring case, accents and the spec's two spellings). */
export function parseGenres(text: string): string[] | undefined {
  const genres = genresOf(text);
  const keys = new Set(genres.map(genreKey));
  return genres.length > MAX_GENRES || keys.size !== genres.length ? undefined : genres;
}

function isBlank(value: string | number | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Every rule of the movie form, in the form's order; the first broken rule's message. */
export function checkMovieForm(form: MovieForm): RuleResult {
  const missing = MOVIE_REQUIRED_FIELDS.find((field) => isBlank(form[field]));
  if (missing) return { ok: false, message: movieMessages[missing] };
  const textError = movieTextError(form);
  if (textError) return { ok: false, message: textError };
  const text = (field: Exclude<(typeof MOVIE_REQUIRED_FIELDS)[number], 'Runtime'>) => (form[field] as string).trim();

  const runtimeText = String(form.Runtime).trim();
  if (!isRuntimeText(runtimeText)) return { ok: false, message: movieMessages.runtimeNotNumber };

  const videoId = youtubeVideoId(text('Trailer'));
  if (!videoId) return { ok: false, message: movieMessages.trailerNotYoutube };

  const genres = parseGenres(text('Genre'));
  if (!genres) return { ok: false, message: movieMessages.genreMisuse };
  if (genres.length === 0) return { ok: false, message: movieMessages.Genre };

  const rated = MOVIE_RATINGS.find((rating) => rating === text('Rated'));
  if (!rated) return { ok: false, message: movieMessages.ratedInvalid };
  const type = SHOW_TYPES.find((showType) => showType === text('Type').toUpperCase());
  if (!type) return { ok: false, message: movieMessages.typeInvalid };
  const release = parseReleaseDate(text('Release'));
  if (!release) return { ok: false, message: movieMessages.releaseInvalid };
  if (!isAllowedImageUrl(text('Poster'))) return { ok: false, message: movieMessages.posterInvalid };

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
