// Same request shape as the shell's api client; remotes keep their own copy instead of importing the shell.
const API_BASE = '/api';
const FALLBACK_MESSAGE = 'Hubo problemas. Intente nuevamente.';
const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Intente nuevamente.';

/** A failed API call: `status` is the HTTP status (0 when the server was unreachable), `message` the server's `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  /** Session token sent as a bearer header; the shell hands it to remote pages in `session`. */
  token?: string | null;
}

async function request<T>(method: Method, path: string, { body, token }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }

  const payload = parseJson(await response.text());
  if (!response.ok) {
    const serverMessage = isErrorBody(payload) ? payload.error : FALLBACK_MESSAGE;
    throw new ApiError(response.status, serverMessage);
  }
  return payload as T;
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(payload: unknown): payload is { error: string } {
  return typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'string';
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
};
