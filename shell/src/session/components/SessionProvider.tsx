import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginResponse, UserView } from '@cine/contracts';
import { ApiError } from '@cine/web-kit';
import { bindSavedTicketsToSession, forgetSavedTickets } from '../../lib/serviceWorker';
import { askOpenTabs, announceSignOut, canShareSession, shareSessionWithTabs } from '../../lib/sessionShare';
import {
  adoptBrowserSession,
  clearStoredSession,
  readBrowserSession,
  readStoredToken,
  readStoredUserId,
  storeSession,
  storeUserId,
} from '../../lib/sessionStorage';
import { endSession, fetchCurrentUser, verifyRole } from '../api/sessionApi';
import { SessionContext, type SessionRole, type SessionValue } from '../hooks/useSession';

interface SessionState {
  /** 'asking-tabs': no session stored in this tab yet; the browser's other tabs are asked for theirs. */
  status: 'asking-tabs' | 'checking' | 'ready';
  token: string | null;
  userId: string | null;
  role: SessionRole;
  user: UserView | null;
}

const guest: SessionState = { status: 'ready', token: null, userId: null, role: 'guest', user: null };

function initialState(): SessionState {
  const token = readStoredToken();
  if (!token) return canShareSession() ? { ...guest, status: 'asking-tabs' } : guest;
  return { status: 'checking', token, userId: readStoredUserId(), role: 'guest', user: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialState);
  // Bumped on sign-in/out so a verification that finishes late cannot overwrite a newer session.
  const generation = useRef(0);

  // A new tab (or a link opened from a mail) takes the session of the browser's open tabs, if any.
  useEffect(() => {
    if (state.status !== 'asking-tabs') return;
    const current = generation.current;
    let cancelled = false;
    void askOpenTabs().then((shared) => {
      if (cancelled || generation.current !== current) return;
      if (!shared) return setState(guest);
      adoptBrowserSession(shared.token, shared.userId);
      setState({ status: 'checking', token: shared.token, userId: shared.userId, role: 'guest', user: null });
    });
    return () => {
      cancelled = true;
    };
  }, [state.status]);

  // Hands this tab's session to new tabs; a sign-out in another tab ends it here too.
  useEffect(
    () =>
      shareSessionWithTabs(readBrowserSession, () => {
        generation.current += 1;
        clearStoredSession();
        setState(guest);
      }),
    [],
  );

  // The tickets saved for offline use belong to this session alone: the service worker drops any other's
  // (a session that ended with the browser, without signing out, included).
  useEffect(() => {
    if (state.status !== 'asking-tabs') bindSavedTicketsToSession(state.token);
  }, [state.status, state.token]);

  useEffect(() => {
    if (state.status !== 'checking' || !state.token) return;
    const current = generation.current;
    const token = state.token;
    let cancelled = false;
    const stillCurrent = () => !cancelled && generation.current === current;

    (async () => {
      try {
        const { role, id } = await verifyRole();
        storeUserId(id);
        const user = await fetchCurrentUser().catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw error;
          return null;
        });
        if (stillCurrent()) setState({ status: 'ready', token, userId: id, role, user });
      } catch (error) {
        if (!stillCurrent()) return;
        if (error instanceof ApiError && error.status === 401) {
          clearStoredSession();
          forgetSavedTickets();
          setState(guest);
        } else {
          // Server unreachable: keep the token for the next visit, but grant no role today.
          setState((previous) => ({ ...previous, status: 'ready' }));
        }
      }
    })();

    return () => {
      cancelled = true;
    };
  }, [state.status, state.token]);

  const signIn = useCallback((login: LoginResponse, remember: boolean) => {
    generation.current += 1;
    storeSession(login.token, login.user.id, remember);
    setState({ status: 'ready', token: login.token, userId: login.user.id, role: login.user.role, user: login.user });
  }, []);

  const signOut = useCallback(() => {
    generation.current += 1;
    // Ends the session on the server too (its token is refused from now on), without holding the page.
    const token = readStoredToken();
    if (token) endSession(token).catch(() => undefined);
    clearStoredSession();
    forgetSavedTickets();
    announceSignOut();
    setState(guest);
  }, []);

  // Asking the other tabs is, for the pages, still checking the session: none sends the visitor to log in meanwhile.
  const value = useMemo<SessionValue>(
    () => ({ ...state, status: state.status === 'asking-tabs' ? 'checking' : state.status, signIn, signOut }),
    [state, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
