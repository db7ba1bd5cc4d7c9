import { registerRemotes } from '@module-federation/enhanced/runtime';
import { readRemoteEntries } from './config';
import { landingPageOf } from './lib/landingPages';

const entries = readRemoteEntries(window.__CINE_CONFIG__);
registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));

/** Asks the browser for `href` now; the script tag or fetch() that wants it later gets this download. */
function preload(href: string, as: 'script' | 'fetch'): void {
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as, href });
  // A fetch() is a CORS request: its preload must be one too, or the browser downloads it twice.
  if (as === 'fetch') link.crossOrigin = 'anonymous';
  document.head.append(link);
}

// The landing page's remoteEntry.js and data download alongside React (bootstrap loads the page).
const landingPage = landingPageOf(window.location.pathname, window.location.search);
if (landingPage) {
  preload(entries[landingPage.remote], 'script');
  if (landingPage.alsoRemote) preload(entries[landingPage.alsoRemote], 'script');
  landingPage.data.forEach((href) => preload(href, 'fetch'));
}

// Async boundary: lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
