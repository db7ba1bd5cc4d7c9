/**
 * Return-to-place: a guest who must sign in to buy leaves a movie's page for /login or /register
 * and comes back to the same show with the same choices. The place travels in the URL (`?volver=`),
 * so it survives a registration, a reload and a new tab, and nothing is stored in the browser.
 */
import { isObjectIdText } from '@cine/contracts';

/** The query parameter of /login and /register that says where to go afterwards. */
const RETURN_PARAM = 'volver';

/** Where a buyer was on a movie's page: the show chosen (day, time and format are the show's) and how many tickets. */
export interface PurchasePlace {
  movieId: string;
  showId?: string;
  quantity?: number;
  /** Open the quantity dialog on arrival: the buyer had pressed Comprar. */
  buying?: boolean;
}

/** A movie's page at a place: `/movies/{id}?funcion={showId}&entradas={n}&comprar=1`. */
export function purchasePlaceUrl({ movieId, showId, quantity, buying }: PurchasePlace): string {
  const query = new URLSearchParams();
  if (showId) query.set('funcion', showId);
  if (quantity !== undefined && Number.isInteger(quantity) && quantity > 0) query.set('entradas', String(quantity));
  if (buying) query.set('comprar', '1');
  const text = query.toString();
  return `/movies/${encodeURIComponent(movieId)}${text ? `?${text}` : ''}`;
}

/** The place a movie page's URL carries (its search part), without the movie, which is the path's. */
export function readPurchasePlace(search: string): Omit<PurchasePlace, 'movieId'> {
  const query = new URLSearchParams(search);
  const showId = query.get('funcion') ?? '';
  const quantity = Number(query.get('entradas'));
  return {
    ...(isObjectIdText(showId) ? { showId } : {}),
    ...(Number.isInteger(quantity) && quantity > 0 && quantity <= 10 ? { quantity } : {}),
    ...(query.get('comprar') === '1' ? { buying: true } : {}),
  };
}

/**
 * A path of this site to come back to, or null: never another origin (`//host`, `https:`, `/\host`) or a
 * path too long to be one. The path is normalised first (dot segments, `%2e`, backslashes), then judged:
 * `/.//evil.example/x` resolves to `//evil.example/x`, which a browser reads as another host.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512 || !value.startsWith('/')) return null;
  if ([...value].some((character) => character < ' ' || character === '\u007f')) return null;
  let path: string;
  try {
    // Resolved against a placeholder origin: anything that leaves it is not a path of this site.
    const resolved = new URL(value, 'https://cine.invalid');
    if (resolved.origin !== 'https://cine.invalid') return null;
    path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
  // The normalised path must start a path of this site: not `//host`, nor a backslash, nor one encoded.
  const start = path.slice(0, 4).toLowerCase();
  if (start.startsWith('//') || start.startsWith('/\\') || start.startsWith('/%5c') || start.startsWith('/%2f')) return null;
  return path;
}

/** /login or /register with the place to come back to (nothing when it is not a path of this site). */
export function signInUrl(page: 'login' | 'register', returnTo: string | null | undefined): string {
  const path = safeReturnPath(returnTo);
  return path ? `/${page}?${RETURN_PARAM}=${encodeURIComponent(path)}` : `/${page}`;
}

/** Where /login or /register sends the visitor afterwards: the `?volver=` path, else `fallback`. */
export function returnPathOf(search: string, fallback: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? fallback;
}
