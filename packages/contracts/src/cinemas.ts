/**
 * The chain's cinemas (issue 38): each with its rooms, address, hours and time zone, kept as data by
 * booking (which owns rooms and shows) and announced to the other services (`cinema.saved`). Movies
 * stay chain-wide; shows, rooms and staff belong to a cinema. The rules and values the web apps use are in cinema-rules.ts, free of TypeBox.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ObjectIdText } from './primitives';

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
