import type { UserView } from '@cine/contracts';
import { ApiError, useAsyncData } from '@cine/web-kit';
import { useSession } from '../../../session/hooks/useSession';
import { fetchOwnComments, fetchProfile, type OwnComment } from '../api/profileApi';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: UserView; comments: OwnComment[] };

async function loadProfile(): Promise<{ user: UserView; comments: OwnComment[] }> {
  const user = await fetchProfile();
  return { user, comments: await fetchOwnComments(user.id) };
}

export function useProfile(): ProfileState {
  const { status: sessionStatus, token } = useSession();
  const signedIn = sessionStatus !== 'checking' && Boolean(token);
  const profile = useAsyncData(loadProfile, signedIn ? token : null);

  if (sessionStatus !== 'checking' && !token) return { status: 'anonymous' };
  switch (profile.status) {
    case 'ready':
      return { status: 'ready', ...profile.data };
    case 'error':
      // A token the server no longer accepts, or an account deleted meanwhile: signed out.
      if (profile.error instanceof ApiError && (profile.error.status === 401 || profile.error.status === 404))
        return { status: 'anonymous' };
      return { status: 'error', message: profile.message };
    default:
      return { status: 'loading' };
  }
}
