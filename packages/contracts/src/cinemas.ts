/**
 * The chain's cinemas (issue 38): each with its rooms, address, hours and time zone, kept as data by
 * booking (which owns rooms and shows) and announced to the other services (`cinema.saved`). Movies
 * stay chain-wide; shows, rooms and staff belong to a cinema. Browser-safe: the web apps import it.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { TokenClaims } from './api';
import { CINEMA_TIME_ZONE } from './api';
import { ObjectIdText } from './primitives';

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

export const CinemaSlug = Type.String({
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  minLength: 2,
  maxLength: 40,
  description: "Lowercase letters, digits and dashes, e.g. 'norte': the buyer's URL says ?cine=norte",
});

export const TimeZoneName = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "An IANA time zone, e.g. 'America/Argentina/Buenos_Aires' (isIanaTimeZone)",
});

/** A room as the cinema list names it. Room ids are whole numbers unique across the chain (rooms 1–5 are the first cinema's). */
export const CinemaRoomView = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ description: "e.g. 'Sala 1'" }),
  capacity: Type.Integer({ description: 'Seats of its layout' }),
});
export type CinemaRoomView = Static<typeof CinemaRoomView>;

/** GET /cinemas (anyone): every cinema of the chain with its rooms. */
export const CinemaView = Type.Object({
  id: ObjectIdText,
  slug: Type.String(),
  name: Type.String(),
  city: Type.String(),
  address: Type.String(),
  hours: Type.String(),
  timeZone: Type.String(),
  rooms: Type.Array(CinemaRoomView),
});
export type CinemaView = Static<typeof CinemaView>;

/** POST /cinemas (admin). */
export const CinemaForm = Type.Object(
  {
    slug: CinemaSlug,
    name: Type.String({ minLength: 1, maxLength: 60 }),
    city: Type.String({ minLength: 1, maxLength: 60 }),
    address: Type.String({ minLength: 1, maxLength: 200 }),
    hours: Type.String({ minLength: 1, maxLength: 200 }),
    timeZone: TimeZoneName,
  },
  { additionalProperties: false },
);
export type CinemaForm = Static<typeof CinemaForm>;

/** PUT /cinemas/{id} (admin): the fields sent change, the others keep their value. */
export const CinemaChanges = Type.Partial(CinemaForm, { additionalProperties: false, minProperties: 1 });
export type CinemaChanges = Static<typeof CinemaChanges>;

/** A show's cinema, as every show view carries it. */
export const CinemaRef = Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String(), city: Type.String() });
export type CinemaRef = Static<typeof CinemaRef>;

/** Where a cart, order, ticket or e-ticket is for: the cinema's name and address. */
export const CinemaPlace = Type.Object({ id: Type.String(), name: Type.String(), address: Type.String() });
export type CinemaPlace = Static<typeof CinemaPlace>;

/** `?cinemaId=`: the listings and reports of one cinema (all cinemas without it). */
export const CinemaFilter = Type.Object({ cinemaId: Type.Optional(ObjectIdText) });
export type CinemaFilter = Static<typeof CinemaFilter>;

/** GET /sales/cinemas?from=&to= (admin: every cinema; manager: theirs): one row per cinema. */
export const CinemaSalesRow = Type.Object({
  cinemaId: Type.String(),
  name: Type.String(),
  tickets: Type.Integer({ minimum: 0 }),
  totalPrice: Type.Integer({ description: 'Cents sold (tickets and candy), refunds not subtracted' }),
  netPrice: Type.Integer({ description: 'Cents sold less cents refunded' }),
});
export type CinemaSalesRow = Static<typeof CinemaSalesRow>;

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
