/** Route-schema helpers every service shares: error answers, bearer security, ids. */
import { Type } from '@sinclair/typebox';

/** A MongoDB ObjectId as text, as ids travel in paths and bodies (declared once, in the contracts). */
export { ObjectIdText } from '@cine/contracts';

const ErrorBodyRef = Type.Ref('ErrorBody#');

/** Response schemas of the given error codes, all the contracts' ApiErrorBody `{statusCode, error}` (registered as the kit's ErrorBody). */
export function errors<const Codes extends readonly number[]>(...codes: Codes): { [C in Codes[number]]: typeof ErrorBodyRef } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodyRef])) as { [C in Codes[number]]: typeof ErrorBodyRef };
}

/** Codes any route with a JSON body can answer before its handler runs. */
export const BODY_ERRORS = [400, 413, 415] as const;

/** OpenAPI security of a route that needs `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearer: [] }];
