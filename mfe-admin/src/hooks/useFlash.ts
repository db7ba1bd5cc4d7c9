import { useEffect, useState } from 'react';

/** The admin forms' success message: shown for 5 s (spec §9), then hidden; `null` hides it at once. */
const FLASH_MS = 5000;

export function useFlash(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
