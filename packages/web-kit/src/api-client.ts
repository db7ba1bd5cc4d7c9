/**
 * The browser side of the API conventions (README, "API conventions"): every
 * call goes to /api, a failure carries the server's Spanish `error` text.
 * Shipped as source; each web app bundles it (it holds no state to share).
 */
import type { ApiErrorBody } from '@cine/contracts';

const API_BASE = '/api';

/** The URL the client fetches for an API `path`. */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

/** `?cinemaId=` (or `&cinemaId=`) on a listing's path: one cinema's (issue 38); every cinema's without it. */
const ofCinema = (path: string, cinemaId?: string | null): string =>
  cinemaId ? `${path}${path.includes('?') ? '&' : '?'}cinemaId=${encodeURIComponent(cinemaId)}` : path;

/** The catalog remote's reads of a first view: its pages call them, the shell preloads them on a landing page. */
export const catalogReads = {
  billboard: '/movies/billboard',
  premieres: '/movies/Premieres',
  /** The billboard and premieres of one cinema (every cinema's without one). */
  billboardOf: (cinemaId?: string | null) => ofCinema('/movies/billboard', cinemaId),
  premieresOf: (cinemaId?: string | null) => ofCinema('/movies/Premieres', cinemaId),
  movieDetail: (id: string) => `/movies/search/${encodeURIComponent(id)}`,
  /** The 'Cartelera por día': every show of a cinema day (booking's), of the chosen cinema when there is one. */
  showsOnDate: (date: string, cinemaId?: string | null) => ofCinema(`/show/date?date=${encodeURIComponent(date)}`, cinemaId),
} as const;

/** The checkout remote's first read of a movie's purchase box: the shell preloads it when a page opens on a show. */
export const checkoutReads = {
  showsOfMovie: (movieId: string, cinemaId?: string | null) => ofCinema(`/show/all?movieId=${encodeURIComponent(movieId)}`, cinemaId),
} as const;

const FALLBACK_MESSAGE = 'Hubo problemas. Intente nuevamente.';
const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Inténtalo de nuevo.';

/**
 * A failed API call: `status` is the HTTP status (0 when the server was unreachable), `message` the server's
 * `error` text, `body` the parsed answer (a refusal that says more than `error`, e.g. a check-in's `result`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
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

/** A write's options: besides the token, the key that makes a retried write count once. */
export interface WriteOptions extends CallOptions {
  /**
   * Sent as the `Idempotency-Key` header (newIdempotencyKey): the same key for a retry of the same write (a double
   * click, a retry after a lost answer), a new one for a new write. Only endpoints that document it read it.
   */
  idempotencyKey?: string;
}

/** A fresh key for one write (WriteOptions.idempotencyKey): 32 hex characters; getRandomValues also works outside HTTPS. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A file the API answered: its bytes as sent, and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export interface DownloadOptions extends CallOptions {
  /** The Accept header, e.g. 'text/csv'; left out, any type. */
  accept?: string;
}

/**
 * Header the site's service worker adds to an answer it serves from its saved copy (the network being
 * unreachable): the ISO instant the copy was saved. Only GET /tickets/mine is saved (shell/src/service-worker).
 */
export const SAVED_AT_HEADER = 'X-Cine-Saved-At';

/** An answer that may come from the service worker's saved copy: `savedAt` is then when it was saved, else null. */
export interface MaybeSaved<T> {
  data: T;
  savedAt: string | null;
}

/** One client for every web app: the same calls, the same errors, the same token handling. */
export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** A GET the service worker may answer from its saved copy when offline (SAVED_AT_HEADER). */
  getMaybeSaved<T>(path: string, options?: CallOptions): Promise<MaybeSaved<T>>;
  /** `body` is JSON-encoded, except a FormData, which goes out as multipart. */
  post<T>(path: string, body?: unknown, options?: WriteOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: WriteOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: WriteOptions): Promise<T>;
  /** A GET that answers a file (a report, an export); it fails as the JSON calls do. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
}

/**
 * `defaultToken` gives the token of calls that do not name one: the shell reads its stored
 * session; remotes, which get the session as a prop, pass the token on each call.
 */
export function createApiClient(defaultToken: () => string | null = () => null): ApiClient {
  const tokenOf = (options: CallOptions = {}) => (options.token === undefined ? defaultToken() : options.token);
  const call = <T>(method: Method, path: string, body: unknown, options?: WriteOptions) =>
    sendJson<T>(method, path, body, tokenOf(options), options?.idempotencyKey);
  return {
    get: (path, options) => call('GET', path, undefined, options),
    getMaybeSaved: async (path, options) => {
      const response = await send('GET', path, { Accept: 'application/json' }, undefined, tokenOf(options));
      return { data: parseJson(await response.text()) as never, savedAt: response.headers.get(SAVED_AT_HEADER) };
    },
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    delete: (path, body, options) => call('DELETE', path, body, options),
    download: (path, options) => downloadFile(path, options?.accept ?? '*/*', tokenOf(options)),
  };
}

/** The client of the remotes: each call names its token. */
export const api = createApiClient();

async function sendJson<T>(method: Method, path: string, body: unknown, token: string | null, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await send(method, path, headers, payload, token);
  return parseJson(await response.text()) as T;
}

async function downloadFile(path: string, accept: string, token: string | null): Promise<DownloadedFile> {
  const response = await send('GET', path, { Accept: accept }, undefined, token);
  // The blob keeps the bytes as sent (text() would drop the BOM that spreadsheets need).
  const blob = await response.blob();
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob, fileName };
}

/** The one fetch of every call: an unreachable server and a refusal both end as an ApiError. */
async function send(method: Method, path: string, headers: Record<string, string>, body: BodyInit | undefined, token: string | null) {
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  if (!response.ok) {
    const answer = parseJson(await response.text());
    throw new ApiError(response.status, isErrorBody(answer) ? answer.error : FALLBACK_MESSAGE, answer);
  }
  return response;
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
