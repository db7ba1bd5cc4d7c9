// jsdom has no TextEncoder/TextDecoder; react-router reads them when it loads.
const util = require('node:util');

Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });

// Each test starts signed out, with no alerts left over (the service worker's test runs in Node: no window).
beforeEach(() => {
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
  // jsdom does not scroll (every page change scrolls to the top: useScrollRestoration).
  window.scrollTo = jest.fn();
});
