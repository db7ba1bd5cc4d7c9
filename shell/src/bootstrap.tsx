import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { landingPageOf } from './lib/landingPages';
import { loadFederatedPage } from './features/remotes/lib/federation';
import { registerServiceWorker } from './lib/serviceWorker';

// The shared singletons are settled here: the landing page's remote starts loading before React
// renders the route that shows it (the route's load then finds it on its way).
const landingPage = landingPageOf(window.location.pathname, window.location.search);
if (landingPage) loadFederatedPage(landingPage.remote, landingPage.exposedModule).catch(() => undefined);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App loadRemotePage={loadFederatedPage} />
    </StrictMode>,
  );
}

registerServiceWorker();
