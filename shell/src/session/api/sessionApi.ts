import type { UserView, VerifyRoleResponse } from '@cine/contracts';
import { api } from '../../lib/api';

export const verifyRole = () => api.get<VerifyRoleResponse>('/auth/verifyrole');

export const fetchCurrentUser = () => api.get<UserView>('/auth/me');

/** "Cerrar sesión": the server refuses this token from now on. */
export const endSession = (token: string) => api.post<{ message: string }>('/auth/logout', {}, { token });
