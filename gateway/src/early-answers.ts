import type { ApiErrorBody } from '@cine/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers given before a route's hooks run, so neither the kit's error handler
 * (Spanish `{statusCode, error}`) nor the security-headers hook reach them:
 * Fastify's router errors (a URL that does not decode, a parameter over 100
 * characters), Node's refusals of a malformed request (400, 431, 408) and of
 * an expectation other than 100-continue (417). Each is worded here, in the
 * same format and with the same headers as every other answer.
 */

export const NON_NORMAL_PATH_MESSAGE = 'La ruta de la solicitud no es válida.';
export const PATH_TOO_LONG_MESSAGE = 'La ruta de la solicitud es demasiado larga.';
const MALFORMED_REQUEST_MESSAGE = 'La solicitud HTTP no es válida.';
const HEADERS_TOO_LARGE_MESSAGE = 'Las cabeceras de la solicitud son demasiado grandes.';
const REQUEST_TIMEOUT_MESSAGE = 'La solicitud tardó demasiado en llegar. Intenta de nuevo.';
const UNSUPPORTED_EXPECTATION_MESSAGE = 'El servidor solo admite la expectativa 100-continue en la cabecera Expect.';
const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor. Intenta de nuevo más tarde.';

type Headers = Readonly<Record<string, string>>;

function errorBody(statusCode: number, error: string): string {
  const body: ApiErrorBody = { statusCode, error };
  return JSON.stringify(body);
}

/** Fastify's `frameworkErrors`: FST_ERR_BAD_URL (`/%ff`), FST_ERR_MAX_PARAM_LENGTH (414) and FST_ERR_ASYNC_CONSTRAINT. */
export function frameworkErrorAnswers(headers: Headers) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [statusCode, message] =
      error.code === 'FST_ERR_BAD_URL'
        ? [400, NON_NORMAL_PATH_MESSAGE]
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, PATH_TOO_LONG_MESSAGE]
          : [500, INTERNAL_ERROR_MESSAGE];
    request.log.info({ err: { message: error.message, code: error.code }, statusCode }, 'request rejected');
    void reply
      .code(statusCode)
      .headers(headers)
      .header('x-request-id', request.id)
      .type('application/json; charset=utf-8')
      .send(errorBody(statusCode, message));
  };
}

/** A whole answer written on a socket that carries no parsed request (Node's clientError), then closed. */
function rawAnswer(statusCode: number, message: string, headers: Headers): string {
  const body = errorBody(statusCode, message);
  const lines = [
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler` (Node could not parse the request), as Fastify's default but in Spanish and with the headers. */
export function clientErrorAnswers(headers: Headers) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [statusCode, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, REQUEST_TIMEOUT_MESSAGE]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, HEADERS_TOO_LARGE_MESSAGE]
          : [400, MALFORMED_REQUEST_MESSAGE];
    if (socket.writable) socket.write(rawAnswer(statusCode, message, headers));
    socket.destroy(error);
  };
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
