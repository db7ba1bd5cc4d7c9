import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a toast closes by itself after this long. */
const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** Toasts that close on their own after TOAST_DURATION_MS, or earlier with their close button. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: Toast['kind'], text: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { toasts, show, dismiss };
}
