import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Username = Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' });
/** Passwords being set; the ones checked at login only need to be non-empty. */
export const NewPassword = Type.String({ minLength: 8, maxLength: 128 });
export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export const UserId = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });

export const UserView = Type.Object({ id: Type.String(), username: Type.String(), email: Type.String(), role: Role });
export const Message = Type.Object({ message: Type.String() });

const ErrorBody = Type.Ref('ErrorBody#');

/** Response schemas of the given error codes, all `{statusCode, error}`. */
export function errors<const Codes extends readonly number[]>(...codes: Codes): { [C in Codes[number]]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [C in Codes[number]]: typeof ErrorBody };
}

/** Codes any route with a JSON body can answer before its handler runs. */
export const BODY_ERRORS = [400, 413, 415] as const;

export const bearerAuth = [{ bearer: [] }];

