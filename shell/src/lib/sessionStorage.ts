// The spec's storage keys: the session token and the user id. 'Recordarme' decides where they
// live: localStorage survives closing the browser, sessionStorage ends with the browser session.
const TOKEN_KEY = 'sw-token';
const USER_ID_KEY = 'sw-user-id';

/** The store holding the session, if any: the one of this browser session first. */
function storeWithSession(): Storage | null {
  if (sessionStorage.getItem(TOKEN_KEY)) return sessionStorage;
  if (localStorage.getItem(TOKEN_KEY)) return localStorage;
  return null;
}

export function readStoredToken(): string | null {
  return storeWithSession()?.getItem(TOKEN_KEY) ?? null;
}

export function readStoredUserId(): string | null {
  return storeWithSession()?.getItem(USER_ID_KEY) ?? null;
}

/** Keeps the session: until it is closed (`remember`), or only for this browser session. */
export function storeSession(token: string, userId: string, remember: boolean): void {
  clearStoredSession();
  const store = remember ? localStorage : sessionStorage;
  store.setItem(TOKEN_KEY, token);
  store.setItem(USER_ID_KEY, userId);
}

/** This tab's session when it is a browser-session one (no 'Recordarme'): the one other tabs may be handed. */
export function readBrowserSession(): { token: string; userId: string | null } | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { token, userId: sessionStorage.getItem(USER_ID_KEY) } : null;
}

/** Keeps, for this tab, the browser-session session another tab handed it. */
export function adoptBrowserSession(token: string, userId: string | null): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  if (userId) sessionStorage.setItem(USER_ID_KEY, userId);
}

export function storeUserId(userId: string): void {
  (storeWithSession() ?? localStorage).setItem(USER_ID_KEY, userId);
}

export function clearStoredSession(): void {
  for (const store of [localStorage, sessionStorage]) {
    store.removeItem(TOKEN_KEY);
    store.removeItem(USER_ID_KEY);
  }
}
