import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginResponse, UserView } from '@cine/contracts';
import { ApiError } from '@cine/web-kit';
import { forgetSavedTickets } from '../../lib/serviceWorker';
import { clearStoredSession, readStoredToken, readStoredUserId, storeSession, storeUserId } from '../../lib/sessionStorage';
import { fetchCurrentUser, verifyRole } from '../api/sessionApi';
import { SessionContext, type SessionRole, type SessionValue } from '../hooks/useSession';

interface SessionState {
  status: 'checking' | 'ready';
  token: string | null;
  userId: string | null;
  role: SessionRole;
  user: UserView | null;
}

const guest: SessionState = { status: 'ready', token: null, userId: null, role: 'guest', user: null };

function initialState(): SessionState {
  const token = readStoredToken();
  if (!token) return guest;
  return { status: 'checking', token, userId: readStoredUserId(), role: 'guest', user: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialState);
  // Bumped on sign-in/out so a verification that finishes late cannot overwrite a newer session.
  const generation = useRef(0);

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
    clearStoredSession();
    forgetSavedTickets();
    setState(guest);
  }, []);

  const value = useMemo<SessionValue>(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
