/**
 * The browser side of the API conventions (README, "API conventions"): every
 * call goes to /api, a failure carries the server's Spanish `error` text.
 * Shipped as source; each web app bundles it (it holds no state to share).
 */
import type { ApiErrorBody } from '@cine/contracts';

const API_BASE = '/api';

/** The URL the client fetches for an API `path`. */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

/** The catalog's reads of a first view: the catalog calls them, the shell preloads them on a landing page. */
export const catalogReads = {
  billboard: '/movies/billboard',
  premieres: '/movies/Premieres',
  movieDetail: (id: string) => `/movies/search/${encodeURIComponent(id)}`,
} as const;
export const FALLBACK_MESSAGE = 'Hubo problemas. Intente nuevamente.';
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

export interface CallOptions {
  /** Session token sent as a bearer header; `null` sends none; left out, the client's default token. */
  token?: string | null;
}

/** One client for every web app: the same calls, the same errors, the same token handling. */
export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** `body` is JSON-encoded, except a FormData, which goes out as multipart. */
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
}

/**
 * `defaultToken` gives the token of calls that do not name one: the shell reads its stored
 * session; remotes, which get the session as a prop, pass the token on each call.
 */
export function createApiClient(defaultToken: () => string | null = () => null): ApiClient {
  const call = <T>(method: Method, path: string, body: unknown, options: CallOptions = {}) =>
    send<T>(method, path, body, options.token === undefined ? defaultToken() : options.token);
  return {
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    delete: (path, body, options) => call('DELETE', path, body, options),
  };
}

/** The client of the remotes: each call names its token. */
export const api = createApiClient();

async function send<T>(method: Method, path: string, body: unknown, token: string | null): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body: payload });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }

  const answer = parseJson(await response.text());
  if (!response.ok) throw new ApiError(response.status, isErrorBody(answer) ? answer.error : FALLBACK_MESSAGE);
  return answer as T;
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(payload: unknown): payload is Pick<ApiErrorBody, 'error'> {
  return typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'string';
}

export type {
  LoadRemotePage,
  PurchaseMovie,
  PurchasePanelProps,
  RemoteModule,
  RemoteName,
  RemotePageProps,
  RemoteSession,
  RemoteWidgets,
  Session,
} from './remotes';

export { useAsyncData, type AsyncData } from './use-async-data';
