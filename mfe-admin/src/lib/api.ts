import { apiRequest as send, type Method } from '@cine/web-kit';

export { errorMessage } from '@cine/web-kit';

/** Every admin call carries the session token as a bearer header; a FormData body goes out as multipart. */
export function apiRequest<T>(method: Method, path: string, token: string, body?: unknown): Promise<T> {
  return send<T>(method, path, { token, body });
}
