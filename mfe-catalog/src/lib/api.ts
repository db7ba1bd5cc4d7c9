import { apiRequest, type RequestOptions } from '@cine/web-kit';

export { ApiError } from '@cine/web-kit';

/** The session token comes from the shell through the page's `session` prop. */
type TokenOption = Omit<RequestOptions, 'body'>;

export const api = {
  get: <T>(path: string, options?: TokenOption) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: TokenOption) => apiRequest<T>('POST', path, { ...options, body }),
};
