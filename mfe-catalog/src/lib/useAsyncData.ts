import { useCallback, useEffect, useState } from 'react';

export type AsyncData<T> = { status: 'loading' } | { status: 'error'; message: string; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes; `reload` runs it again (the 'Reintentar' buttons).
 * Answers that arrive after the key changed are dropped.
 */
export function useAsyncData<T>(load: () => Promise<T>, key: string): AsyncData<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'error', error, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render; `key` says when the request really changes.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
