import { createContext, useContext } from 'react';
import type { LoginResponse, Role, UserView } from '@cine/contracts';

export type SessionRole = 'guest' | Role;

export interface SessionValue {
  /** 'checking' while a stored token is being verified with the server, or the browser's other tabs are asked for theirs. */
  status: 'checking' | 'ready';
  token: string | null;
  userId: string | null;
  role: SessionRole;
  user: UserView | null;
  /** `remember` ('Recordarme'): the session survives closing the browser; otherwise it ends with the browser session. */
  signIn: (login: LoginResponse, remember: boolean) => void;
  /** Forgets the session locally; callers decide where to navigate. */
  signOut: () => void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession necesita un SessionProvider');
  return session;
}
