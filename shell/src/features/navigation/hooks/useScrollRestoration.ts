import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long back/forward keeps trying to reach the saved position while the page's remote content arrives. */
const RESTORE_FOR_MS = 3_000;

/**
 * Every navigation to another page starts at its top; back and forward return to where that entry
 * was left. What the router's own ScrollRestoration does for data routers, for our BrowserRouter:
 * positions are kept per history entry (`location.key`), the browser's own restoration is off (it
 * restores before a remote page has its height), and a change of the query alone (a list's filters)
 * or a `#fragment` keeps the position.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (navigationType === 'POP') {
      const saved = positions.current.get(location.key);
      if (saved === undefined) return;
      return restore(saved);
    }
    if (samePage || location.hash) return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);
}

/** Scrolls to `top` once the page is tall enough (or gives up after RESTORE_FOR_MS); answers the cancellation. */
function restore(top: number): () => void {
  const until = Date.now() + RESTORE_FOR_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && Date.now() < until) frame = window.requestAnimationFrame(attempt);
  };
  attempt();
  return () => window.cancelAnimationFrame(frame);
}
