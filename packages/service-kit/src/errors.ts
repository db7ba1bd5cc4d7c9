import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@cine/contracts';
import { describeValidationError } from './validation-messages';

/** Messages for the framework's own 4xx errors, by Fastify error code. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo JSON está vacío.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo no es un JSON válido.',
  FST_JWT_NO_AUTHORIZATION_IN_HEADER: 'Debes iniciar sesión.',
  FST_JWT_AUTHORIZATION_TOKEN_EXPIRED: 'La sesión expiró. Inicia sesión nuevamente.',
  FST_JWT_AUTHORIZATION_TOKEN_INVALID: 'La sesión no es válida. Inicia sesión nuevamente.',
  FST_JWT_AUTHORIZATION_TOKEN_UNTRUSTED: 'La sesión no es válida. Inicia sesión nuevamente.',
  FST_JWT_BAD_REQUEST: 'La cabecera Authorization debe tener el formato Bearer <token>.',
  // @fastify/jwt's "Unsigned authorization token" (alg: none) carries fast-jwt's code.
  FAST_JWT_MISSING_SIGNATURE: 'La sesión no es válida. Inicia sesión nuevamente.',
};

const statusMessages: Record<number, string> = {
  400: 'Solicitud inválida.',
  401: 'Debes iniciar sesión.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'Recurso no encontrado.',
  409: 'El recurso ya existe.',
  413: 'El cuerpo de la solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  429: 'Demasiadas solicitudes. Intenta de nuevo en unos minutos.',
};

/**
 * Our own errors (http errors with a Spanish message, and schema validation
 * errors formatted in Spanish) keep their message; other framework errors
 * get a Spanish message by code or by status.
 */
/** Token errors @fastify/jwt passes on unwrapped (another algorithm, a malformed header…) are a 401 like any bad token. */
const INVALID_TOKEN = 'La sesión no es válida. Inicia sesión nuevamente.';
function isRawTokenError(error: FastifyError): boolean {
  return typeof error.code === 'string' && error.code.startsWith('FAST_JWT_') && !(error.statusCode && error.statusCode < 500);
}

function messageFor(error: FastifyError, statusCode: number): string {
  const byCode = error.code ? frameworkMessages[error.code] : undefined;
  if (byCode) return byCode;
  const fromFramework = error.code?.startsWith('FST_') && !error.validation;
  if (!fromFramework && error.message) return error.message;
  return statusMessages[statusCode] ?? 'Solicitud inválida.';
}

/**
 * One error handler for every service: 4xx answer `{statusCode, error}` with a
 * readable Spanish message; 5xx never leak internals; everything is logged
 * with the request.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const first = errors[0];
    const error = new Error(first ? describeValidationError(first, dataVar) : 'Solicitud inválida.');
    return error;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isRawTokenError(error)) {
      request.log.info({ err: { message: error.message, code: error.code }, statusCode: 401 }, 'request rejected');
      const body: ApiErrorBody = { statusCode: 401, error: INVALID_TOKEN };
      return reply.status(401).send(body);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ApiErrorBody = { statusCode, error: 'Error interno del servidor. Intenta de nuevo más tarde.' };
      return reply.status(statusCode).send(body);
    }
    request.log.info({ err: { message: error.message, code: error.code }, statusCode }, 'request rejected');
    const body: ApiErrorBody = { statusCode, error: messageFor(error, statusCode) };
    return reply.status(statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiErrorBody = { statusCode: 404, error: `No existe la ruta ${request.method} ${request.url.split('?')[0]}.` };
    return reply.status(404).send(body);
  });
}
