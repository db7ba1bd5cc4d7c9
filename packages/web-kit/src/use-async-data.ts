import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';

export type AsyncData<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes (nothing while `key` is null); `reload` runs it
 * again (the 'Reintentar' buttons). Answers that arrive after the key changed are dropped. A
 * failure's `message` is the text to show (the server's Spanish `error`), `error` what was thrown.
 */
export function useAsyncData<T>(load: () => Promise<T>, key: string | null): AsyncData<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncData<T>>({ status: key === null ? 'idle' : 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'error', message: errorMessage(error), error }),
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render; `key` says when the request really changes.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
