import { lazy, Suspense, useMemo, useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/hooks/useSession';
import { useRemoteLoader } from '../hooks/useRemoteLoader';
import { useRemoteSession } from '../hooks/useRemoteSession';
import type { RemoteName } from '@cine/web-kit';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { remoteWidgets } from './remoteWidgets';

interface RemoteAreaProps {
  remote: RemoteName;
  exposedModule: string;
}

export function RemoteArea({ remote, exposedModule }: RemoteAreaProps) {
  // A fresh boundary per page, so an error on one page does not stick to the next.
  return <RemotePage key={`${remote}/${exposedModule}`} remote={remote} exposedModule={exposedModule} />;
}

function RemotePage({ remote, exposedModule }: RemoteAreaProps) {
  const loadRemotePage = useRemoteLoader();
  const session = useRemoteSession();
  const { signOut } = useSession();
  const [attempt, setAttempt] = useState(0);
  // Each attempt gets its own lazy component: React caches a rejected lazy() forever.
  const Page = useMemo(() => lazy(() => loadRemotePage(remote, exposedModule)), [loadRemotePage, remote, exposedModule, attempt]);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Cargando sección..." />}>
        <Page session={session} widgets={remoteWidgets} signOut={signOut} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
