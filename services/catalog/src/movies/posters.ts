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

/** A 2:3 poster drawn from the movie's colours, title and facts. */
function posterSvg(movie: SeedMovie): string {
  const [top, bottom] = movie.colors;
  const lines = wrap(movie.title.toUpperCase(), 14);
  const firstLine = 420 - (lines.length - 1) * 32;
  const title = lines
    .map(
      (line, index) =>
        `<text x="200" y="${firstLine + index * 64}" text-anchor="middle" font-size="48" font-weight="700">${escapeXml(line)}</text>`,
    )
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
