/**
 * A small fake of the gateway at the network boundary: tests declare answers per
 * method and path, the app's real fetch wrapper talks to it. Other origins (the
 * chatbot's dog API) are keyed by their full URL.
 */
import type { CinemaView, PricedLine, ShowView } from '@cine/contracts';
export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the FormData of a multipart upload. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  /** Sent as JSON; a string is sent as it is (a downloaded file's text). */
  body?: unknown;
  /** Response headers, e.g. a download's Content-Disposition. */
  headers?: Record<string, string>;
  /** A server-sent event stream as the answer's body (read with getReader, as the authenticated streams are). */
  stream?: FakeEventStream;
}

/**
 * A server-sent event stream the test writes to (issue 40's GET /presales/{id}/me/stream): each request
 * answered with it gets a connection of its own; `send` writes an event to the open ones, `drop` ends them.
 */
export interface FakeEventStream {
  send(type: string, data: unknown, id?: string): void;
  /** Ends every open connection (the client is expected to reconnect). */
  drop(): void;
  /** Connections opened so far, and those still open. */
  readonly opened: number;
  readonly open: number;
  /** Internal: a connection's body for one request. */
  connect(signal?: AbortSignal | null): {
    getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
  };
}

export function fakeEventStream(): FakeEventStream {
  const connections = new Set<{ write(text: string | null): void }>();
  let opened = 0;
  const encoder = new TextEncoder();
  return {
    get opened() {
      return opened;
    },
    get open() {
      return connections.size;
    },
    send(type, data, id) {
      const text = `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const connection of connections) connection.write(text);
    },
    drop() {
      for (const connection of [...connections]) connection.write(null);
    },
    connect(signal) {
      opened += 1;
      const queue: Array<string | null> = [];
      let waiting: ((text: string | null) => void) | null = null;
      let failed: ((error: Error) => void) | null = null;
      const connection = {
        write(text: string | null) {
          if (text === null) connections.delete(connection);
          if (waiting) {
            const resolve = waiting;
            waiting = null;
            failed = null;
            resolve(text);
          } else queue.push(text);
        },
      };
      connections.add(connection);
      signal?.addEventListener('abort', () => {
        connections.delete(connection);
        failed?.(new Error('aborted'));
      });
      const next = (): Promise<string | null> =>
        queue.length > 0
          ? Promise.resolve(queue.shift() as string | null)
          : new Promise((resolve, reject) => {
              waiting = resolve;
              failed = reject;
            });
      return {
        getReader: () => ({
          read: async () => {
            if (signal?.aborted) throw new Error('aborted');
            const text = await next();
            return text === null ? { done: true } : { done: false, value: encoder.encode(text) };
          },
          cancel: async () => {
            connections.delete(connection);
          },
        }),
      };
    },
  };
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  on(method: string, path: string, answer: FakeAnswer | Handler): FakeApi;
  requests: FakeRequest[];
  requestsTo(method: string, path: string): FakeRequest[];
  /** The one request sent to that path; fails the test when there were none or several. */
  onlyRequestTo(method: string, path: string): FakeRequest;
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const fakeFetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const local = url.origin === 'http://localhost';
    const path = local ? url.pathname + url.search : url.href;
    const request: FakeRequest = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const handler = routes.get(`${method} ${path}`) ?? routes.get(`${method} ${local ? url.pathname : url.href}`);
    const answer = handler ? await handler(request) : { status: 404, body: { statusCode: 404, error: 'Ruta no encontrada' } };
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const headers = new Map(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    if (answer.stream) {
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
        body: answer.stream.connect(init.signal),
      };
    }
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
      json: async () => JSON.parse(text),
      blob: async () => new Blob([text], { type: headers.get('content-type') ?? '' }),
    };
  };
  globalThis.fetch = fakeFetch as unknown as typeof fetch;

  const api: FakeApi = {
    on(method, path, answer) {
      routes.set(`${method.toUpperCase()} ${path}`, typeof answer === 'function' ? answer : () => answer);
      return api;
    },
    requests,
    requestsTo: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    onlyRequestTo(method, path) {
      const sent = api.requestsTo(method, path);
      const [request] = sent;
      if (sent.length !== 1 || !request) throw new Error(`Expected one ${method} ${path}, got ${sent.length}`);
      return request;
    },
  };
  return api;
}

/** A show's one General price, as the fixtures' shows sell (contracts' ShowView `priceCard` and `prices`). */
export function generalPricing(price: number): Pick<ShowView, 'priceCard' | 'prices'> {
  return {
    priceCard: { id: 'card-1', name: 'Tarifa general' },
    prices: [{ type: 'general', name: 'General', description: '', requiresId: false, price }],
  };
}

/** Each seat a General ticket at `unitPrice` (contracts' PricedLine), as the fixtures' orders and carts carry. */
export function generalLines(seatLabels: readonly string[], unitPrice: number): PricedLine[] {
  return seatLabels.map((seatLabel) => ({
    seatLabel,
    type: 'general',
    typeName: 'General',
    category: 'standard',
    base: unitPrice,
    surcharges: [],
    total: unitPrice,
  }));
}

/** The chain as the embedded default seeds it (issue 38's plan): three cinemas in two cities. */
export const CHAIN_CINEMAS: CinemaView[] = [
  {
    id: 'c1e000000000000000000001',
    slug: 'centro',
    name: 'Cine Centro',
    city: 'Buenos Aires',
    address: 'Av. Corrientes 1234, Buenos Aires',
    hours: 'Todos los días de 12 a 24',
    timeZone: 'America/Argentina/Buenos_Aires',
    rooms: [{ id: 1, name: 'Sala 1', capacity: 60 }],
  },
  {
    id: 'c1e000000000000000000002',
    slug: 'norte',
    name: 'Cine Norte',
    city: 'Buenos Aires',
    address: 'Av. Maipú 2500, Olivos',
    hours: 'Todos los días de 14 a 24',
    timeZone: 'America/Argentina/Buenos_Aires',
    rooms: [{ id: 6, name: 'Sala 1', capacity: 80 }],
  },
  {
    id: 'c1e000000000000000000003',
    slug: 'cordoba',
    name: 'Cine Córdoba',
    city: 'Córdoba',
    address: 'Av. Colón 1050, Córdoba',
    hours: 'Todos los días de 15 a 23',
    timeZone: 'America/Argentina/Cordoba',
    rooms: [{ id: 9, name: 'Sala 1', capacity: 50 }],
  },
];

/** A show's cinema as show views carry it (CinemaRef), by slug. */
export function cinemaRefOf(slug: string): Pick<ShowView, 'cinemaId' | 'cinema'> {
  const cinema = CHAIN_CINEMAS.find((candidate) => candidate.slug === slug) ?? CHAIN_CINEMAS[0]!;
  return { cinemaId: cinema.id, cinema: { id: cinema.id, slug: cinema.slug, name: cinema.name, city: cinema.city } };
}

/** Answers GET /api/cinemas with the chain, and starts each test with no cinema chosen and none cached. */
export function withChainCinemas(api: FakeApi, cinemas: CinemaView[] = CHAIN_CINEMAS): FakeApi {
  (globalThis as { __CINE_CINEMAS__?: unknown }).__CINE_CINEMAS__ = undefined;
  return api.on('GET', '/api/cinemas', { status: 200, body: cinemas });
}

/** An order's, cart's or ticket's cinema (CinemaPlace), by slug. */
export function cinemaPlaceOf(slug = 'centro'): { id: string; name: string; address: string } {
  const cinema = CHAIN_CINEMAS.find((candidate) => candidate.slug === slug) ?? CHAIN_CINEMAS[0]!;
  return { id: cinema.id, name: cinema.name, address: cinema.address };
}
