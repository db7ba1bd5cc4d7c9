// A session without 'Recordarme' lives in sessionStorage, which each tab has its own of. The tabs of the
// browser share it over a BroadcastChannel (same origin only): a new tab (or the receipt mail's link)
// asks the open ones for it, and a sign-out in one tab ends it in all of them. Once the last tab is
// closed nobody holds it, so it ends with the browser, as before.

const CHANNEL = 'cine-session';

/** How long a new tab waits for an open one to hand it the session. */
export const ASK_TABS_TIMEOUT_MS = 400;

export interface SharedSession {
  token: string;
  userId: string | null;
}

type Message = { type: 'ask' } | ({ type: 'session' } & SharedSession) | { type: 'signed-out' };

let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
}

/** Whether this browser lets tabs talk to each other (every current one does). */
export function canShareSession(): boolean {
  return openChannel() !== null;
}

/** The session of another open tab of this browser, or null when none answers in time. */
export function askOpenTabs(timeoutMs = ASK_TABS_TIMEOUT_MS): Promise<SharedSession | null> {
  const tabs = openChannel();
  if (!tabs) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (session: SharedSession | null) => {
      clearTimeout(timer);
      tabs.removeEventListener('message', listener);
      resolve(session);
    };
    const listener = (event: MessageEvent<Message>) => {
      if (event.data?.type === 'session' && typeof event.data.token === 'string') {
        done({ token: event.data.token, userId: event.data.userId });
      }
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    tabs.addEventListener('message', listener);
    tabs.postMessage({ type: 'ask' } satisfies Message);
  });
}

/**
 * Answers other tabs' requests with `current()` (this tab's browser-session session, if any) and calls
 * `onSignedOut` when another tab signs out. Returns the function that stops listening.
 */
export function shareSessionWithTabs(current: () => SharedSession | null, onSignedOut: () => void): () => void {
  const tabs = openChannel();
  if (!tabs) return () => undefined;
  const listener = (event: MessageEvent<Message>) => {
    if (event.data?.type === 'ask') {
      const session = current();
      if (session) tabs.postMessage({ type: 'session', ...session } satisfies Message);
    } else if (event.data?.type === 'signed-out') {
      onSignedOut();
    }
  };
  tabs.addEventListener('message', listener);
  return () => tabs.removeEventListener('message', listener);
}

/** Tells the other tabs the session ended here: they end it too. */
export function announceSignOut(): void {
  openChannel()?.postMessage({ type: 'signed-out' } satisfies Message);
}
