/**
 * The site's service worker (src/service-worker/sw.ts, built as /sw.js): Mis entradas and its QR codes
 * open without signal once they were opened with it. Registered for every visit once the page has
 * loaded, so it never competes with the first view.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  // process.env.NODE_ENV is the build's mode (webpack's optimization.nodeEnv): no worker for the dev server.
  if (!container || process.env.NODE_ENV !== 'production') return;
  window.addEventListener('load', () => {
    container
      .register('/sw.js', { scope: '/' })
      .then(() => container.ready)
      // This visit's files were fetched before the worker controlled the page: it keeps them now.
      .then((registration) => registration.active?.postMessage({ type: 'keep', urls: ['/index.html', '/config.js', ...loadedFiles()] }))
      .catch(() => undefined);
  });
}

/** Same-origin scripts, styles and images this page has loaded so far (API answers aside). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === window.location.origin && !url.pathname.startsWith('/api/');
    });
}

/** The key the service worker files a session's saved tickets under: the SHA-256 of its token (sw.ts computes the same). */
async function sessionKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Tells the service worker which session this browser has now (none: `null`): it keeps only that
 * session's saved tickets, so a session that ended without "Cerrar sesión" (the browser closed) leaves
 * nothing behind for the next person on this device.
 */
export function bindSavedTicketsToSession(token: string | null): void {
  const container = navigator.serviceWorker;
  if (!container || !globalThis.crypto?.subtle) return;
  void (async () => {
    const key = token ? await sessionKey(token) : null;
    const registration = await container.ready;
    registration.active?.postMessage({ type: 'session', key });
  })().catch(() => undefined);
}

/** The door's saved show lists, keys and choices (mfe-admin's /acceso): its queue of check-ins not yet uploaded stays. */
const DOOR_DATA = /^cine-door-(show-|keys$|last-show$|entrance$)/;

/**
 * The session ended (signed out, expired or revoked): the service worker forgets the tickets it saved
 * for offline use, and the door forgets the ticket lists it kept on this device.
 */
export function forgetSavedTickets(): void {
  navigator.serviceWorker?.ready
    .then((registration) => registration.active?.postMessage({ type: 'forget-tickets' }))
    .catch(() => undefined);
  for (const key of Object.keys(localStorage)) if (DOOR_DATA.test(key)) localStorage.removeItem(key);
}
