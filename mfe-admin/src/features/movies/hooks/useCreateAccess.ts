import { useEffect, useState } from 'react';
import { fetchCreateAccess } from '../api/movies';

export type CreateAccess = 'checking' | 'allowed' | 'denied';

/** Loads the authorization flag once when the screen opens; anything but `permitir: true` denies. */
export function useCreateAccess(token: string): CreateAccess {
  const [access, setAccess] = useState<CreateAccess>('checking');
  useEffect(() => {
    let active = true;
    setAccess('checking');
    fetchCreateAccess(token)
      .then((permitted) => active && setAccess(permitted ? 'allowed' : 'denied'))
      .catch(() => active && setAccess('denied'));
    return () => {
      active = false;
    };
  }, [token]);
  return access;
}
