import { createContext, useContext, type ReactNode } from 'react';
import type { LoadRemotePage } from '@cine/web-kit';

const RemoteLoaderContext = createContext<LoadRemotePage | null>(null);

export function RemoteLoaderProvider({ loadRemotePage, children }: { loadRemotePage: LoadRemotePage; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loadRemotePage}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader(): LoadRemotePage {
  const load = useContext(RemoteLoaderContext);
  if (!load) throw new Error('useRemoteLoader necesita un RemoteLoaderProvider');
  return load;
}
