import { StrictMode, startTransition } from 'react';
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
  const root = createRoot(container);
  // A transition: React renders the first view in slices of a few milliseconds, yielding to the browser between
  // them, instead of in one long task that blocks a phone's main thread (Lighthouse's TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App loadRemotePage={loadFederatedPage} />
      </StrictMode>,
    );
  });
}

registerServiceWorker();
