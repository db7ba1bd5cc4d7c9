import type { ApiErrorBody } from '@cine/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers given before a route's hooks run, so neither the kit's error handler
 * (Spanish `{statusCode, error}`) nor the security-headers hook reach them:
 * Node's refusal of an expectation other than 100-continue (417). It is worded
 * here, in the same format and with the same headers as every other answer.
 */

const UNSUPPORTED_EXPECTATION_MESSAGE = 'El servidor solo admite la expectativa 100-continue en la cabecera Expect.';

type Headers = Readonly<Record<string, string>>;

function errorBody(statusCode: number, error: string): string {
  const body: ApiErrorBody = { statusCode, error };
  return JSON.stringify(body);
}

/**
 * Node's `checkExpectation`: an Expect other than 100-continue is refused with 417 (RFC 9110 §10.1.1).
 * 100-continue itself is answered by Node (100 Continue, then the body is read as usual).
 */
export function unsupportedExpectationAnswer(headers: Headers) {
  return (_request: IncomingMessage, response: ServerResponse): void => {
    const body = errorBody(417, UNSUPPORTED_EXPECTATION_MESSAGE);
    response.writeHead(417, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
}
