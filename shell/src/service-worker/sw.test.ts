/**
 * @jest-environment node
 */
/// <reference types="node" />
// The service worker's own source, types stripped as the build does (packages/webpack-config), run in a
// worker-like global with an in-memory Cache Storage and a network that can be switched off.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { transformSync } from '@swc/core';
import { SAVED_AT_HEADER } from '@cine/web-kit';

const ORIGIN = 'http://localhost:8080';
const source = path.join(__dirname, 'sw.ts');

/** A bearer JWT whose payload names `sub` (the worker never decodes nor verifies it); `sig` tells two sessions apart. */
const bearer = (sub: string, sig = 'sig') => `Bearer x.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.${sig}`;

/** The key the page sends for a session (lib/serviceWorker.ts): the SHA-256 of the token. */
const sessionKey = (authorization: string) => createHash('sha256').update(authorization.slice('Bearer '.length)).digest('hex');

class MemoryCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  private keyOf = (request: string | Request) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      match: async (request: string | Request) => store.get(this.keyOf(request))?.clone(),
      put: async (request: string | Request, response: Response) => void store.set(this.keyOf(request), response.clone()),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: string | Request) => store.delete(this.keyOf(request)),
    };
  }

  async keys() {
    return [...this.stores.keys()];
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }
}

interface Worker {
  caches: MemoryCaches;
  network: { online: boolean; served: string[]; answers: Map<string, () => Response> };
  /** A GET through the worker: its answer, or `undefined` when the worker leaves the request to the browser. */
  get(url: string, init?: { headers?: Record<string, string>; mode?: RequestMode }): Promise<Response | undefined>;
  dispatch(type: 'install' | 'activate' | 'message', data?: unknown): Promise<void>;
  cachedKeys(cache: string): string[];
}

function startWorker(build = 'b1', caches = new MemoryCaches()): Worker {
  const listeners = new Map<string, (event: unknown) => void>();
  const network: Worker['network'] = { online: true, served: [], answers: new Map() };
  const fakeFetch = async (input: Request | string) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    if (!network.online) throw new TypeError('Failed to fetch');
    network.served.push(url.pathname);
    const answer = network.answers.get(url.pathname);
    return answer ? answer() : new Response('not found', { status: 404 });
  };
  const self = {
    location: { origin: ORIGIN },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const { code } = transformSync(readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    isModule: false,
  });
  runInNewContext(code.replaceAll('__CINE_BUILD__', build), {
    self,
    caches,
    fetch: fakeFetch,
    Response,
    Headers,
    Request,
    URL,
    atob,
    crypto: globalThis.crypto,
    TextEncoder,
    Uint8Array,
    Date,
    JSON,
    Promise,
    Array,
  });

  return {
    caches,
    network,
    async get(url, init = {}) {
      let answer: Promise<Response> | undefined;
      const request = new Request(new URL(url, ORIGIN), { headers: init.headers });
      // Node's Request has no navigations: the mode is what the worker reads.
      Object.defineProperty(request, 'mode', { value: init.mode ?? 'cors' });
      listeners.get('fetch')?.({ request, respondWith: (response: Promise<Response>) => (answer = response), waitUntil: () => undefined });
      return answer;
    },
    async dispatch(type, data) {
      const work: Promise<unknown>[] = [];
      listeners.get(type)?.({ data, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
      await Promise.all(work);
    },
    cachedKeys: (cache) => [...(caches.stores.get(cache)?.keys() ?? [])],
  };
}

const json = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

test("the tickets answer comes from the network while it is there, and offline from the user's saved copy, dated", async () => {
  const worker = startWorker();
  worker.network.answers.set('/api/tickets/mine', json([{ code: 'ABCD2345' }]));

  const online = await worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana') } });
  expect(await online?.json()).toEqual([{ code: 'ABCD2345' }]);
  expect(online?.headers.get(SAVED_AT_HEADER)).toBeNull();

  worker.network.online = false;
  const saved = await worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana') } });
  expect(await saved?.json()).toEqual([{ code: 'ABCD2345' }]);
  expect(Date.parse(saved?.headers.get(SAVED_AT_HEADER) ?? '')).toBeGreaterThan(Date.now() - 60_000);

  // Another user on the same device gets no one else's tickets.
  await expect(worker.get('/api/tickets/mine', { headers: { authorization: bearer('bruno') } })).rejects.toThrow('Failed to fetch');
});

test('a refusal of the tickets (401) is passed on and not saved; no other API answer is ever kept', async () => {
  const worker = startWorker();
  worker.network.answers.set('/api/tickets/mine', () => new Response('{}', { status: 401 }));
  expect((await worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana') } }))?.status).toBe(401);
  expect(await worker.get('/api/movies/billboard')).toBeUndefined();
  expect(await worker.get('/api/auth/verifyrole', { headers: { authorization: bearer('ana') } })).toBeUndefined();
  expect(worker.cachedKeys('cine-tickets-v1')).toEqual([]);
  expect(worker.cachedKeys('cine-files-b1')).toEqual([]);
});

test('offline, every page route answers the saved index.html, remoteEntry.js its saved copy, bundles their cached copy', async () => {
  const worker = startWorker();
  worker.network.answers.set('/mis-entradas', () => new Response('<html>shell</html>', { headers: { 'content-type': 'text/html' } }));
  worker.network.answers.set('/remotes/checkout/remoteEntry.js', () => new Response('entry v1'));
  worker.network.answers.set('/main.0123abcd.js', () => new Response('bundle'));
  await worker.get('/mis-entradas', { mode: 'navigate' });
  await worker.get('/remotes/checkout/remoteEntry.js');
  await worker.get('/main.0123abcd.js');
  // A bundle named by its content is not asked again while cached.
  await worker.get('/main.0123abcd.js');
  expect(worker.network.served.filter((file) => file === '/main.0123abcd.js')).toHaveLength(1);

  worker.network.online = false;
  expect(await (await worker.get('/compra/o1', { mode: 'navigate' }))?.text()).toBe('<html>shell</html>');
  expect(await (await worker.get('/remotes/checkout/remoteEntry.js'))?.text()).toBe('entry v1');
  expect(await (await worker.get('/main.0123abcd.js'))?.text()).toBe('bundle');
  await expect(worker.get('/remotes/admin/remoteEntry.js')).rejects.toThrow('Failed to fetch');
});

test("'keep' saves the files a first visit loaded before the worker controlled it; API addresses are refused", async () => {
  const worker = startWorker();
  worker.network.answers.set('/index.html', () => new Response('<html>shell</html>'));
  worker.network.answers.set('/config.js', () => new Response('window.__CINE_CONFIG__ = {}'));
  worker.network.answers.set('/remotes/checkout/305.e36875f6.js', () => new Response('chunk'));
  await worker.dispatch('message', {
    type: 'keep',
    urls: [
      '/index.html',
      '/config.js',
      `${ORIGIN}/remotes/checkout/305.e36875f6.js`,
      `${ORIGIN}/api/tickets/mine`,
      'https://elsewhere.test/x.js',
    ],
  });
  expect(worker.cachedKeys('cine-files-b1').sort()).toEqual(
    [`${ORIGIN}/config.js`, `${ORIGIN}/index.html`, `${ORIGIN}/remotes/checkout/305.e36875f6.js`].sort(),
  );
  worker.network.online = false;
  expect(await (await worker.get('/mis-entradas', { mode: 'navigate' }))?.text()).toBe('<html>shell</html>');
});

test("a new build's worker deletes the previous build's files but keeps the saved tickets; signing out forgets them", async () => {
  const old = startWorker('b1');
  old.network.answers.set('/config.js', () => new Response('config'));
  old.network.answers.set('/api/tickets/mine', json([]));
  await old.get('/config.js');
  await old.get('/api/tickets/mine', { headers: { authorization: bearer('ana') } });

  const next = startWorker('b2', old.caches);
  await next.dispatch('activate');
  expect(await next.caches.keys()).toEqual(['cine-tickets-v1']);

  await next.dispatch('message', { type: 'forget-tickets' });
  expect(await next.caches.keys()).toEqual([]);
});

test('offline, the saved tickets go only to the session that saved them, not to a made-up token naming the same user', async () => {
  const worker = startWorker();
  worker.network.answers.set('/api/tickets/mine', json([{ code: 'ABCD2345', token: 'signed-qr' }]));
  await worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana', 'real-signature') } });

  worker.network.online = false;
  await expect(worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana', 'forged') } })).rejects.toThrow('Failed to fetch');
  await expect(worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana', 'later-session') } })).rejects.toThrow(
    'Failed to fetch',
  );
  expect(await (await worker.get('/api/tickets/mine', { headers: { authorization: bearer('ana', 'real-signature') } }))?.json()).toEqual([
    { code: 'ABCD2345', token: 'signed-qr' },
  ]);
});

test("the page's session keeps its own saved tickets and deletes any other's; no session deletes them all", async () => {
  const worker = startWorker();
  worker.network.answers.set('/api/tickets/mine', json([{ code: 'ABCD2345' }]));
  const ana = bearer('ana', 'ana-session');
  const bruno = bearer('bruno', 'bruno-session');
  await worker.get('/api/tickets/mine', { headers: { authorization: ana } });
  await worker.get('/api/tickets/mine', { headers: { authorization: bruno } });

  await worker.dispatch('message', { type: 'session', key: sessionKey(ana) });
  expect(worker.cachedKeys('cine-tickets-v1')).toEqual([`${ORIGIN}/api/tickets/mine?session=${sessionKey(ana)}`]);

  // The browser was closed without signing out: the next visit has no session.
  await worker.dispatch('message', { type: 'session', key: null });
  worker.network.online = false;
  await expect(worker.get('/api/tickets/mine', { headers: { authorization: ana } })).rejects.toThrow('Failed to fetch');
  expect(worker.cachedKeys('cine-tickets-v1')).toEqual([]);
});
