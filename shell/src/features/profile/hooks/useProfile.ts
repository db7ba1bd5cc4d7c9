import { useEffect, useState } from 'react';
import type { UserView } from '@cine/contracts';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../session/hooks/useSession';
import { fetchOwnComments, fetchProfile, type OwnComment } from '../api/profileApi';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: UserView; comments: OwnComment[] };

export function useProfile(): ProfileState {
  const { status: sessionStatus, token } = useSession();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });

  useEffect(() => {
    if (sessionStatus === 'checking') return;
    if (!token) {
      setState({ status: 'anonymous' });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    (async () => {
      try {
        const user = await fetchProfile();
        const comments = await fetchOwnComments(user.id);
        if (!cancelled) setState({ status: 'ready', user, comments });
      } catch (failure) {
        if (cancelled) return;
        if (failure instanceof ApiError && (failure.status === 401 || failure.status === 404)) {
          setState({ status: 'anonymous' });
        } else {
          setState({
            status: 'error',
            message: failure instanceof ApiError ? failure.message : 'Hubo problemas. Intente nuevamente.',
          });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionStatus, token]);

  return state;
}
