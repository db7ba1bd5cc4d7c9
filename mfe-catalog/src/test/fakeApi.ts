import type { Movie } from '../features/movies/types';

/**
 * A small fake of the gateway at the network boundary: tests declare answers per
 * method and path, the app's real fetch wrapper talks to it.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  on(method: string, path: string, answer: FakeAnswer | Handler): FakeApi;
  requests: FakeRequest[];
  requestsTo(method: string, path: string): FakeRequest[];
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const fakeFetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    // Other origins (the chatbot's dog API) are keyed by their full URL.
    const local = url.origin === 'http://localhost';
    const path = local ? url.pathname + url.search : url.href;
    const request: FakeRequest = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes.get(`${method} ${path}`) ?? routes.get(`${method} ${local ? url.pathname : url.href}`);
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { statusCode: 404, error: 'Ruta no encontrada' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      text: async () => text,
      json: async () => JSON.parse(text),
    };
  };
  globalThis.fetch = fakeFetch as unknown as typeof fetch;

  const api: FakeApi = {
    on(method, path, answer) {
      routes.set(`${method.toUpperCase()} ${path}`, typeof answer === 'function' ? answer : () => answer);
      return api;
    },
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
  };
  return api;
}

/** A movie with believable values; tests override what they look at. */
export function aMovie(overrides: Partial<Movie> = {}): Movie {
  return {
    id: 'm1',
    Title: 'Intensa-Mente 3',
    Poster: '/api/images/intensamente.png',
    Rated: 'ATP',
    Plot: 'Las emociones de Riley vuelven a la sede central.',
    Genre: 'Animación, Comedia',
    Actors: 'Amy Poehler, Phyllis Smith',
    Director: 'Kelsey Mann',
    Runtime: 96,
    Language: 'Español',
    Release: '2026-01-10T00:00:00.000Z',
    ReleaseText: '10 Jan 2026',
    ReleaseDate: '2026-01-10',
    Trailer: 'https://www.youtube.com/embed/abcdefghijk',
    Type: '2D',
    ...overrides,
  };
}

/** `count` distinct movies titled 'Película 1', 'Película 2', ... */
export function manyMovies(count: number, overrides: Partial<Movie> = {}): Movie[] {
  return Array.from({ length: count }, (_, i) => aMovie({ id: `m${i + 1}`, Title: `Película ${i + 1}`, ...overrides }));
}
