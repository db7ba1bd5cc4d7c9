import { useEffect, useRef, useState } from 'react';

export const HOLD_LAPSED_TEXT = 'Tu reserva venció y las butacas volvieron a la venta. Elige tus entradas nuevamente.';

/**
 * Milliseconds left until `heldUntil` (null without a hold), ticking once a second for the
 * display; `onLapse` runs once per hold when it reaches zero. The server releases lapsed
 * holds by itself, so this only keeps the screen honest.
 */
export function useHoldCountdown(heldUntil: string | null | undefined, onLapse: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const lapsedFor = useRef<string | null>(null);
  const latestOnLapse = useRef(onLapse);
  latestOnLapse.current = onLapse;

  useEffect(() => {
    if (!heldUntil) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [heldUntil]);

  const until = heldUntil ? Date.parse(heldUntil) : Number.NaN;
  const remaining = Number.isNaN(until) ? null : Math.max(0, until - now);

  useEffect(() => {
    if (remaining === 0 && heldUntil && lapsedFor.current !== heldUntil) {
      lapsedFor.current = heldUntil;
      latestOnLapse.current();
    }
  }, [remaining, heldUntil]);

  return remaining;
}

/** '9:05' for 545 000 ms: whole seconds, rounded up so 0:00 means really lapsed. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
