import { createApiClient } from '@cine/web-kit';
import { readStoredToken } from './sessionStorage';

/** The shell's calls carry the stored session token, unless they say `token: null` (login, register, recovery). */
export const api = createApiClient(readStoredToken);
