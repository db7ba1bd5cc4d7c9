import { Type } from '@sinclair/typebox';

export const ObjectIdText = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
export const Message = Type.Object({ message: Type.String() });

const ErrorBody = Type.Ref('ErrorBody#');

/** Response schemas of the given error codes, all `{statusCode, error}`. */
export function errors<const Codes extends readonly number[]>(...codes: Codes): { [C in Codes[number]]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [C in Codes[number]]: typeof ErrorBody };
}

/** Codes any route with a JSON body can answer before its handler runs. */
export const BODY_ERRORS = [400, 413, 415] as const;

export const bearerAuth = [{ bearer: [] }];

const Weekday = Type.Union([
  Type.Literal('Domingo'),
  Type.Literal('Lunes'),
  Type.Literal('Martes'),
  Type.Literal('Miércoles'),
  Type.Literal('Jueves'),
  Type.Literal('Viernes'),
  Type.Literal('Sabado'),
]);

/** ShowView of @cine/contracts. */
export const ShowView = Type.Object({
  id: Type.String(),
  schedule: Type.String({ description: "Start 'HH:MM', cinema's local time" }),
  day: Weekday,
  date: Type.String({ description: "'yyyy-mm-dd', cinema's local date" }),
  startsAt: Type.String({ description: 'ISO instant' }),
  movieId: Type.String(),
  roomId: Type.Integer({ minimum: 1, maximum: 5 }),
  type: Type.Union([Type.Literal('2D'), Type.Literal('3D')]),
  price: Type.Integer({ description: 'Ticket price in cents' }),
  seats: Type.Integer({ description: 'Seats still available (neither sold nor held)' }),
  capacity: Type.Integer(),
  movie: Type.Object({ Title: Type.String() }),
});
