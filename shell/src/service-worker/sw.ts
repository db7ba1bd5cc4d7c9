/*
 * The site's service worker, served as /sw.js (scope /, revalidated on every load: the gateway sends
 * files without a content hash with Cache-Control: no-cache). It makes "Mis entradas" open without
 * signal once it has been opened with it:
 * - GET /api/tickets/mine: network first; each answer is saved for the session that fetched it (keyed by
 *   the SHA-256 of its whole token, never by anything a made-up token could name, such as the user id),
 *   and served with X-Cine-Saved-At, to that session's token only, when the network is unreachable.
 *   The page tells the worker which session the browser has ('session' message): the saved tickets of
 *   any other are deleted, so a session that ended with the browser (no "Cerrar sesión") leaves none
 *   behind; signing out deletes them all ('forget-tickets'). No other API answer is ever kept.
 * - the shell's and the remotes' files: bundles named by content hash from the cache first, the rest
 *   (remoteEntry.js, /config.js, index.html for every page route) from the network first.
 * A new build (a new __CINE_BUILD__, written by packages/webpack-config's ServiceWorkerPlugin) replaces
 * the cache of files; the saved tickets stay while their session does.
 *
 * A classic worker script: no imports or exports (not every browser runs module workers).
 */

interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(answer: Promise<Response>): void;
}

interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}

interface WorkerScope {
  location: { origin: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

const FILES_CACHE = 'cine-files-__CINE_BUILD__';
const TICKETS_CACHE = 'cine-tickets-v1';
const TICKETS_PATH = '/api/tickets/mine';
/** A saved copy's key: TICKETS_PATH?session=<sha-256 of the token, hex>. */
const SESSION_PARAM = 'session';
/** web-kit's SAVED_AT_HEADER: the page says it shows the saved copy, and since when. */
const SAVED_AT_HEADER = 'X-Cine-Saved-At';
/** Every page route answers the shell's index.html: one copy serves them all offline. */
const APP_PAGE = '/index.html';
/** As the gateway tells them: webpack names bundles `<name>.<contenthash:8>.js`, never changed under that name. */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('cine-files-') && name !== FILES_CACHE).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname === TICKETS_PATH) return event.respondWith(ticketsNetworkFirst(request));
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') return event.respondWith(networkFirst(request, APP_PAGE));
  if (CONTENT_HASHED.test(url.pathname)) return event.respondWith(cacheFirst(request));
  event.respondWith(networkFirst(request, url.pathname + url.search));
});

worker.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; urls?: unknown; key?: unknown } | null;
  // The files the page loaded before this worker controlled it (its first visit).
  if (message?.type === 'keep' && Array.isArray(message.urls)) event.waitUntil(keepFiles(message.urls.filter(isSameOriginFile)));
  // Signing out forgets the saved tickets: the next person on this device must not see them.
  if (message?.type === 'forget-tickets') event.waitUntil(caches.delete(TICKETS_CACHE));
  // The browser's current session (null: none): only its saved tickets are kept.
  if (message?.type === 'session') event.waitUntil(keepOnlySession(typeof message.key === 'string' ? message.key : null));
});

async function keepOnlySession(key: string | null): Promise<void> {
  if (!key) {
    await caches.delete(TICKETS_CACHE);
    return;
  }
  const saved = await caches.open(TICKETS_CACHE);
  const requests = await saved.keys();
  await Promise.all(
    requests.filter((request) => new URL(request.url).searchParams.get(SESSION_PARAM) !== key).map((request) => saved.delete(request)),
  );
}

async function ticketsNetworkFirst(request: Request): Promise<Response> {
  const token = bearerToken(request.headers.get('authorization'));
  if (!token) return fetch(request);
  const key = `${TICKETS_PATH}?${SESSION_PARAM}=${await sha256Hex(token)}`;
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      const headers = new Headers(answer.headers);
      headers.set(SAVED_AT_HEADER, new Date().toISOString());
      const copy = new Response(await answer.clone().arrayBuffer(), { status: answer.status, headers });
      await (await caches.open(TICKETS_CACHE)).put(key, copy);
    }
    return answer;
  } catch (unreachable) {
    const saved = await (await caches.open(TICKETS_CACHE)).match(key);
    if (saved) return saved;
    throw unreachable;
  }
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.type !== 'opaque') await (await caches.open(FILES_CACHE)).put(key, answer.clone());
    return answer;
  } catch (unreachable) {
    const saved = await (await caches.open(FILES_CACHE)).match(key);
    if (saved) return saved;
    throw unreachable;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const files = await caches.open(FILES_CACHE);
  const saved = await files.match(request.url);
  if (saved) return saved;
  const answer = await fetch(request);
  if (answer.ok) await files.put(request.url, answer.clone());
  return answer;
}

async function keepFiles(urls: string[]): Promise<void> {
  const files = await caches.open(FILES_CACHE);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, worker.location.origin);
      const key = CONTENT_HASHED.test(url.pathname) ? url.href : url.pathname + url.search;
      if (await files.match(key)) return;
      try {
        const answer = await fetch(url.href);
        if (answer.ok) await files.put(key, answer);
      } catch {
        // Offline already: what is not kept now is kept on the next visit.
      }
    }),
  );
}

function isSameOriginFile(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  try {
    const url = new URL(href, worker.location.origin);
    return url.origin === worker.location.origin && !url.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** The token of a bearer header, as sent (never decoded: only its whole text names a session). */
function bearerToken(authorization: string | null): string | null {
  return /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? null;
}

/** The SHA-256 of a text, in hex (the page's bindSavedTicketsToSession computes the same). */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
