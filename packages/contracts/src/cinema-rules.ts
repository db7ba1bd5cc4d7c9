/**
 * The chain's values and rules (issue 38) a web app and a service both use, apart from the schemas of
 * cinemas.ts so that a web bundle importing them never carries TypeBox.
 */
import type { TokenClaims } from './api';
import { CINEMA_TIME_ZONE } from './api';

/**
 * The cinema every installation had before the chain: today's configured cinema (CINEMA_NAME,
 * CINEMA_ADDRESS, CINEMA_HOURS, CINEMA_TIME_ZONE) with rooms 1–5. Shows, orders and tickets stored
 * before cinemas existed belong to it; staff registered before then are bound to it.
 */
export const FIRST_CINEMA_ID = 'c1e000000000000000000001';

/** The other cinemas the embedded default is seeded with (a fresh installation only). */
export const SEEDED_CINEMA_IDS = [FIRST_CINEMA_ID, 'c1e000000000000000000002', 'c1e000000000000000000003'] as const;

/** The zone of the first cinema when CINEMA_TIME_ZONE is not set. */
export const DEFAULT_CINEMA_TIME_ZONE = CINEMA_TIME_ZONE;

/** What the URL (`?cine=<slug>`) and the device remember of the buyer's cinema. */
export const CINEMA_QUERY_PARAM = 'cine';

/** The Spanish answers of the chain's rules (4xx messages). */
export const CINEMA_MESSAGES = {
  cinemaNotFound: 'No existe ese cine.',
  roomNotFound: 'No existe esa sala en este cine.',
  slugTaken: 'Ya existe un cine con ese slug.',
  roomNameTaken: 'Ya existe una sala con ese nombre en este cine.',
  invalidTimeZone: 'La zona horaria no es válida: usa un nombre IANA, por ejemplo America/Argentina/Buenos_Aires.',
  roomOfOtherCinema: 'La sala elegida no pertenece a ese cine.',
  notYourCinema: 'No tienes acceso a ese cine.',
  managersOnly: 'Solo un administrador o un gerente del cine puede realizar esta acción.',
  cinemasRequired: 'Elige al menos un cine para el gerente o el personal.',
} as const;

/** The door's verdict on a ticket of another cinema (result `wrong_cinema`). */
export function wrongCinemaMessage(cinemaName: string): string {
  return `Entrada para ${cinemaName}, no para este cine`;
}

/** A cart holds the seats of one cinema at a time: adding another's is refused (409) with this. */
export function cartOfOtherCinemaMessage(cinemaName: string): string {
  return `Tu carrito tiene entradas de ${cinemaName}. Vacíalo para elegir butacas en otro cine.`;
}

// Names like 'Europe/Madrid', 'UTC', 'America/Argentina/Buenos_Aires'; not offsets ('+01:00'), which Intl also takes.
const ZONE_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

/** True for a time zone of the IANA database that this runtime knows. */
export function isIanaTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Which cinemas a caller may act on: every one (admin), or those of their token (manager, staff). */
export type CinemaScope = { all: true } | { all: false; cinemaIds: readonly string[] };

/** The scope a token grants: admin all; manager and staff their `cin`; a buyer none. */
export function cinemaScopeOf(claims: Pick<TokenClaims, 'role' | 'cin'>): CinemaScope {
  if (claims.role === 'admin') return { all: true };
  if (claims.role === 'manager' || claims.role === 'staff') return { all: false, cinemaIds: claims.cin ?? [] };
  return { all: false, cinemaIds: [] };
}

export function scopeIncludes(scope: CinemaScope, cinemaId: string): boolean {
  return scope.all || scope.cinemaIds.includes(cinemaId);
}
