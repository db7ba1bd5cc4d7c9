import { startTransition, useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';

export type AsyncData<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes (nothing while `key` is null); `reload` runs it
 * again (the 'Reintentar' buttons). Answers that arrive after the key changed are dropped. A
 * failure's `message` is the text to show (the server's Spanish `error`), `error` what was thrown.
 * `transition`: the answer renders as a transition, in slices that yield to the browser between them
 * (a landing page's many cards are no long task on a phone; a tap meanwhile is handled first).
 */
export function useAsyncData<T>(
  load: () => Promise<T>,
  key: string | null,
  { transition = false }: { transition?: boolean } = {},
): AsyncData<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncData<T>>({ status: key === null ? 'idle' : 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    const settle = (next: AsyncData<T>) => {
      if (!current) return;
      if (transition) startTransition(() => setState(next));
      else setState(next);
    };
    load().then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => settle({ status: 'error', message: errorMessage(error), error }),
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render; `key` says when the request really changes.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
