/**
 * Movie genres. The spec has two lists (§9) that spell some genres apart: the home filter's
 * 'Aventura' and 'Fantasía' are the back office's 'Aventuras' and 'Fantasia'. Both lists stay as
 * the spec writes them on screen; a genre is compared by its key, so a movie tagged in the back
 * office is found by the home filter (and the catalog's genre search), and the admin form cannot
 * tag one genre twice under its two spellings.
 */

/** The home page's genre filter, after 'All' (spec §9). */
export const HOME_GENRES = ['Animación', 'Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama'] as const;

/** The back office's genre options (spec §9). */
export const ADMIN_GENRES = [
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

/** Spellings that name one genre, by their accent-free lower-case text. */
const SAME_GENRE: Readonly<Record<string, string>> = { aventuras: 'aventura' };

/** A genre's key: lower case, without accents or repeated spaces, one key for both spellings ('Aventuras' → 'aventura'). */
export function genreKey(genre: string): string {
  const text = genre
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return SAME_GENRE[text] ?? text;
}

/** The genres of a movie's comma-separated Genre ('Animación, Aventuras'), blanks left out. */
export function genresOf(genreText: string): string[] {
  return genreText
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => genre !== '');
}

/** True when the movie's Genre text has the genre, under either spelling. */
export function hasGenre(genreText: string, genre: string): boolean {
  const wanted = genreKey(genre);
  return genresOf(genreText).some((own) => genreKey(own) === wanted);
}
