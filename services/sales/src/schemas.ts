import { Type } from '@sinclair/typebox';

const ErrorBody = Type.Ref('ErrorBody#');

/** Response schemas of the given error codes, all `{statusCode, error}`. */
export function errors<const Codes extends readonly number[]>(...codes: Codes): { [C in Codes[number]]: typeof ErrorBody } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [C in Codes[number]]: typeof ErrorBody };
}

export const bearerAuth = [{ bearer: [] }];
