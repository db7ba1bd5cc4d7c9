import { seedMovies, type SeedMovie } from './seed-movies';

/** Where the gateway serves a seeded movie's poster. */
export function posterUrl(slug: string): string {
  return `/api/uploads/posters/${slug}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** Title words in lines of at most `width` characters. */
function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Room for the title inside the poster's frame (400 wide, the frame at 16 from each side, a margin inside it). */
const TITLE_WIDTH = 336;
/** A bold capital of Helvetica/Arial is at most this wide, in font sizes (W and M; most are narrower). */
const CAPITAL_WIDTH_EM = 0.78;

/**
 * The title's lines, font size and baselines: words in lines of at most 12 characters, then the
 * largest size (48 at most) at which the longest line fits the frame, so 'ALIEN: ROMULUS' is not
 * cut at the edge. Each line also carries the width it must not exceed (SVG `textLength`), which
 * squeezes it rather than letting a font wider than the estimate spill over.
 */
export function posterTitleLayout(title: string): { lines: string[]; fontSize: number; baselines: number[] } {
  const lines = wrap(title.toUpperCase(), 12).slice(0, 5);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const fontSize = Math.max(18, Math.min(48, Math.floor(TITLE_WIDTH / (longest * CAPITAL_WIDTH_EM))));
  const lineHeight = Math.round(fontSize * 1.3);
  const first = 400 - ((lines.length - 1) * lineHeight) / 2;
  return { lines, fontSize, baselines: lines.map((_, index) => Math.round(first + index * lineHeight)) };
}

/** A 2:3 poster drawn from the movie's colours, title and facts. */
function posterSvg(movie: SeedMovie): string {
  const [top, bottom] = movie.colors;
  const { lines, fontSize, baselines } = posterTitleLayout(movie.title);
  const title = lines
    .map((line, index) => {
      // Only a line the estimate says could be too wide gets squeezed to the frame.
      const fit =
        line.length * fontSize * CAPITAL_WIDTH_EM * 0.85 > TITLE_WIDTH
          ? ` textLength="${TITLE_WIDTH}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="200" y="${baselines[index]}" text-anchor="middle" font-size="${fontSize}" font-weight="700"${fit}>${escapeXml(line)}</text>`;
    })
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    '<rect width="400" height="600" fill="url(#g)"/>',
    '<rect x="16" y="16" width="368" height="568" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>',
    `<g fill="#ffffff" font-family="Helvetica, Arial, sans-serif">${title}`,
    `<text x="200" y="540" text-anchor="middle" font-size="20" opacity="0.85">${escapeXml(movie.director)}</text>`,
    `<text x="200" y="80" text-anchor="middle" font-size="22" font-weight="700" opacity="0.9">${movie.type} · ${escapeXml(movie.rated)}</text></g>`,
    '</svg>',
  ].join('');
}

const seededBySlug = new Map(seedMovies.map((movie) => [movie.slug, movie]));

/** The poster of a seeded movie, or undefined for an unknown slug. */
export function seededPoster(slug: string): string | undefined {
  const movie = seededBySlug.get(slug);
  return movie ? posterSvg(movie) : undefined;
}
