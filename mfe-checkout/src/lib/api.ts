import { apiRequest } from '@cine/web-kit';

export { ApiError, errorMessage } from '@cine/web-kit';

/** The session token comes from the shell through the `session` prop. */
export const api = {
  get: <T>(path: string, token?: string | null) => apiRequest<T>('GET', path, { token }),
  post: <T>(path: string, body: unknown, token?: string | null) => apiRequest<T>('POST', path, { body, token }),
};
