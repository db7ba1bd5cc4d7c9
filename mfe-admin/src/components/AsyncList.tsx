import type { ReactNode } from 'react';
import type { AsyncData } from '@cine/web-kit';
import { EmptyState, LoadError } from '@cine/web-kit/ui';

interface AsyncListProps<List extends readonly unknown[]> {
  state: AsyncData<List> & { reload: () => void };
  /** Shown while the list loads, e.g. 'Cargando usuarios…'. */
  loading: string;
  /** What failed, e.g. 'No se pudieron cargar los usuarios.'; the server's message follows, with 'Reintentar'. */
  failed: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** The list, once it has items. */
  children: (items: List) => ReactNode;
}

/** A section's list in its four states: loading, failed (with 'Reintentar'), empty, or its items. */
export function AsyncList<List extends readonly unknown[]>({ state, loading, failed, empty, children }: AsyncListProps<List>) {
  switch (state.status) {
    case 'idle':
    case 'loading':
      return <EmptyState role="status">{loading}</EmptyState>;
    case 'error':
      return <LoadError message={`${failed} ${state.message}`} onRetry={state.reload} />;
    case 'ready':
      return state.data.length === 0 ? <EmptyState>{empty}</EmptyState> : children(state.data);
  }
}
