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
