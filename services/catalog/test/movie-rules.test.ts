import { youtubeVideoId } from '@cine/contracts';
import { searchKey } from '@cine/service-kit';
import { checkMovieForm, parseGenres } from '../src/movies/movie-rules';
import { parseReleaseDate, releaseDateOf, releaseTextOf, today } from '../src/movies/release-date';
import { movieForm } from './helpers';

describe('movie rules', () => {
  it('checks the required fields in the form order: the first missing one is reported', () => {
    expect(checkMovieForm({})).toEqual({ ok: false, message: 'Por favor ingresa un titulo *' });
    expect(checkMovieForm({ Title: 'x' })).toEqual({ ok: false, message: 'Por favor ingresa la trama *' });
  });

  it('turns a valid form into the movie facts', () => {
    const result = checkMovieForm(movieForm({ Genre: ' Drama ,Comedia, ', Type: '3d', Runtime: ' 98 ' }));

    expect(result).toEqual({
      ok: true,
      movie: expect.objectContaining({ genres: ['Drama', 'Comedia'], type: '3D', runtime: 98, release: new Date('2026-03-12T00:00:00Z') }),
    });
  });

  it('YouTube ids are exactly 11 characters of [A-Za-z0-9_-]', () => {
    expect(youtubeVideoId('https://youtu.be/_inKs4eeHiI')).toBe('_inKs4eeHiI');
    expect(youtubeVideoId('https://www.youtube.com/embed/qQlr9-rF32A?autoplay=1')).toBe('qQlr9-rF32A');
    expect(youtubeVideoId('https://www.youtube.com/watch?v=qQlr9-rF32A!')).toBeUndefined();
    expect(youtubeVideoId('https://www.youtube.com/watch?list=x')).toBeUndefined();
  });

  it('genres: at most four, no repeats ignoring case and accents', () => {
    expect(parseGenres('Acción, Drama')).toEqual(['Acción', 'Drama']);
    expect(parseGenres('acción, ACCION')).toBeUndefined();
    // The spec's two lists spell a genre apart: one genre, not two.
    expect(parseGenres('Aventura, Aventuras')).toBeUndefined();
    expect(parseGenres('Fantasía, Fantasia')).toBeUndefined();
    expect(parseGenres('a, b, c, d, e')).toBeUndefined();
  });
});

describe('release dates', () => {
  it("reads 'yyyy-mm-dd' and 'day Mon year', refuses impossible days", () => {
    expect(parseReleaseDate('2026-03-12')).toEqual(new Date('2026-03-12T00:00:00Z'));
    expect(parseReleaseDate('5 mar 2026')).toEqual(new Date('2026-03-05T00:00:00Z'));
    expect(parseReleaseDate('29 Feb 2025')).toBeUndefined();
    expect(parseReleaseDate('2026-13-01')).toBeUndefined();
  });

  it("shows 'day Mon year' and yyyy-mm-dd", () => {
    const day = new Date('2026-03-12T00:00:00Z');
    expect(releaseTextOf(day)).toBe('12 Mar 2026');
    expect(releaseDateOf(day)).toBe('2026-03-12');
  });

  it("today is the cinema's calendar day (Buenos Aires), not UTC's", () => {
    expect(releaseDateOf(today(new Date('2026-03-13T02:00:00Z')))).toBe('2026-03-12');
    expect(releaseDateOf(today(new Date('2026-03-13T04:00:00Z')))).toBe('2026-03-13');
  });
});

describe('search keys', () => {
  it('drop case, accents and surrounding spaces', () => {
    expect(searchKey(' Acción ')).toBe('accion');
    expect(searchKey('Animación')).toBe(searchKey('ANIMACION'));
    expect(searchKey('Ñandú')).toBe('nandu');
  });
});
