// The spec's local storage keys: the session token and the user id.
const TOKEN_KEY = 'sw-token';
const USER_ID_KEY = 'sw-user-id';

export function readStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readStoredUserId(): string | null {
  return localStorage.getItem(USER_ID_KEY);
}

export function storeSession(token: string, userId: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_ID_KEY, userId);
}

export function storeUserId(userId: string): void {
  localStorage.setItem(USER_ID_KEY, userId);
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
}
