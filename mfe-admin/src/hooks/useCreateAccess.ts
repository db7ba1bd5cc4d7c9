import { useAsyncData } from '@cine/web-kit';
import { fetchCreateAccess } from '../api/admin-movies';

export type CreateAccess = 'checking' | 'allowed' | 'denied';

/** Movie and show creation (spec §6): loads the authorization flag once when the screen opens; anything but `permitir: true` denies. */
export function useCreateAccess(token: string): CreateAccess {
  const access = useAsyncData(() => fetchCreateAccess(token), token);
  if (access.status === 'ready') return access.data ? 'allowed' : 'denied';
  return access.status === 'error' ? 'denied' : 'checking';
}
