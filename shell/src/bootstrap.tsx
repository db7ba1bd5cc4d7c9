import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { App } from './app/App';
import { readRemoteEntries } from './config';
import { loadFederatedPage } from './features/remotes/lib/federation';

const entries = readRemoteEntries(window.__CINE_CONFIG__);
registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App loadRemotePage={loadFederatedPage} />
    </StrictMode>,
  );
}
