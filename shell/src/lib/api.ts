import { apiRequest, type Method } from '@cine/web-kit';
import { readStoredToken } from './sessionStorage';

export { ApiError } from '@cine/web-kit';

interface RequestOptions {
  /** Sends the stored session token as a bearer header (default true). */
  auth?: boolean;
}

function request<T>(method: Method, path: string, body: unknown, { auth = true }: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(method, path, { body, token: auth ? readStoredToken() : null });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
