import { useEffect, useState } from 'react';

/** Cards per carousel view: the spec's 4 on desktop, fewer on narrower screens. */
export function cardsPerViewFor(width: number): number {
  if (width >= 1000) return 4;
  if (width >= 700) return 3;
  if (width >= 360) return 2;
  return 1;
}

export function useCardsPerView(): number {
  const [count, setCount] = useState(() => cardsPerViewFor(window.innerWidth));
  useEffect(() => {
    const update = () => setCount(cardsPerViewFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return count;
}
