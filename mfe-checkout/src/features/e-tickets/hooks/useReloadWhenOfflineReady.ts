import { useEffect } from 'react';

/**
 * The first visit of a page is not yet under the site's service worker (the shell registers it), so its
 * answer was not saved for offline use: once the worker takes the page over, load it again through it.
 */
export function useReloadWhenOfflineReady(reload: () => void): void {
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container || container.controller) return;
    container.addEventListener('controllerchange', reload, { once: true });
    return () => container.removeEventListener('controllerchange', reload);
  }, [reload]);
}
