import { useMemo } from 'react';
import { useSession } from '../../../session/hooks/useSession';
import type { RemoteSession } from '@cine/web-kit';

/** The session as remotes see it: null for a guest or while the stored token is being checked. */
export function useRemoteSession(): RemoteSession {
  const { token, userId, role, user } = useSession();
  return useMemo(
    () => (token && userId && role !== 'guest' ? { token, userId, username: user?.username ?? '', email: user?.email ?? '', role } : null),
    [token, userId, role, user],
  );
}
