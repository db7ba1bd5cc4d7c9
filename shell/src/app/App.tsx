import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { RemoteLoaderProvider } from '../features/remotes/hooks/useRemoteLoader';
import type { LoadRemotePage } from '@cine/web-kit';
import { SessionProvider } from '../session/components/SessionProvider';
import { GlobalStyle } from './GlobalStyle';
import { AppRoutes } from './routes';

interface AppProvidersProps {
  loadRemotePage: LoadRemotePage;
  children: ReactNode;
}

/** Everything but the router, so tests can wrap the app in a MemoryRouter. */
export function AppProviders({ loadRemotePage, children }: AppProvidersProps) {
  return (
    <RemoteLoaderProvider loadRemotePage={loadRemotePage}>
      <SessionProvider>
        <GlobalStyle />
        {children}
      </SessionProvider>
    </RemoteLoaderProvider>
  );
}

export function App({ loadRemotePage }: { loadRemotePage: LoadRemotePage }) {
  return (
    <BrowserRouter>
      <AppProviders loadRemotePage={loadRemotePage}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
