import { useMemo } from 'react';
import { claimedRole } from '../../../lib/tokenClaims';
import { useSession } from '../../../session/hooks/useSession';
import type { RemoteSession } from '@cine/web-kit';

/**
 * The session as remotes see it: null for a guest or while the stored token is being checked. A stored
 * session the server could not be reached to check (offline) is handed with the role its token claims:
 * pages that work offline (Mis entradas' saved copy, the door) open, and the server checks every call anyway.
 */
export function useRemoteSession(): RemoteSession {
  const { status, token, userId, role, user } = useSession();
  const unchecked = status === 'ready' && role === 'guest' && token !== null;
  const remoteRole = unchecked ? claimedRole(token) : role;
  return useMemo(
    () =>
      token && userId && remoteRole !== 'guest' && status === 'ready'
        ? { token, userId, username: user?.username ?? '', email: user?.email ?? '', role: remoteRole }
        : null,
    [status, token, userId, remoteRole, user],
  );
}
