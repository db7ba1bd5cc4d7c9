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
    const path = url.pathname + url.search;
    const request: FakeRequest = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes.get(`${method} ${path}`) ?? routes.get(`${method} ${url.pathname}`);
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { statusCode: 404, error: 'Ruta no encontrada' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      text: async () => text,
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

export const users = {
  ana: { id: 'u-ana', username: 'ana', email: 'ana@cine.test', role: 'user' as const },
  root: { id: 'u-root', username: 'root', email: 'root@cine.test', role: 'admin' as const },
};

/** Puts a stored session in place and teaches the fake how the server verifies it. */
export function signedInAs(api: FakeApi, user: (typeof users)[keyof typeof users], token = `token-${user.id}`) {
  localStorage.setItem('sw-token', token);
  localStorage.setItem('sw-user-id', user.id);
  api.on('GET', '/api/auth/verifyrole', { status: 200, body: { role: user.role, id: user.id } });
  api.on('GET', '/api/auth/me', { status: 200, body: user });
}
