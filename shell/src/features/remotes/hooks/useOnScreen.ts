import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has appeared in the viewport, and from then on. Where the browser has no
 * IntersectionObserver, true at once: the content is then loaded as if it were visible.
 */
export function useOnScreen(element: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const target = element.current;
    if (seen || !target) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, seen]);

  return seen;
}
