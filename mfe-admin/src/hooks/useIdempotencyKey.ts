import { newIdempotencyKey } from '@cine/web-kit';
import { useRef } from 'react';

/**
 * The idempotency key of a form's write (WriteOptions.idempotencyKey): `keyFor(write)` answers the same key while
 * the write sent is the same (a double click, a retry after a lost answer), so the server writes it once, and a
 * new key once the write changes. A form opened again (a new mount) starts with a new key.
 */
export function useIdempotencyKey(): (write: unknown) => string {
  const last = useRef<{ write: string; key: string } | null>(null);
  return (write) => {
    const text = JSON.stringify(write);
    if (last.current?.write !== text) last.current = { write: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}
