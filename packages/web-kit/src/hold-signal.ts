import { useEffect, useState } from 'react';

/** Where this browser remembers until when it holds seats (every tab reads it). */
const HELD_UNTIL_KEY = 'cine:held-until';
const HOLD_ANNOUNCED = 'cine:hold-announced';

function heldUntil(): number | null {
  try {
    const stored = window.localStorage.getItem(HELD_UNTIL_KEY);
    const until = stored ? Date.parse(stored) : Number.NaN;
    return Number.isNaN(until) ? null : until;
  } catch {
    return null;
  }
}

/**
 * The checkout tells the shell that this browser holds seats until `until` (null: none now), so the
 * header loads the checkout's cart only while there may be one: a signed-in page view without seats
 * held downloads nothing of the checkout for it. The cart itself always comes from the server.
 */
export function announceHold(until: string | null): void {
  try {
    if (until) window.localStorage.setItem(HELD_UNTIL_KEY, until);
    else window.localStorage.removeItem(HELD_UNTIL_KEY);
  } catch {
    // Storage refused (private mode): the header learns of the hold from the event alone.
  }
  window.dispatchEvent(new CustomEvent<string | null>(HOLD_ANNOUNCED, { detail: until }));
}

/** Whether seats announced as held in this browser (here or in another tab) may still be held. */
export function useHoldAnnounced(): boolean {
  const [until, setUntil] = useState(heldUntil);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const fromEvent = (event: Event) => setUntil(Date.parse((event as CustomEvent<string | null>).detail ?? '') || null);
    const fromOtherTab = (event: StorageEvent) => event.key === HELD_UNTIL_KEY && setUntil(heldUntil());
    window.addEventListener(HOLD_ANNOUNCED, fromEvent);
    window.addEventListener('storage', fromOtherTab);
    return () => {
      window.removeEventListener(HOLD_ANNOUNCED, fromEvent);
      window.removeEventListener('storage', fromOtherTab);
    };
  }, []);

  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    // Past the hold's end the header lets the cart go.
    const lapse = setTimeout(() => setNow(Date.now()), until - Date.now() + 1_000);
    return () => clearTimeout(lapse);
  }, [until]);

  return until !== null && until + 1_000 > now;
}
