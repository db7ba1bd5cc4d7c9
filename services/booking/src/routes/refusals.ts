import type { ServiceApp } from '@cine/service-kit';
import { isRefusal, type Refusal, type RefusalKind, type Result } from '../refusal';

/** THE status code of each kind of refusal (the only place booking knows them). */
export const STATUS_OF: Record<RefusalKind, 400 | 402 | 403 | 404 | 409 | 502 | 503> = {
  invalid: 400,
  'not-found': 404,
  forbidden: 403,
  conflict: 409,
  declined: 402,
  'provider-refused': 502,
  busy: 503,
};

/** The refusal as an HTTP error for the kit's error handler (`{statusCode, error}` with its message). */
export function httpErrorOf(app: ServiceApp, refusal: Refusal): Error {
  return app.httpErrors.createError(STATUS_OF[refusal.kind], refusal.message);
}

/** The value of a result, or its refusal thrown as the HTTP error. */
export async function valueOr<T>(app: ServiceApp, result: Promise<Result<T>>): Promise<T> {
  const answer = await result;
  if (isRefusal(answer)) throw httpErrorOf(app, answer);
  return answer;
}
