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
