import { seedCandy, type SeedCandy, type SnackDrawing } from './seed-candy';

/** Where the gateway serves a seeded item's picture (the candy service's GET /candy/pictures/<slug>.svg). */
export function pictureUrl(slug: string): string {
  return `/api/candy/pictures/${slug}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

const WIDTH = 160;
const HEIGHT = 220;
const GAP = 12;

/** Each drawing in a 160 × 220 box, its base at the bottom. */
const drawings: Record<SnackDrawing, string> = {
  popcorn: [
    '<g fill="#fff3c4" stroke="#e0b84c" stroke-width="2">',
    [30, 52, 74, 96, 118, 41, 63, 85, 107, 129, 52, 80, 108]
      .map((x, index) => `<circle cx="${x}" cy="${index < 5 ? 78 : index < 10 ? 62 : 46}" r="15"/>`)
      .join(''),
    '</g>',
    '<polygon points="18,84 142,84 124,220 36,220" fill="#ffffff"/>',
    '<polygon points="18,84 42,84 48,220 36,220" fill="#d32f2f"/>',
    '<polygon points="66,84 94,84 90,220 70,220" fill="#d32f2f"/>',
    '<polygon points="118,84 142,84 124,220 112,220" fill="#d32f2f"/>',
  ].join(''),
  drink: [
    '<line x1="92" y1="62" x2="112" y2="4" stroke="#fafafa" stroke-width="8" stroke-linecap="round"/>',
    '<polygon points="34,74 126,74 114,220 46,220" fill="#e53935"/>',
    '<circle cx="80" cy="140" r="24" fill="#ffffff"/>',
    '<path d="M68 140 q12 -14 24 0 q-12 14 -24 0z" fill="#e53935"/>',
    '<rect x="26" y="58" width="108" height="18" rx="8" fill="#eeeeee"/>',
  ].join(''),
  icee: [
    '<line x1="96" y1="40" x2="118" y2="0" stroke="#fafafa" stroke-width="8" stroke-linecap="round"/>',
    '<path d="M30 78 Q80 16 130 78 Z" fill="#b3e5fc" stroke="#e1f5fe" stroke-width="3"/>',
    '<polygon points="30,78 130,78 116,220 44,220" fill="#1e88e5"/>',
    '<path d="M40 120 h80" stroke="#ffffff" stroke-width="10"/>',
    '<path d="M44 160 h72" stroke="#e53935" stroke-width="10"/>',
  ].join(''),
  nachos: [
    '<g fill="#fbc02d" stroke="#f57f17" stroke-width="3" stroke-linejoin="round">',
    '<polygon points="20,170 50,96 78,170"/><polygon points="58,170 96,82 126,170"/><polygon points="100,170 132,104 150,170"/>',
    '<polygon points="36,176 72,120 98,176"/>',
    '</g>',
    '<ellipse cx="112" cy="168" rx="34" ry="12" fill="#ffb300" stroke="#ff8f00" stroke-width="3"/>',
    '<polygon points="6,170 154,170 138,220 22,220" fill="#37474f"/>',
  ].join(''),
  coffee: [
    '<g fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" stroke-linecap="round">',
    '<path d="M56 70 q-12 -16 0 -32 q12 -16 0 -32"/><path d="M86 70 q-12 -16 0 -32 q12 -16 0 -32"/>',
    '</g>',
    '<circle cx="128" cy="140" r="22" fill="none" stroke="#fafafa" stroke-width="10"/>',
    '<path d="M24 90 h112 v70 q0 40 -40 40 h-32 q-40 0 -40 -40z" fill="#fafafa"/>',
    '<ellipse cx="80" cy="92" rx="54" ry="10" fill="#5d4037"/>',
    '<ellipse cx="80" cy="208" rx="76" ry="12" fill="#e0e0e0"/>',
  ].join(''),
  hotdog: [
    '<ellipse cx="80" cy="176" rx="78" ry="30" fill="#d68a3c"/>',
    '<rect x="0" y="134" width="160" height="30" rx="15" fill="#c0392b"/>',
    '<polyline points="14,148 30,140 46,156 62,140 78,156 94,140 110,156 126,140 146,150" fill="none" stroke="#ffd600" stroke-width="5" stroke-linejoin="round"/>',
    '<path d="M6 156 q74 40 148 0 v10 q-74 48 -148 0z" fill="#e8a25a"/>',
  ].join(''),
};

/** A square picture: the item's drawings side by side over its colours, its name below. */
function pictureSvg(candy: SeedCandy): string {
  const [top, bottom] = candy.colors;
  const count = candy.drawings.length;
  const total = count * WIDTH + (count - 1) * GAP;
  const scale = Math.min(1.2, 340 / total);
  const left = (400 - total * scale) / 2;
  const art = candy.drawings
    .map(
      (drawing, index) =>
        `<g transform="translate(${(left + index * (WIDTH + GAP) * scale).toFixed(1)} ${(310 - HEIGHT * scale).toFixed(1)}) scale(${scale.toFixed(3)})">${drawings[drawing]}</g>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(candy.name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    '<rect width="400" height="400" fill="url(#g)"/>',
    art,
    `<text x="200" y="366" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${candy.name.length > 14 ? 28 : 32}" font-weight="700" fill="#ffffff">${escapeXml(candy.name.toUpperCase())}</text>`,
    '</svg>',
  ].join('');
}

const seededBySlug = new Map(seedCandy.map((candy) => [candy.slug, candy]));

/** The picture of a seeded item, or undefined for an unknown slug. */
export function seededPicture(slug: string): string | undefined {
  const candy = seededBySlug.get(slug);
  return candy ? pictureSvg(candy) : undefined;
}
